// The notes written from a record: figures said together are one key point; the ten points hold the surest.
import { expect, test } from "bun:test";
import type { DraftPoint } from "../../types";
import type { Fact } from "./fact";
import { MAX_KEY_POINTS, writeNotes } from "./write-notes";

const textOf = (point: DraftPoint) => (typeof point === "string" ? point : point.text);
const figure = (text: string, segment: number, confidence: number): Fact => ({
  kind: "figure",
  subject: text.split(":")[0]!,
  value: text.split(": ")[1],
  form: "figure",
  text,
  segment,
  confidence,
});

test("figures said within a few segments of each other are one key point, in spoken order, each cited", () => {
  const facts = [
    figure("Brokerage account: $310,000.", 20, 0.9),
    figure("Rental income: $2,100 a month.", 40, 0.8),
    figure("Checking: $18,000.", 41, 0.7),
    figure("Savings: $52,000.", 42, 0.6),
    figure("Mortgage: $144,000.", 43, 0.5),
    figure("Car loan: $9,500.", 90, 0.4),
  ];
  // The surest four are told in the summary; the key points hold the rest.
  const notes = writeNotes([...facts, figure("Pension: $2,400 a month.", 5, 0.95)], 0.3, "Nothing.");
  expect(notes.keyPoints.map(textOf)).toEqual(["Savings: $52,000; Mortgage: $144,000.", "Car loan: $9,500."]);
  const fewer = writeNotes(
    facts.map((f) => ({ ...f, confidence: f.confidence / 10 })),
    0.01,
    "Nothing.",
  );
  expect(fewer.executiveSummary).toContain("Brokerage account: $310,000.");
  const grouped = writeNotes(
    [
      ...[1, 2, 3, 4].map((i) => figure(`Annuity ${i}: $1,000 a month.`, 100 + i, 0.99)),
      ...facts.map((f) => ({ ...f, confidence: f.confidence / 2 })),
    ],
    0.1,
    "Nothing.",
  );
  expect(grouped.keyPoints.map(textOf)).toEqual([
    "Brokerage account: $310,000.",
    "Rental income: $2,100 a month; Checking: $18,000; Savings: $52,000.",
    "Mortgage: $144,000.",
    "Car loan: $9,500.",
  ]);
  expect(grouped.keyPoints[1]).toMatchObject({ evidence: [40, 41, 42] });
});

test("grouped figures let the ten key points hold more of what is sure", () => {
  const many = Array.from({ length: 40 }, (_, i) => figure(`Account ${i + 1}: $${i + 1},000.`, i, 0.9 - i * 0.01));
  const notes = writeNotes(many, 0.1, "Nothing.");
  expect(notes.keyPoints.length).toBeLessThanOrEqual(MAX_KEY_POINTS);
  const told = notes.keyPoints.flatMap((p) => textOf(p).split("; "));
  expect(told.length).toBeGreaterThan(MAX_KEY_POINTS);
  // An open question is a point of its own, never joined to figures.
  const open: Fact = {
    kind: "open-question",
    subject: "roof",
    form: "open",
    text: "Still open: the roof.",
    segment: 5,
    confidence: 1,
  };
  const withOpen = writeNotes([...many.slice(0, 8), open], 0.1, "Nothing.");
  expect(withOpen.keyPoints.map(textOf)).toContain("Still open: the roof.");
});

test("two figures of one thing said together are never joined: which one holds is for the reader to see apart", () => {
  const notes = writeNotes(
    [
      ...[1, 2, 3, 4].map((i) => figure(`Annuity ${i}: $1,000 a month.`, 100 + i, 0.99)),
      figure("Salary: $120,000.", 10, 0.5),
      figure("Salary: $135,000.", 11, 0.4),
      figure("Bonus: $15,000.", 12, 0.3),
    ],
    0.1,
    "Nothing.",
  );
  expect(notes.keyPoints.map(textOf)).toEqual(["Salary: $120,000; Bonus: $15,000.", "Salary: $135,000."]);
});

test("the summary's next steps say who does them: an owner-less task only when fewer are owned", () => {
  const task = (text: string, segment: number, who?: string): Fact => ({
    kind: "commitment",
    subject: text,
    ...(who ? { who } : {}),
    form: "commitment",
    text,
    segment,
    confidence: 1,
  });
  const notes = writeNotes(
    [
      task("Run the projection at two prices.", 3),
      task("Lena Ortiz will send the grant summary.", 5, "Lena Ortiz"),
      task("Sam Reyes will book the appraisal.", 8, "Sam Reyes"),
    ],
    0.1,
    "Nothing.",
  );
  expect(notes.executiveSummary).toStartWith(
    "Next: Lena Ortiz will send the grant summary; Sam Reyes will book the appraisal (and 1 more task).",
  );
});
