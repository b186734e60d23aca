import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { spokenMeeting } from "../../test-support/spoken-meeting";
import { fixtureInput, SUMMARY_FIXTURES } from "../../test-support/summary-fixtures";
import { resolveDatePhrase } from "../dates/resolve-date";
import { readTranscriptFile } from "../transcript/parse-transcript";
import type { MeetingSummary, SummariseInput } from "../types";
import { SENTENCE_ENCODER_MODEL } from "./local-embedder";
import { createLocalEngine } from "./local-engine";
import { MAX_KEY_POINTS } from "./record/write-notes";
import { summariseExtractive } from "./summarise-extractive";

const samples = join(import.meta.dir, "../../test-support/transcripts");

function summariseSample(name: string, meetingDate: Date): Promise<MeetingSummary> {
  const { transcript } = readTranscriptFile(new Uint8Array(readFileSync(join(samples, name))));
  return summariseExtractive({ transcript, title: "Review", clientName: "Client", meetingDate });
}

/** A task found, sure or possible: who it is assigned to is the reader's; which list it lands in, the fitted confidence's. */
function findItem(summary: MeetingSummary, pattern: RegExp) {
  return [...summary.actionItems, ...(summary.possibleActionItems ?? [])].find((item) => pattern.test(item.task));
}

describe("summariseExtractive on the portfolio review", async () => {
  const summary = await summariseSample("portfolio-review.vtt", new Date(2025, 1, 20, 10));

  test("finds the commitments with the right assignees", () => {
    expect(findItem(summary, /trade list/i)).toEqual({
      task: "Prepare the trade list and send it to Marcus for approval by Friday",
      assignee: "Dana Whitfield",
      dueDate: "2025-02-21",
    });
    expect(findItem(summary, /monthly contribution/i)?.assignee).toBe("Marcus Okafor");
    expect(findItem(summary, /^Email Priya/)?.assignee).toBe("Dana Whitfield");
    expect(findItem(summary, /Ask Priya/)?.assignee).toBe("Dana Whitfield");
    expect(summary.actionItems.length).toBeGreaterThanOrEqual(5);
    expect(summary.actionItems.length).toBeLessThanOrEqual(8);
    for (const item of summary.actionItems) expect(item.task).not.toMatch(/^(I'll|I will)\b|[.,]$/);
  });

  test("resolves the next meeting and its topics", () => {
    expect(summary.nextMeeting).toEqual({
      date: "2025-03-12",
      topics: ["Second rebalancing step", "Amendment draft"],
    });
  });

  test("writes the notes from the record: what happens next first, then figures, no spoken sentence", () => {
    const sentences = summary.executiveSummary.match(/[.!?](\s|$)/g) ?? [];
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    expect(summary.executiveSummary).not.toMatch(/Purpose:|Good morning|Thanks, Dana|Dana Whitfield:|Marcus Okafor:/);
    // What happens next opens it (no decision was made), in a sentence form: "{Who} will {task}".
    expect(summary.executiveSummary).toMatch(/^Next: Dana Whitfield will prepare the trade list/);
    expect(summary.executiveSummary).toContain("Next meeting: Wednesday, March 12");
    expect(summary.keyPoints.length).toBeLessThanOrEqual(MAX_KEY_POINTS);
    expect(new Set(summary.keyPoints).size).toBe(summary.keyPoints.length);
    const notes = [summary.executiveSummary, ...summary.keyPoints.map((p) => (typeof p === "string" ? p : p.text))];
    expect(notes.some((text) => text.includes("7.4%"))).toBe(true);
    for (const note of notes) expect(note).not.toMatch(/\?|\b(?:I|you|um|uh)\b/);
  });
});

describe("summariseExtractive on the tax planning call", async () => {
  const summary = await summariseSample("tax-planning.srt", new Date(2025, 0, 10, 9));

  test("assigns first-person tasks to the speaker and 'you' tasks to the other person", () => {
    expect(findItem(summary, /Form 2553/)).toEqual({ task: "File Form 2553 for Sofia", assignee: "Leo Brandt" });
    expect(findItem(summary, /^Set up payroll/)?.assignee).toBe("Sofia Marin");
    expect(findItem(summary, /invoices tomorrow/)?.assignee).toBe("Sofia Marin");
    expect(findItem(summary, /voucher/)?.assignee).toBe("Leo Brandt");
    expect(findItem(summary, /end of the month/)?.assignee).toBe("Sofia Marin");
    // "whether we should elect S corporation status" is an open question: no action item (its confidence is low).
    expect(summary.actionItems.some((item) => /S corporation/.test(item.task))).toBe(false);
  });

  test("finds the follow-up on February 3rd", () => {
    expect(summary.nextMeeting).toEqual({ date: "2025-02-03", topics: ["Payroll setup", "Draft return"] });
  });
});

describe("summariseExtractive edge cases", () => {
  const input = (lines: [string, string][]): SummariseInput => {
    const segments = lines.map(([speaker, text], i) => ({ start: i * 10, end: i * 10 + 9, speaker, text }));
    const fullText = segments.map((s) => `${s.speaker}: ${s.text}`).join("\n");
    return {
      transcript: { segments, fullText, durationSeconds: lines.length * 10 },
      title: "Check-in",
      clientName: "Ann",
      meetingDate: new Date(2025, 2, 3),
    };
  };

  test("returns no next meeting when none is planned, and names addressed people in larger meetings", async () => {
    const summary = await summariseExtractive(
      input([
        ["Ann", "Our pension contributions rose again this quarter across the board."],
        ["Bob", "Carla, can you send the updated pension statement to the auditors?"],
        ["Carla", "Yes. We need to file the annual return before April."],
        ["Bob", "Action item: Dave will check the insurance renewal quotes."],
      ]),
    );
    expect(summary.nextMeeting).toBeNull();
    expect(findItem(summary, /pension statement/)?.assignee).toBe("Carla");
    // "We need to… before April": the speaker committed for the group; "Team" only when nobody can be named.
    expect(findItem(summary, /annual return/)?.assignee).toBe("Carla");
    expect(findItem(summary, /insurance renewal/)).toBeDefined();
  });

  test("copes with an empty transcript", async () => {
    const summary = await summariseExtractive(input([]));
    expect(summary.actionItems).toEqual([]);
    expect(summary.keyPoints).toEqual([]);
    expect(summary.executiveSummary).toContain("Check-in");
  });
});

describe("resolveDatePhrase", () => {
  const monday = new Date(2025, 2, 3, 15, 30); // Monday 3 March 2025
  test.each([
    ["Let's meet on Tuesday", "2025-03-04"],
    ["see you on Friday", "2025-03-07"],
    ["on March 14th", "2025-03-14"],
    ["on the 14th of April", "2025-04-14"],
    ["in two weeks", "2025-03-17"],
    ["in 3 days", "2025-03-06"],
    ["by the end of the month", "2025-03-31"],
    ["on the 20th", "2025-03-20"],
    ["on the 1st", "2025-04-01"],
    ["February 3rd", "2026-02-03"],
    ["tomorrow morning", "2025-03-04"],
    ["on 2025-06-30", "2025-06-30"],
  ])("%s", (phrase, expected) => {
    expect(resolveDatePhrase(phrase, monday)).toBe(expected);
  });

  test("returns null without a date", () => {
    expect(resolveDatePhrase("let's talk again soon", monday)).toBeNull();
  });
});

describe("createLocalEngine", () => {
  test("retrieves with the sentence encoder by default and refuses audio with the API key message", async () => {
    const engine = createLocalEngine();
    expect(engine.name).toBe("local");
    expect(engine.canTranscribe).toBe(false);
    expect(engine.embedder.model).toBe(SENTENCE_ENCODER_MODEL);
    await expect(engine.transcribeAudio({ path: "/tmp/x.mp3" })).rejects.toThrow("API key");
    const { transcript } = readTranscriptFile(new Uint8Array(readFileSync(join(samples, "tax-planning.srt"))));
    const summary = await engine.summarise({ transcript, title: "Tax", clientName: "Sofia", meetingDate: new Date() });
    expect(summary.actionItems.length).toBeGreaterThan(0);
  });

  test("the summary picks its sentences by their words, whichever embedder retrieves", async () => {
    // The sentence encoder was slower by about 60 times a meeting and chose fewer of the figures an advisor expects.
    let encoderCalls = 0;
    const engine = createLocalEngine({ onEmbedderFallback: () => {} });
    const embed = engine.embedder.embed.bind(engine.embedder);
    engine.embedder.embed = (texts, signal) => {
      encoderCalls++;
      return embed(texts, signal);
    };
    const input = fixtureInput(SUMMARY_FIXTURES[0]!);
    const byDefault = await engine.summarise(input);
    const byHashing = await createLocalEngine({ embedder: "hashing" }).summarise(input);
    expect(encoderCalls).toBe(0);
    expect(byDefault).toEqual(byHashing);
  });
});

test("tasks are written as notes are: spoken amounts as figures, small counts as words", async () => {
  const summary = await summariseExtractive(
    spokenMeeting(
      [
        ["Ines Vela", "Let's look at the college fund and the term cover."],
        ["Omar Tran", "I'll raise the monthly contribution to eight hundred starting in March."],
        ["Ines Vela", "And I'll get quotes for a million and a half of term from two carriers by Friday."],
        ["Omar Tran", "Sounds good."],
      ],
      { title: "Family review", clientName: "Omar Tran", held: "2026-03-02T15:00:00Z" },
    ),
  );
  const tasks = summary.actionItems.map((item) => item.task);
  expect(tasks).toContain("Raise the monthly contribution to 800 starting in March");
  expect(tasks.some((task) => task.includes("1.5 million of term from two carriers"))).toBe(true);
});

test("a meeting tool's tag after a speaker's name is no part of the name the notes give", async () => {
  const summary = await summariseExtractive(
    spokenMeeting(
      [
        ["Ines Vela", "Let's look at the college fund."],
        ["Omar Tran (Guest)", "I'll send you the 529 statement by Friday."],
        ["Ines Vela", "Thank you."],
      ],
      { title: "Family review", clientName: "Omar Tran", held: "2026-03-02T15:00:00Z" },
    ),
  );
  expect(summary.actionItems.map((item) => item.assignee)).toEqual(["Omar Tran"]);
  expect(summary.executiveSummary).not.toContain("(Guest)");
});

test("asking someone the meeting named for a role, with nothing else asked, asks them to take it", async () => {
  const summary = await summariseExtractive(
    spokenMeeting(
      [
        ["Ines Vela", "Who would you want as the successor trustee?"],
        ["Omar Tran", "My sister, Delphine."],
        ["Ines Vela", "Good. So Delphine as the successor trustee. Have you asked her?"],
        ["Omar Tran", "Not yet. We will ask her this weekend."],
      ],
      { title: "Trust review", clientName: "Omar Tran", held: "2026-03-02T15:00:00Z" },
    ),
  );
  expect(summary.actionItems.map((item) => item.task)).toContain(
    "Ask Delphine to be the successor trustee this weekend",
  );
});
