// A reply is read for the figure its question asked, and judged by what the reply says; a word said in other words is
// near its figure; a thing the question names (a firm, a product, a person) pins it to the passages that say it.
import { expect, test } from "bun:test";
import { createHashingEmbedder } from "../local/hashing-embedder";
import type { Passage } from "./answer-types";
import { passageSentences, replyTo } from "./rank/candidate-sentences";
import { figureNearTerms } from "./rank/fact-features";
import { pickEvidence } from "./rank/pick-evidence";
import { passagesMissingNames, scoreSentences } from "./rank/score-sentences";
import { questionTerms } from "./understand/question-terms";
import { detectQuestionKinds } from "./understand/understand-question";

const passage = (content: string, meetingId = 3): Passage => ({
  meetingId,
  title: "Planning session",
  date: new Date(2026, 5, 9),
  clientName: "Okoro household",
  source: "transcript",
  content,
  speakers: ["Wen Li", "Ada Okoro"],
});

test("a reply to 'what does it cost?' is read on to its first figure, in the same speaker's next lines", () => {
  const reply = replyTo("What does that cost?", ["I'd use the Lakeview firm.", "They know boat dealers."], "Wen Li", [
    { speaker: "Wen Li", text: "For a shop your size, about forty-two hundred dollars." },
    { speaker: "Wen Li", text: "Maybe a bit more with travel." },
  ]);
  expect(reply).toBe(
    "I'd use the Lakeview firm. They know boat dealers. For a shop your size, about forty-two hundred dollars.",
  );
});

test("a reply is not read past another speaker, past its few sentences, or when no figure was asked", () => {
  const later = [{ speaker: "Ada Okoro", text: "I'd guess three thousand." }];
  expect(replyTo("What does that cost?", ["I'd use the Lakeview firm.", "They know dealers."], "Wen Li", later)).toBe(
    "I'd use the Lakeview firm. They know dealers.",
  );
  const long = [{ speaker: "Wen Li", text: "One. Two. Three. It is about nine hundred dollars." }];
  expect(replyTo("What does that cost?", ["Good question.", "Let me think."], "Wen Li", long)).toBe(
    "Good question. Let me think.",
  );
  const noFigure = [{ speaker: "Wen Li", text: "They charge about four thousand dollars." }];
  expect(replyTo("Who would you use?", ["The Lakeview firm.", "They know dealers."], "Wen Li", noFigure)).toBe(
    "The Lakeview firm. They know dealers.",
  );
});

test("a question with a figure and a reply without one does not answer a how-much question", async () => {
  const question = "What did Wen say the valuation of the marina would cost?";
  const passages = [
    passage(
      [
        "Ada Okoro: Three thousand a month for the marina loan, plus the valuation?",
        "Wen Li: That is exactly what the bank will ask about the marina and its valuation.",
        "Ada Okoro: And the valuation itself, what does that cost?",
        "Wen Li: I'd use the Lakeview firm. They value marinas all the time.",
        "Wen Li: For a marina your size, about forty-two hundred dollars.",
      ].join("\n"),
    ),
  ];
  const kinds = detectQuestionKinds(question);
  const ranked = await scoreSentences(createHashingEmbedder(), question, kinds, passages);
  const [finding] = pickEvidence(ranked, passages, kinds);
  // Each speaker's words are quoted apart: the figure is Wen's reply, not Ada's question.
  expect(finding?.reply?.text ?? finding?.text).toContain("forty-two hundred");
  expect(finding?.reply?.speaker ?? finding?.speaker).toBe("Wen Li");
  // The figure in the question is the asker's; the reply states none.
  expect(ranked.find((s) => s.pair && s.text.startsWith("Three thousand"))?.kind).toBe(0);
  const pairs = passageSentences(passages).filter((s) => s.pair);
  expect(pairs.find((s) => s.text.startsWith("Three thousand"))?.reply).toBe(
    "That is exactly what the bank will ask about the marina and its valuation.",
  );
});

test("another word for the asked one ties a figure to the question as the word itself does", () => {
  const terms = questionTerms("What would the umbrella policy cost them?");
  const sentence = "After all the riders and the discounts we talked through, the premium comes to $1,150 every year.";
  expect(figureNearTerms(sentence, terms)).toBe(true);
  expect(
    figureNearTerms("After all the riders and the discounts we talked through, the deductible stays at $1,150.", terms),
  ).toBe(false);
});

test("passages that say none of the names a question gives are marked, unless no passage says them", () => {
  const passages = [
    passage("Wen Li: Policies like these cost five to seven thousand a year."),
    passage("Wen Li: Option B, from Harbor Mutual. The premium is $6,300 a year."),
  ];
  expect([...passagesMissingNames(["harbor", "mutual"], passages)]).toEqual([0]);
  expect([...passagesMissingNames(["granite"], passages)]).toEqual([]);
  expect([...passagesMissingNames([], passages)]).toEqual([]);
  // A capitalised word the meetings also say in lower case ("Product Design" — "the design") is no name.
  const common = [passage("Wen Li: The design is done."), passage("Wen Li: Product Design sent the mock-ups.")];
  expect([...passagesMissingNames(["design"], common)]).toEqual([]);
  expect([...passagesMissingNames(["product", "design"], common)]).toEqual([0]);
});

test("a question naming a firm's policy is answered from where the firm was named", async () => {
  const question = "What would the traditional Harbor Mutual long-term care policy cost?";
  const passages = [
    passage(
      "Ada Okoro: Like, what do these things actually cost?\nWen Li: So very rough, please don't hold me to it, for a couple your age, traditional policies run five to seven thousand a year.",
      1,
    ),
    passage(
      "Wen Li: Option B, the traditional policy, from Harbor Mutual.\nWen Li: Each of you gets a benefit of five thousand a month.\nWen Li: Combined premium for both of you is $6,300 a year.",
      2,
    ),
  ];
  const kinds = detectQuestionKinds(question);
  const ranked = await scoreSentences(createHashingEmbedder(), question, kinds, passages);
  const [finding] = pickEvidence(ranked, passages, kinds);
  expect(finding?.meetingId).toBe(2);
  expect(finding?.text).toContain("$6,300");
});
