// What changed between a client's meetings: the newer meetings' figures, decisions and statuses lead, and the first
// meeting's figure for the same thing is set beside them.
import { describe, expect, test } from "bun:test";
import type { MeetingFact } from "@cm/db/queries/intelligence";
import type { Evidence } from "./answer-types";
import { recordedPassages } from "./kinds/gather-changes";
import { type MeetingSentences, pickChanges, sharedTopicShare, statesChange } from "./rank/pick-changes";
import type { ScoredSentence } from "./rank/score-sentences";
import { changesAnswer } from "./write/compose-local-answer";

const sentence = (text: string, score: number, passage = 0, over: Partial<ScoredSentence> = {}): ScoredSentence => ({
  passage,
  speaker: null,
  text,
  next: null,
  similarity: score,
  coverage: score,
  known: 1,
  kind: 0,
  score,
  ...over,
});

const meeting = (scored: ScoredSentence[], extra: Partial<MeetingSentences> = {}): MeetingSentences => ({
  scored,
  text: scored.map((s) => s.text).join(" "),
  ...extra,
});

describe("what states a change", () => {
  test("a figure, a decision or a status reached does; talk around it does not", () => {
    expect(statesChange("The escrow closed at 212,000.")).toBe(true);
    expect(statesChange("The lender approved the refinance.")).toBe(true);
    expect(statesChange("We went with the smaller boat.")).toBe(true);
    expect(statesChange("Let's talk about the boat next.")).toBe(false);
  });

  test("a sentence on a topic an earlier meeting had shares its words", () => {
    const earlier = new Set(["roof", "repair", "contractor"]);
    expect(sharedTopicShare("The roof repair is finished.", earlier)).toBeGreaterThan(
      sharedTopicShare("The grandchildren visited.", earlier),
    );
  });
});

describe("picking the change sentences", () => {
  test("the newer meeting's decision leads over a better-scored sentence that states none", () => {
    const newer = meeting([
      sentence("We spent most of the hour on the cabin.", 0.5),
      sentence("The cabin sale closed in March.", 0.3),
    ]);
    const first = meeting([sentence("They were thinking about selling the cabin.", 0.4, 2)]);
    const chosen = pickChanges([newer], first).map((c) => c.sentence.text);
    expect(chosen[0]).toBe("The cabin sale closed in March.");
    expect(chosen.at(-1)).toBe("They were thinking about selling the cabin.");
  });

  test("a decision the summary recorded is weighed even when the question's words miss it", () => {
    const newer = meeting(
      [
        sentence("Next, the annuity quotes, which also came in.", 0.6, 0),
        sentence("They settled on the fixed annuity at 5.1 percent.", 0.05, 1),
      ],
      { decided: new Set([1]) },
    );
    const first = meeting([sentence("An annuity could fit here.", 0.3, 2)]);
    const chosen = pickChanges([newer], first).map((c) => c.sentence.text);
    expect(chosen).toContain("They settled on the fixed annuity at 5.1 percent.");
  });

  test("the first meeting's side is its figure for the same thing the newer figure names", () => {
    const newer = meeting([sentence("The mortgage rate is locked at 6.2 percent now.", 0.5)]);
    const first = meeting([
      sentence("We talked about the mortgage for a while.", 0.5, 1),
      sentence("The mortgage quote was 6.9 percent.", 0.1, 2),
      sentence("Groceries are about 900 a month.", 0.1, 3),
    ]);
    const chosen = pickChanges([newer], first).map((c) => c.sentence.text);
    expect(chosen.at(-1)).toBe("The mortgage quote was 6.9 percent.");
  });

  test("the newest meeting gives at most two sentences, another newer meeting one, newest first", () => {
    const newest = meeting([
      sentence("The deed was recorded.", 0.5, 0),
      sentence("The account was retitled.", 0.5, 1),
      sentence("The policy was issued.", 0.5, 2),
    ]);
    const middle = meeting([sentence("They agreed on the trust.", 0.4, 3), sentence("They signed the forms.", 0.4, 4)]);
    const first = meeting([sentence("A trust could help.", 0.3, 5)]);
    const chosen = pickChanges([newest, middle], first);
    expect(chosen.map((c) => c.meeting)).toEqual([0, 0, 1, 2]);
  });
});

describe("the change answer", () => {
  const said = (meetingId: number, day: number, text: string): Evidence => ({
    meetingId,
    title: `Review ${meetingId}`,
    date: new Date(2026, 4, day),
    clientName: "Ostrander family",
    source: "transcript",
    speaker: "Lena Ostrander",
    text,
    seconds: 60,
    score: 1,
    similarity: 0.5,
    coverage: 0.5,
  });

  test("the first line gives the latest first and the first meeting last, each meeting cited", () => {
    const answer = changesAnswer([
      said(9, 20, "The rate is locked at 6.2 percent."),
      said(9, 20, "The appraisal came in at 540,000."),
      said(3, 2, "The quote was 6.9 percent."),
    ]);
    const lead = answer.split("\n")[0]!;
    expect(lead.indexOf("6.2 percent")).toBeLessThan(lead.indexOf("6.9 percent"));
    expect(lead).toContain("**Latest**, [Review 9 (May 20, 2026) at 1:00](/meetings/9?t=60)");
    expect(lead).toContain("**At first**, [Review 3 (May 2, 2026) at 1:00](/meetings/3?t=60)");
    // The second sentence of the same meeting is not cited twice on the line.
    expect(lead.match(/\/meetings\/9/g)).toHaveLength(1);
    // Below, each meeting's day heads its lines once.
    expect(answer.match(/\*\*May 20, 2026\*\*/g)).toHaveLength(1);
    expect(answer.match(/\*\*May 2, 2026\*\*/g)).toHaveLength(1);
  });
});

describe("what a meeting's summary recorded, as passages to weigh", () => {
  const fact = {
    id: 12,
    title: "Boat and cabin review",
    date: new Date(2026, 5, 3),
    type: "review",
    clientName: "Ostrander family",
    clientId: 2,
    summary: {
      executiveSummary: "",
      decisions: [{ text: "We're listing the cabin in May.", source: { segment: 40, start: 610 } }],
      keyPoints: ["The boat loan is paid off."],
      actionItems: [{ task: "Get two listing quotes for the cabin", assignee: "Lena Ostrander" }],
      nextMeeting: null,
    },
  } as unknown as MeetingFact;

  test("a recorded point is the notes' words at the moment it cites, never a transcript line to quote", () => {
    const { decided, noted } = recordedPassages(fact, true);
    expect(decided[0]).toMatchObject({ source: "summary", startSeconds: 610 });
    expect(noted.map((p) => [p.content, p.source])).toEqual([
      ["Get two listing quotes for the cabin", "summary"],
      ["The boat loan is paid off.", "summary"],
    ]);
  });

  test("only the first meeting's tasks are weighed: what was set out to do", () => {
    expect(recordedPassages(fact, false).noted.map((p) => p.content)).toEqual(["The boat loan is paid off."]);
  });
});
