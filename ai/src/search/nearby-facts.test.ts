// Where the asked fact sits near the words of the question: a figure far from every word of the question is another
// amount, a request ("your dentist's name, please") is answered a few sentences on, a caption line after a question
// answers it even without speaker labels, a form's number is no amount, a product's name is no person, a few plain
// English words stand for each other ("cap" and "maximum"), and a household's first names tell its people apart.
import { expect, test } from "bun:test";
import { createHashingEmbedder } from "../local/hashing-embedder";
import type { Passage } from "./answer-types";
import { passageSentences } from "./rank/candidate-sentences";
import { figureNearTerms, statesFigure } from "./rank/fact-features";
import { factFirst, factFollowing, holdsFact, pickEvidence } from "./rank/pick-evidence";
import { type ScoredSentence, scoreSentences } from "./rank/score-sentences";
import { termCoverage } from "./rank/term-coverage";
import { namesOfLastFinding } from "./understand/last-answer";
import { householdFirstNames } from "./understand/match-client";
import { questionTerms } from "./understand/question-terms";
import { withoutClientNames } from "./understand/search-text";
import { detectQuestionKinds } from "./understand/understand-question";

const passage = (content: string, speakers = ["Ines Vela", "Omar Tran"]): Passage => ({
  meetingId: 4,
  title: "Autumn review",
  date: new Date(2026, 9, 14),
  clientName: "Vela household",
  source: "transcript",
  content,
  speakers,
});

test("a tax form's number is no amount", () => {
  expect(statesFigure("Bring the 1099-R and both W-2 forms.")).toBe(false);
  expect(statesFigure("Form 8606 goes with the return.")).toBe(false);
  expect(statesFigure("The fee is $1,200.")).toBe(true);
  expect(statesFigure("Her 1099-R shows eleven thousand.")).toBe(true);
});

test("a figure counts as the one asked for only near a word of the question, or in a short reply", () => {
  const terms = questionTerms("How much does Ines give to the library each year?");
  const elsewhere =
    "Omar sends out the trust distribution, about nine thousand two hundred, before the end of the spring term, and then we'll handle your library gift as a charitable transfer from now on.";
  expect(figureNearTerms(elsewhere, terms)).toBe(false);
  expect(figureNearTerms("Her library gift is about two thousand dollars every December, by check.", terms)).toBe(true);
  expect(figureNearTerms("Two thousand a year.", terms)).toBe(true);
});

test("a sentence opening on a pronoun is tied to the words said just before it", () => {
  const terms = questionTerms("What is the cap on the group disability policy?");
  const sentence = "It pays two thirds of your wages, up to nine thousand dollars every month for you.";
  expect(figureNearTerms(sentence, terms)).toBe(false);
  expect(figureNearTerms(sentence, terms, "You have a group disability policy through the clinic.")).toBe(true);
});

test("a how-much question prefers the short reply over a long sentence with another figure", async () => {
  const q = "How much does Ines give to the library each year?";
  const passages = [
    passage(
      "Omar Tran: Omar sends out the trust distribution, about nine thousand two hundred, before the end of the spring term, and then we'll handle your library gift as a charitable transfer from now on.\nOmar Tran: You give to the library each year?\nInes Vela: I do. Two thousand a year.",
    ),
  ];
  const ranked = await scoreSentences(createHashingEmbedder(), q, ["amount"], passages);
  const evidence = pickEvidence(ranked, passages, ["amount"]);
  expect(evidence[0]?.reply).toEqual({ speaker: "Ines Vela", text: "I do. Two thousand a year." });
  expect(evidence[0]?.speaker).toBe("Omar Tran");
});

test("without speaker labels, the caption line after a question is taken as its reply", () => {
  const sentences = passageSentences([
    passage("Do you give to the library every year?\nI do. Two thousand a year.", []),
  ]);
  expect(
    sentences.some((s) => s.pair && s.text === "Do you give to the library every year? I do. Two thousand a year."),
  ).toBe(true);
});

test("a product written with a capital inside is no person; a name after a title is", () => {
  expect(holdsFact("I'll send the release through DocuSign.", ["who"])).toBe(false);
  expect(holdsFact("My dentist is Dr. Okafor.", ["who"])).toBe(true);
  expect(holdsFact("We met with Bryn McAllister on it.", ["who"])).toBe(true);
  expect(holdsFact("We can do it on Thursday, March 4th.", ["when"])).toBe(true);
  expect(holdsFact("We can do it sometime soon.", ["when"])).toBe(false);
});

test("a request for a fact is answered by a sentence said a few sentences after it", () => {
  const sentences = passageSentences([
    passage(
      "Omar Tran: Your dentist's name and the practice, please. And the release form.\nOmar Tran: I'll send that through DocuSign.\nInes Vela: She is Dr. Aurelie Ng. At Harbor Dental.",
    ),
  ]);
  const request = sentences.find((s) => s.text.startsWith("Your dentist's name"))!;
  expect(factFollowing(request, ["who"])?.text).toBe("She is Dr. Aurelie Ng.");
  expect(factFollowing(request, ["decision"])).toBeUndefined();
});

test("the finding that holds no asked fact takes along the sentence that does", () => {
  const passages = [
    passage(
      "Omar Tran: Your dentist's name and the practice, please.\nInes Vela: Let me look it up.\nInes Vela: She is Dr. Aurelie Ng.",
    ),
  ];
  const request = passageSentences(passages).find((s) => s.text.startsWith("Your dentist's name"))!;
  const [finding] = pickEvidence(
    [{ ...request, similarity: 0.5, coverage: 1, known: 1, kind: 0, score: 0.6 }],
    passages,
    ["who"],
  );
  // Two speakers, two quotes: the request is Omar's, the name Ines's.
  expect(finding?.text).toBe("Your dentist's name and the practice, please.");
  expect(finding?.reply).toEqual({ speaker: "Ines Vela", text: "She is Dr. Aurelie Ng." });
  // A finding that holds the fact itself stands alone.
  const named = passageSentences(passages).find((s) => s.text.startsWith("She is"))!;
  const [alone] = pickEvidence([{ ...named, similarity: 0.5, coverage: 1, known: 1, kind: 1, score: 0.6 }], passages, [
    "who",
  ]);
  expect(alone?.text).toBe("She is Dr. Aurelie Ng.");
});

test("plain English words of the same sense count for a question's word", () => {
  const cap = questionTerms("What is the cap on the policy?");
  expect(termCoverage(cap, "It pays up to a maximum of five thousand.", "")).toBeGreaterThan(
    termCoverage(cap, "It pays five thousand.", ""),
  );
  const charging = questionTerms("What is the planner charging for the will?");
  expect(termCoverage(charging, "The will costs nine hundred.", "")).toBeGreaterThan(
    termCoverage(charging, "The will is done.", ""),
  );
  const guess = questionTerms("What was the planner's rough estimate?");
  expect(termCoverage(guess, "My guess is somewhere near half a million.", "")).toBeGreaterThan(
    termCoverage(guess, "It is somewhere near half a million.", ""),
  );
  const phone = questionTerms("What is the gardener's phone number?");
  expect(termCoverage(phone, "His cell is 555-0142.", "")).toBeGreaterThan(0);
});

test("in a question about a household, its people's first names stay to tell them apart", () => {
  expect(householdFirstNames("Ana and Bruno Castell")).toEqual(["ana", "bruno"]);
  expect(householdFirstNames("Castell Holdings")).toEqual([]);
  const household = [{ id: 1, name: "Ana and Bruno Castell" }];
  expect(withoutClientNames("What is Bruno's deductible with the Castells?", household)).toBe(
    "What is Bruno's deductible with the",
  );
  expect(withoutClientNames("What did the Castell family decide?", [{ id: 2, name: "Castell family" }])).toBe(
    "What did the family decide?",
  );
});

test("a plan said by its number alone is no figure near the question's words", () => {
  const terms = questionTerms("How much is Ines putting into the Roth each year?");
  expect(
    figureNearTerms(
      "So the idea is: keep working, live off the 403 for a while, put some into the Roth, and wait.",
      terms,
    ),
  ).toBe(false);
  expect(
    figureNearTerms("So the idea is to put about twelve thousand into the Roth every year from now on.", terms),
  ).toBe(true);
});

test("a phone, account or policy number is asked as digits that name something, not as an amount", () => {
  expect(detectQuestionKinds("What is the plumber's phone number?")).toEqual(["identifier"]);
  expect(detectQuestionKinds("Which account number did she give for the transfer?")).toEqual(["identifier"]);
  expect(detectQuestionKinds("What number did they put on the gift?")).toEqual(["amount"]);
  expect(holdsFact("You can reach him at 612-555-0177.", ["identifier"])).toBe(true);
  expect(holdsFact("He charges eight percent of the rent.", ["identifier"])).toBe(false);
});

test("the names the user wrote are never the person a who-question asks for, even once left out of the search", async () => {
  const passages = [
    passage(
      "Omar Tran: The baby's name will be Noor Vela-Tran.\nInes Vela: For guardian we would like my brother Idris.",
    ),
  ];
  // The search text lost the client's name ("Vela-Tran"); the user's own words still had it.
  const ranked = await scoreSentences(
    createHashingEmbedder(),
    "Who is the guardian for Noor",
    ["who"],
    passages,
    undefined,
    ["noor", "vela-tran"],
  );
  const babyName = ranked.find((s) => s.text.startsWith("The baby's name"));
  const brother = ranked.find((s) => s.text.includes("Idris"));
  expect(babyName?.kind).toBe(0);
  expect(brother?.kind).toBe(1);
});

const ranked = (text: string, kind: number, coverage: number, score: number): ScoredSentence => ({
  passage: 0,
  speaker: null,
  text,
  next: null,
  similarity: 0.3,
  coverage,
  known: 1,
  kind,
  score,
});

test("a who-question leads with a close sentence that names someone over one that names no one", () => {
  const general = ranked("Each of you signs a will that names a guardian for the baby.", 0, 1, 0.5);
  const named = ranked("So the guardian is Yusuf, with Leila as trustee.", 1, 0.6, 0.48);
  const far = ranked("Sofia asked about lunch.", 1, 0.2, 0.47);
  expect(factFirst([general, named], ["who"])[0]).toBe(named);
  expect(factFirst([general, far], ["who"])[0]).toBe(general);
  // An amount question is figureFirst's; an open question keeps its order.
  expect(factFirst([general, named], ["amount"])[0]).toBe(general);
  expect(factFirst([general, named], [])[0]).toBe(general);
});

test("a follow-up does not take the names its last answer gave for the person now asked for", () => {
  const history = [
    { role: "user" as const, content: "Who will be the guardian?" },
    {
      role: "assistant" as const,
      content:
        "**Yusuf as guardian, Leila as trustee.** — Meeting summary, [Estate plan (May 2, 2026)](/meetings/9)\n\nMore",
    },
  ];
  expect(namesOfLastFinding(history)).toEqual(["yusuf", "leila"]);
  expect(namesOfLastFinding([])).toEqual([]);
});
