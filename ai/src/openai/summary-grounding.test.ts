// The openai engine names its evidence segments; the grounding step keeps an item only where its segment exists and
// says the item's words. The model's answers come from the OpenAI double.
import { afterAll, expect, test } from "bun:test";
import { startOpenAiDouble } from "../../test-support/openai-double";
import { groundSummary } from "../grounding/ground-summary";
import type { SummariseInput, TranscriptSegment } from "../types";
import { createOpenAiEngine } from "./create-openai-engine";

const double = startOpenAiDouble();
afterAll(() => double.stop());
const engine = createOpenAiEngine({ apiKey: "sk-test", baseURL: double.baseURL, retry: { baseDelayMs: 5 } });

const segments: TranscriptSegment[] = [
  { start: 0, end: 8, speaker: "Robin", text: "Thanks for making time today." },
  { start: 8, end: 20, speaker: "Sasha", text: "The roof repair will cost about nine thousand dollars." },
  {
    start: 20,
    end: 33,
    speaker: "Robin",
    text: "Then we keep the emergency fund at six months and pause the extra mortgage payments.",
  },
  { start: 33, end: 41, speaker: "Robin", text: "I'll send you the revised cash-flow sheet tomorrow." },
  { start: 41, end: 50, speaker: "Sasha", text: "Can we talk again on the 14th of June at 9:30?" },
];
const input: SummariseInput = {
  transcript: { segments, fullText: segments.map((s) => `${s.speaker}: ${s.text}`).join("\n"), durationSeconds: 50 },
  title: "Budget check-in",
  clientName: "Sasha Lind",
  meetingDate: new Date("2027-05-31T09:00:00Z"),
};

test("evidence in the transcript becomes the item's moment; invented or misplaced evidence drops the item", async () => {
  double.failNext({
    output: {
      executiveSummary: "Robin and Sasha reviewed the budget after the roof repair.",
      keyPoints: [
        { text: "Roof repair costs about $9,000", evidence: [1] },
        { text: "Sasha inherited a vineyard", evidence: [2] },
        { text: "Roof repair quoted twice", evidence: [12] },
      ],
      decisions: [{ text: "Pause the extra mortgage payments", evidence: [2] }],
      actionItems: [
        { task: "Send the revised cash-flow sheet", assignee: "Robin", dueDate: "2027-06-01", evidence: [3] },
        { task: "Book a flight to Lisbon", assignee: "Sasha", dueDate: null, evidence: [4] },
      ],
      nextMeeting: { date: "2027-06-14", time: "09:30", topics: ["Cash flow"], evidence: [4] },
    },
  });
  const grounded = groundSummary(await engine.summarise(input), segments);
  expect(grounded.keyPoints).toEqual([{ text: "Roof repair costs about $9,000", source: { segment: 1, start: 8 } }]);
  expect(grounded.decisions).toEqual([
    { text: "Pause the extra mortgage payments", source: { segment: 2, start: 20 } },
  ]);
  expect(grounded.actionItems).toEqual([
    {
      task: "Send the revised cash-flow sheet",
      assignee: "Robin",
      dueDate: "2027-06-01",
      source: { segment: 3, start: 33 },
    },
  ]);
  expect(grounded.nextMeeting).toEqual({
    date: "2027-06-14",
    time: "09:30",
    topics: ["Cash flow"],
    source: { segment: 4, start: 41 },
  });
});
