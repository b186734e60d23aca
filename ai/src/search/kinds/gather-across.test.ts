import { expect, test } from "bun:test";
import type { Passage } from "../answer-types";
import type { ScoredSentence } from "../rank/score-sentences";
import { abbreviationsOf, spelledOut } from "../understand/acronyms";
import { tagQuestion } from "../understand/noun-compounds";
import { clientsSupporting } from "./gather-across";

/** One passage per client, each the given sentences; each sentence scored as given. */
function meetings(clients: Record<string, { text: string; score: number; similarity?: number }[]>) {
  const passages: Passage[] = [];
  const scored: ScoredSentence[] = [];
  for (const [clientName, sentences] of Object.entries(clients)) {
    const passage = passages.length;
    passages.push({
      meetingId: passage + 1,
      title: "Review",
      date: new Date(2026, 4, 2),
      clientName,
      source: "transcript",
      content: sentences.map((s) => s.text).join("\n"),
    });
    for (const s of sentences)
      scored.push({
        passage,
        speaker: null,
        text: s.text,
        next: null,
        similarity: s.similarity ?? 0.5,
        coverage: 0.8,
        known: 1,
        kind: 0,
        score: s.score,
      });
  }
  return { passages, scored };
}

const names = (found: { clientName: string }[]) => found.map((f) => f.clientName).sort();

test("a client whose meeting says the subject's common words only in passing is not listed", () => {
  const { passages, scored } = meetings({
    Abara: [{ text: "We'll apply for a new twenty-year term life policy on Femi next week.", score: 0.5 }],
    Lund: [{ text: "The bank wants life insurance on you before the term loan closes.", score: 0.5 }],
    Vasquez: [{ text: "Your life insurance comes with a long-term care rider, and a new one costs more.", score: 0.6 }],
    Okoro: [{ text: "The home insurance renewal came in.", score: 0.3 }],
    Pell: [{ text: "Her life insurance through work is fine.", score: 0.3 }],
    Dunn: [{ text: "We talked about the new roof.", score: 0.3 }],
  });
  // Vasquez says "long-term", not "term", and says no "apply": too little of the subject for its meeting to be about it.
  expect(names(clientsSupporting(scored, passages, "applying new term life insurance"))).toEqual(["Abara", "Lund"]);
});

test("a client whose only support denies the subject is not listed", () => {
  const { passages, scored } = meetings({
    Abara: [{ text: "The flood insurance on the lake house renews in June.", score: 0.7 }],
    Lund: [{ text: "We don't have any flood insurance at all.", score: 0.7 }],
  });
  expect(names(clientsSupporting(scored, passages, "flood insurance"))).toEqual(["Abara"]);
});

test("no client is listed for a subject the meetings never mention", () => {
  const { passages, scored } = meetings({
    Abara: [{ text: "The brokerage account is at Schwab.", score: 0.7, similarity: 0.7 }],
    Lund: [{ text: "We moved the savings into a money market.", score: 0.6, similarity: 0.7 }],
  });
  expect(clientsSupporting(scored, passages, "dogecoin wallets")).toEqual([]);
});

test("a sentence that says the whole subject in other word forms lists its client, however far below the best", () => {
  const { passages, scored } = meetings({
    Abara: [{ text: "The Roth conversion is the big item this year.", score: 1.2, similarity: 0.9 }],
    Lund: [{ text: "You could convert part of the IRA to a Roth each December.", score: 0.2, similarity: 0.1 }],
    Okoro: [{ text: "We reviewed the brokerage statements.", score: 0.4 }],
  });
  expect(names(clientsSupporting(scored, passages, "roth conversions"))).toEqual(["Abara", "Lund"]);
});

test("the relation asked about is not part of the subject a meeting must say", () => {
  const { passages, scored } = meetings({
    Abara: [{ text: "Holding the shares past five years saves the tax.", score: 0.7, similarity: 0.7 }],
    Lund: [{ text: "The fund is our biggest holding.", score: 0.6, similarity: 0.7 }],
  });
  // "holding" is said, "dogecoin" never: nobody holds it.
  expect(clientsSupporting(scored, passages, "hold dogecoin")).toEqual([]);
  const present = meetings({
    Abara: [{ text: "Imani Reyes: I'll file the deed on Monday.", score: 0.6 }],
    Lund: [{ text: "The roof needs work.", score: 0.6 }],
  });
  expect(names(clientsSupporting(present.scored, present.passages, "imani reyes mentioned"))).toEqual(["Abara"]);
});

test("asked who was present, a client is listed for a meeting where the person spoke, not one that names them", () => {
  const { passages, scored } = meetings({
    Abara: [{ text: "Imani Reyes: I'll file the deed on Monday.", score: 0.6 }],
    Lund: [{ text: "Imani Reyes will send the forms (Imani Reyes).", score: 0.7 }],
  });
  passages[0]!.speakers = ["Imani Reyes", "Tobias Lund"];
  passages[1]!.speakers = ["Tobias Lund"];
  expect(names(clientsSupporting(scored, passages, "imani reyes present"))).toEqual(["Abara"]);
});

test("a client whose only sentence on the subject names it as one item of a list is not listed", () => {
  const { passages, scored } = meetings({
    Abara: [
      { text: "The long-term disability claim goes in this week.", score: 0.8, similarity: 0.7 },
      { text: "We'll file the disability claim once the doctor writes back.", score: 0.6, similarity: 0.6 },
    ],
    Lund: [{ text: "You're covered for fire, theft and disability claims under the old plan.", score: 0.7 }],
  });
  expect(names(clientsSupporting(scored, passages, "disability claims"))).toEqual(["Abara"]);
});

test("an abbreviation asked is said in full in a meeting, and lists its client", () => {
  const { passages, scored } = meetings({
    Abara: [{ text: "Your HSA balance is about nine thousand.", score: 0.9, similarity: 0.8 }],
    Lund: [{ text: "The new job offers a health savings account, so we'll open one.", score: 0.2, similarity: 0.1 }],
    Okoro: [{ text: "The roof needs work.", score: 0.3 }],
  });
  const forms = spelledOut(
    abbreviationsOf("Which clients have HSAs?"),
    passages.map((p) => p.content),
  );
  expect(names(clientsSupporting(scored, passages, "HSAs", forms))).toEqual(["Abara", "Lund"]);
});

test("a noun compound's head weighs no more than the words saying which kind it is", async () => {
  const { passages, scored } = meetings({
    Abara: [{ text: "You looked at the rollover elections on the pension? Yes, both need updating.", score: 0.7 }],
    Lund: [{ text: "And we make sure the rollovers are all updated by spring.", score: 0.5 }],
    Okoro: [{ text: "The rollover paperwork was updated last week.", score: 0.4 }],
    Pell: [{ text: "Her rollover went through last year.", score: 0.3 }],
    Dunn: [{ text: "The rollover is done.", score: 0.3 }],
    Vance: [{ text: "The kitchen remodel is done.", score: 0.3 }],
  });
  const subject = "rollover elections updated";
  const { compounds } = await tagQuestion("Which clients need their rollover elections updated?");
  expect(compounds).toEqual([{ head: "election", modifiers: ["rollover"] }]);
  // "Elections" is said once only, so it weighs most; the kind ("rollover") says as much once its head is capped.
  expect(names(clientsSupporting(scored, passages, subject))).toEqual(["Abara"]);
  expect(names(clientsSupporting(scored, passages, subject, new Map(), compounds))).toEqual(["Abara", "Lund", "Okoro"]);
});

test("a sentence that says only what is done ('selling') and not to what lists no client", async () => {
  const { passages, scored } = meetings({
    Abara: [{ text: "They plan to sell the house next spring.", score: 0.6, similarity: 0.6 }],
    Lund: [{ text: "The money comes from selling my bakery.", score: 0.7, similarity: 0.7 }],
    Okoro: [{ text: "The house needs a new roof.", score: 0.2 }],
    Pell: [{ text: "Their house is paid off.", score: 0.2 }],
  });
  const { compounds, verbs } = await tagQuestion("Which clients are selling a house?");
  expect(verbs.has("sell")).toBe(true);
  const subject = "selling a house";
  // Without the act known, "selling" alone lists Lund; known, it does not.
  expect(names(clientsSupporting(scored, passages, subject, new Map(), compounds))).toContain("Lund");
  expect(names(clientsSupporting(scored, passages, subject, new Map(), compounds, new Set(["selling"])))).toEqual([
    "Abara",
  ]);
});
