// Regression tests for the question-understanding stall: an 8 KB conversationHistory entry ("meeting about "
// repeated, then "!"s and a line break) held the process for seconds in the topic regex's backtracking.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { boundFromBaseline, measureSyncBaselineMs } from "../../test-support/timing-baseline";
import { meetingsOfLastAnswer } from "./understand/last-answer";
import { shapeOfQuestion } from "./understand/question-shape";
import { withoutClientNames } from "./understand/search-text";
import { findTopic, MAX_UNDERSTOOD_CHARS, understandQuestion } from "./understand/understand-question";

const NOW = new Date(2026, 5, 15, 15, 30);
const clients = [
  { id: 1, name: "Hendricks Family Trust" },
  { id: 2, name: "Okafor Holdings" },
];

function timed<T>(run: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = run();
  return { value, ms: performance.now() - started };
}

// The reported shape, tuned to the old pattern's worst case: 4.5-5.7 s before the fix.
const HISTORY_ENTRY = `${"meeting about ".repeat(190)}${"!".repeat(5334)}\n`;

/**
 * The bound for understanding `length` characters: max(factor × twenty ordinary texts of that length understood in
 * this run on this machine, floorMs). Twenty, so the baseline lasts long enough to see a busy machine.
 */
function understandingBound(length: number, floorMs: number): number {
  const ordinary = "what did we agree with the client about the bond ladder? ".repeat(length / 50 + 1).slice(0, length);
  const baseline = measureSyncBaselineMs(() => {
    for (let i = 0; i < 20; i++) {
      understandQuestion(ordinary, [{ role: "user", content: ordinary }], clients, NOW);
      findTopic(ordinary);
    }
  }, 3);
  return boundFromBaseline(baseline, { factor: 3, floorMs });
}

describe("the 8 KB history entry", () => {
  test("is understood in well under a second, as history and as the question", () => {
    expect(HISTORY_ENTRY.length).toBeGreaterThan(7900);
    const bound = understandingBound(HISTORY_ENTRY.length, 500);
    const asHistory = timed(() =>
      understandQuestion("and before that?", [{ role: "user", content: HISTORY_ENTRY }], clients, NOW),
    );
    expect(asHistory.ms).toBeLessThan(bound);
    const asQuestion = timed(() => understandQuestion(HISTORY_ENTRY, [], clients, NOW));
    expect(asQuestion.ms).toBeLessThan(bound);
  });

  test("the topic scan is linear on its own, without the length bound (1 MB in well under a second)", () => {
    for (const text of [
      HISTORY_ENTRY,
      `${"meeting about ".repeat(50_000)}${"!".repeat(300_000)}\n`,
      `${"calls re: the ".repeat(70_000)}?\u2028`,
      `meeting about${" ".repeat(1_000_000)}`,
    ]) {
      // Baseline: ordinary text of the same length, scanned in this run on this machine.
      const ordinary = "the client asked about the bond ladder ".repeat(text.length / 39 + 1).slice(0, text.length);
      const baseline = measureSyncBaselineMs(() => findTopic(ordinary), 3);
      const { value, ms } = timed(() => findTopic(text));
      expect(ms).toBeLessThan(boundFromBaseline(baseline, { factor: 10, floorMs: 500 }));
      if (text.endsWith("\n") || text.endsWith("\u2028")) expect(value).toBeUndefined();
    }
  });

  test("only the first MAX_UNDERSTOOD_CHARS characters of a question are read", () => {
    const late = `${"x ".repeat(MAX_UNDERSTOOD_CHARS)} action items from the meeting about the trust`;
    const understood = understandQuestion(late, [], clients, NOW);
    expect(understood.intent).toBe("general");
    expect(understood.topic).toBeUndefined();
    expect(understood.searchText).toBe(late);
  });
});

// The topic rule as it was, applied here to short strings only: the new scan must give the same answer.
const FORMER_TOPIC =
  /\b(?:meeting|call|session|review|conversation)s?\s+(?:about|on|regarding|concerning|re:?|covering)\s+(?:the\s+|our\s+|my\s+|an?\s+)?(.+?)[?.!]*$/i;

const PIECES = [
  "meeting about ",
  "meetings on ",
  "call re: ",
  "session regarding ",
  "review covering ",
  "from the ",
  "with ",
  "the ",
  "an ",
  "our ",
  "Hendricks ",
  "trust",
  "action items ",
  "last meeting ",
  "in April ",
  "2026-03-03 ",
  "March 3rd ",
  "0",
  "7",
  "42",
  " ",
  "  ",
  "\t",
  "\n",
  "\r\n",
  "\u2028",
  "?",
  "!",
  ".",
  "!!!",
  ",",
  ":",
  "'s ",
];

describe("question understanding under adversarial text", () => {
  test("finds the same topic as the former regex", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }), (pieces) => {
        const text = pieces.join("");
        expect(findTopic(text)).toBe(FORMER_TOPIC.exec(text)?.[1]);
      }),
      { numRuns: 3000 },
    );
  });

  test("repeated keywords, digits and punctuation never take more than a moment", () => {
    const adversarial = fc
      .tuple(
        fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 4000 }),
        fc.array(fc.constantFrom(...PIECES), { maxLength: 3 }),
      )
      .map(([unit, times, tail]) => (unit.join("").repeat(times) + tail.join("")).slice(0, 20_000));
    const bound = understandingBound(20_000, 250);
    let slowest = 0;
    fc.assert(
      fc.property(adversarial, adversarial, (question, earlier) => {
        const history = [
          { role: "user" as const, content: earlier },
          { role: "assistant" as const, content: question },
        ];
        const { ms } = timed(() => {
          understandQuestion(question, history, clients, NOW);
          understandQuestion("and before that?", history, clients, NOW);
          findTopic(earlier);
          shapeOfQuestion(question, false);
          withoutClientNames(question.slice(0, 2000), clients);
          meetingsOfLastAnswer(history);
        });
        slowest = Math.max(slowest, ms);
        expect(ms).toBeLessThan(bound);
      }),
      { numRuns: 150 },
    );
    expect(slowest).toBeLessThan(bound);
  });
});

describe("the steps that name clients and shapes, on long hostile text", () => {
  test("take about as long as ordinary text of the same length", () => {
    const steps = (text: string) => {
      const history = [{ role: "assistant" as const, content: text }];
      shapeOfQuestion(text, false);
      withoutClientNames(text, clients);
      meetingsOfLastAnswer(history);
    };
    for (const unit of [
      "with the Hendricks's Dr. & and Okafor family ",
      "Which clients changed since our first meeting? ",
      "/meetings/12 /meetings/ ",
      "the Okafors' ",
    ]) {
      const text = unit.repeat(20_000 / unit.length);
      const ordinary = "the client asked about the bond ladder ".repeat(text.length / 39 + 1).slice(0, text.length);
      const baseline = measureSyncBaselineMs(() => steps(ordinary), 3);
      const { ms } = timed(() => steps(text));
      expect(ms).toBeLessThan(boundFromBaseline(baseline, { factor: 10, floorMs: 500 }));
    }
  });
});
