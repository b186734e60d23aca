// A fact is often stated after its subject was named: "We hold a savings account at the co-op. The balance is about
// forty-one thousand." The sentence stating the figure counts the terms said just before it (for half), so a "how
// much" question finds the figure and not only the sentence naming the account. Quantity nouns ("the cap on…",
// "the penalty") ask for an amount as "how much" does.
import { expect, test } from "bun:test";
import { createHashingEmbedder } from "../local/hashing-embedder";
import type { Passage } from "./answer-types";
import { passageSentences } from "./rank/candidate-sentences";
import { pickEvidence } from "./rank/pick-evidence";
import { scoreSentences } from "./rank/score-sentences";
import { PRECEDING_WEIGHT, termCoverage } from "./rank/term-coverage";
import { detectQuestionKinds } from "./understand/understand-question";

const passage = (content: string): Passage => ({
  meetingId: 3,
  title: "Spring check-in",
  date: new Date(2026, 2, 9),
  clientName: "Vela household",
  source: "transcript",
  content,
  speakers: ["Ines Vela", "Omar Tran"],
});

test("each sentence carries the sentences said before it, across the turn boundary", () => {
  const sentences = passageSentences([
    passage(
      "Omar Tran: Next is the savings account at the co-op.\nInes Vela: We opened it for the kids. The balance is about forty-one thousand.",
    ),
  ]);
  const balance = sentences.find((s) => s.text.startsWith("The balance"));
  expect(balance?.before).toBe("Next is the savings account at the co-op. We opened it for the kids.");
  expect(sentences[0]?.before).toBeUndefined();
});

test("an answer said a few sentences after the question's words still carries them", () => {
  const sentences = passageSentences([
    passage(
      "Omar Tran: We need your dentist's name for the claim. Then you sign the release. I'll mail it today.\nInes Vela: Sure. She is Dr. Aurelie Ng.",
    ),
  ]);
  const name = sentences.find((s) => s.text.startsWith("She is"));
  expect(name?.before).toContain("dentist's name");
});

test("a question term said just before the sentence counts for part of its weight", () => {
  const terms = ["save", "account"];
  const alone = termCoverage(terms, "The balance is forty-one thousand.", "");
  const withBefore = termCoverage(
    terms,
    "The balance is forty-one thousand.",
    "",
    new Set(),
    new Map(),
    "savings account",
  );
  expect(alone).toBe(0);
  expect(withBefore).toBeGreaterThan(0);
  expect(withBefore).toBeLessThanOrEqual(PRECEDING_WEIGHT);
});

test("a how-much question leads with the figure stated after its subject was named", async () => {
  const q = "How much is in the co-op savings account?";
  const passages = [
    passage(
      [
        "Omar Tran: Next is the savings account at the co-op, the one you opened for the kids.",
        "Ines Vela: Yes, we still use it. The balance is about forty-one thousand dollars.",
        "Omar Tran: Good. Then the mortgage.",
      ].join("\n"),
    ),
  ];
  const kinds = detectQuestionKinds(q);
  const scored = await scoreSentences(createHashingEmbedder(), q, kinds, passages);
  expect(pickEvidence(scored, passages, kinds)[0]?.text).toBe("The balance is about forty-one thousand dollars.");
});

test("what was said before lifts only a sentence holding the kind of fact asked", async () => {
  const q = "How much is in the co-op savings account?";
  const scored = await scoreSentences(createHashingEmbedder(), q, detectQuestionKinds(q), [
    passage("Omar Tran: Next is the savings account at the co-op. We should talk about it soon."),
  ]);
  const talk = scored.find((s) => s.text.startsWith("We should talk"));
  expect(talk?.coverage).toBe(0);
});

test("quantity nouns ask for an amount", () => {
  for (const q of [
    "What is the cap on her disability benefit?",
    "What was last year's penalty?",
    "What is the mortgage on the lake house?",
    "What is the maximum they can put in?",
  ]) {
    expect(detectQuestionKinds(q)).toContain("amount");
  }
});
