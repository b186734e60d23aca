// The note rule tables (note-rules.rules.ts, note-exchange.rules.ts) together, on small meetings in our own words,
// and their time at 1x, 4x and 16x the same adversarial text.
import { describe, expect, test } from "bun:test";
import { measureScaling, measureUntil } from "../../../test-support/scaling-steps";
import { pointText, spokenMeeting } from "../../../test-support/spoken-meeting";
import { summariseExtractive } from "../summarise-extractive";
import { topicOf } from "./note-exchange.rules";
import { clientLabel } from "./note-people";
import { applyNoteRules, exampleContext, type NoteContext } from "./note-rules.rules";

/** Linear is 4 a step; a loaded machine adds some; quadratic is 16 (as text-steps-scaling.test.ts). */
const MAX_RATIO = 6;

const contextFor = exampleContext;

// Each rule's own examples are tested with every rule table (ai/src/language/rule-tables.test.ts); here, what
// the tables do together and on small meetings.
describe("question topics", () => {
  test("a question with a clause of its own has no topic", () => {
    expect(topicOf("Did you sign the transfer form?")).toBeNull();
    expect(topicOf("Anything else on your mind?")).toBeNull();
    expect(topicOf("How much?")).toBeNull();
  });
});

describe("the rules together", () => {
  test("an advisor's sentence: vocative and filler gone, you and I named", () => {
    expect(applyNoteRules("Tom, you know, I think your roof is fine, right?", contextFor())).toBe(
      "Priya thinks Tom and Ada's roof is fine.",
    );
  });

  test("a verb the table does not know leaves its subject as said", () => {
    expect(applyNoteRules("I saw the letter.", contextFor())).toBe("Priya saw the letter.");
    const one: NoteContext = { ...contextFor(), addressee: "Ada", addresseePlural: false };
    expect(applyNoteRules("If you ever sell the flat, you two split it.", one)).toBe(
      "If you ever sell the flat, you two split it.",
    );
  });

  test("the client side is named from the client as typed", () => {
    expect(clientLabel("Walt and June Pemberton")).toEqual({ label: "Walt and June", plural: true });
    expect(clientLabel("Naomi Brightwater")).toEqual({ label: "Naomi", plural: false });
    expect(clientLabel("Hendricks Family Trust")).toEqual({ label: "the client", plural: false });
    expect(clientLabel("Hollis and Daughters")).toEqual({ label: "the client", plural: false });
  });
});

const held = "2026-04-14T15:00:00Z";

describe("notes from small meetings", () => {
  test("a figure asked for and answered is one note: the topic, then the figure, no speakers or quote marks", async () => {
    const summary = await summariseExtractive(
      spokenMeeting(
        [
          ["Priya Okafor", "Thanks for coming in, both of you. Let's go through the house and the savings."],
          ["Tom Lind", "Sure. The house is worth about five hundred thousand, we think."],
          ["Priya Okafor", "And the mortgage balance?"],
          ["Ada Lind", "Um, three hundred twelve thousand, at two point nine percent."],
          ["Priya Okafor", "Your savings account holds forty thousand for emergencies, right?"],
          ["Tom Lind", "Yes, and we put in eight hundred a month on top of that."],
          ["Priya Okafor", "I'll send you the refinance comparison by Friday."],
        ],
        { title: "House and savings", clientName: "Tom and Ada Lind", held },
      ),
    );
    const points = summary.keyPoints.map(pointText);
    expect(points).toContain("Mortgage balance 312,000, at 2.9%.");
    for (const text of [summary.executiveSummary, ...points]) {
      expect(text).not.toMatch(/(?:^|\. )(?:Priya|Tom|Ada)(?: \w+)?: /);
      expect(text).not.toMatch(/[“”]/);
    }
    expect(summary.executiveSummary).toStartWith("Purpose: House and savings.");
    expect(summary.executiveSummary).toContain("Next: Priya to send");
  });

  test("a corrected figure keeps the correction; a client's we becomes the household", async () => {
    const summary = await summariseExtractive(
      spokenMeeting(
        [
          ["Priya Okafor", "Let's look at the cabin you inherited and what it would fetch today."],
          ["Ada Lind", "We had it appraised last month, it came in at four hundred, sorry, four hundred ten thousand."],
          ["Priya Okafor", "That is well above the 2019 figure of three hundred fifty thousand for the cabin."],
          ["Tom Lind", "We pay six thousand a year in property tax on it, which is a lot for four weekends."],
        ],
        { title: "Cabin", clientName: "Tom and Ada Lind", held },
      ),
    );
    const notes = [summary.executiveSummary, ...summary.keyPoints.map(pointText)].join("\n");
    expect(notes).toContain("Tom and Ada had it appraised last month, it came in at 410,000.");
    expect(notes).toContain("Tom and Ada pay 6,000 a year in property tax");
    expect(notes).not.toMatch(/\bwe\b/i);
  });

  test("a meeting of many points lists ten at most", async () => {
    const lines: [string, string][] = [];
    for (let i = 1; i <= 30; i++) {
      lines.push([
        "Priya Okafor",
        `Account ${i} at the credit union holds ${i * 1000 + 500} dollars in savings bonds.`,
      ]);
      lines.push(["Tom Lind", `Account ${i} pays ${i}.5% interest, paid out every quarter into checking.`]);
    }
    const summary = await summariseExtractive(
      spokenMeeting(lines, { title: "Accounts", clientName: "Tom and Ada Lind", held }),
    );
    expect(summary.keyPoints.length).toBeLessThanOrEqual(10);
  });
});

describe("note rules run in linear time", () => {
  // Near-matches of every rule, repeated in one long sentence: names before commas, fillers, pronouns with verbs the
  // table does not know, tags, dots, question openings.
  const unit = "Tom, you know, I sawx your, like, you twox we'd us our my me I'll, right?... What's the ";
  test("every rule, and the topic rules, over one long sentence", async () => {
    const step = {
      name: "note rules",
      baseSize: 25_000,
      prepare(size: number) {
        const text = unit.repeat(Math.ceil(size / unit.length));
        return () => [applyNoteRules(text, contextFor()), topicOf(`${text}?`)];
      },
    };
    const scaling = await measureUntil(
      () => measureScaling(step, { stopAbove: MAX_RATIO, rounds: 3 }),
      (s) => Math.max(...s.ratios) <= MAX_RATIO,
    );
    const shown = `note rules: ${scaling.times.map((t) => t.toFixed(2)).join(" / ")} ms`;
    expect(Math.max(...scaling.ratios), shown).toBeLessThanOrEqual(MAX_RATIO);
  }, 120_000);
});
