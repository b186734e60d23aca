// Rules for single facts and follow-ups, each from a kind of question: a question asked in the meeting is answered
// by the next turn, a figure question leads with a figure, a client's own meetings are answered on a lower bar, a
// client's name does not count as a search term inside that client's meetings, a follow-up never repeats the last
// answer, and "what did Kenji take on" shows Kenji's items.
import { expect, test } from "bun:test";
import type { Passage } from "./answer-types";
import { passageSentences } from "./rank/candidate-sentences";
import { figureFirst, figureFollows } from "./rank/pick-evidence";
import { isRelevant, relevantForClient } from "./rank/relevance";
import type { ScoredSentence } from "./rank/score-sentences";
import { withoutClientNames } from "./understand/search-text";
import { assigneesAsked } from "./write/compose-local-answer";

const passage = (content: string): Passage => ({
  meetingId: 1,
  title: "Review",
  date: new Date(2026, 4, 2),
  clientName: "Quist family",
  source: "transcript",
  content,
  speakers: ["Nadia Osei", "Hugo Quist"],
});

test("a question asked in the meeting is paired with the other speaker's reply", () => {
  const sentences = passageSentences([
    passage(
      "Nadia Osei: Next, the brokerage. What is it worth today?\nHugo Quist: About two hundred ten thousand. Maybe a bit more.",
    ),
  ]);
  const pair = sentences.find((s) => s.text.startsWith("What is it worth today? "));
  expect(pair?.text).toBe("What is it worth today? Hugo Quist: About two hundred ten thousand. Maybe a bit more.");
  expect(pair?.speaker).toBe("Nadia Osei");
  // A speaker answering their own question is not a pair.
  const own = passageSentences([passage("Nadia Osei: Is it taxable? It is not.\nNadia Osei: Moving on.")]);
  expect(own.some((s) => s.text.includes("Moving on.") && s.text.startsWith("Is it taxable?"))).toBe(false);
});

test("a reply that corrects its figure is paired up to the correction", () => {
  const sentences = passageSentences([
    passage(
      "Nadia Osei: And the storage unit, what does that run you?\nHugo Quist: Ninety dollars a month. No, wait, they raised it. It's $115 now. Which is a lot.",
    ),
  ]);
  const pair = sentences.find((s) => s.pair);
  expect(pair?.text).toBe(
    "And the storage unit, what does that run you? Hugo Quist: Ninety dollars a month. No, wait, they raised it. It's $115 now.",
  );
});

const scored = (text: string, coverage: number, score: number): ScoredSentence => ({
  passage: 0,
  speaker: null,
  text,
  next: null,
  similarity: 0.2,
  coverage,
  known: 1,
  kind: 0,
  score,
});

test("a figure question leads with the best sentence that states a figure, if it covers enough of the question", () => {
  const vague = scored("We talked about the brokerage account.", 0.8, 0.7);
  const figure = scored("The brokerage is at $212,000.", 0.5, 0.6);
  const offTopic = scored("Lunch was $14.", 0.1, 0.55);
  expect(figureFirst([vague, figure])[0]).toBe(figure);
  expect(figureFirst([vague, offTopic])[0]).toBe(vague);
  expect(figureFirst([figure, vague])[0]).toBe(figure);
});

test("inside a named client's meetings a sentence sharing enough of the question's terms answers it", () => {
  const fee = { similarity: 0.15, coverage: 0.5, known: 0.6 };
  expect(isRelevant(fee)).toBe(false);
  expect(relevantForClient(fee)).toBe(true);
  expect(relevantForClient({ similarity: 0.1, coverage: 0.2, known: 1 })).toBe(false);
});

test("the resolved clients' names, in any form, leave the search text", () => {
  const clients = [{ id: 1, name: "Bo and Ines Achterberg", aliases: ["pim"] }];
  expect(withoutClientNames("What is Pim charging the Achterbergs for their boat slip?", clients)).toBe(
    "What is charging the for their boat slip?",
  );
  expect(withoutClientNames("Achterberg's", clients)).toBe("Achterberg's");
});

test("the assignees a question names pick their action items", () => {
  const items = [
    { task: "Draft the will", assignee: "Imre Falk" },
    { task: "Send the deed", assignee: "Nadia Osei" },
  ];
  expect([...assigneesAsked("What did Imre take on last month?", items)]).toEqual(["imre"]);
  expect([...assigneesAsked("What did we promise last month?", items)]).toEqual([]);
});

test("a person things go to is not the one asked about, when someone else is named to do them", () => {
  const items = [
    { task: "Draft the will", assignee: "Imre Falk" },
    { task: "Send the deed", assignee: "Nadia Osei" },
  ];
  expect([...assigneesAsked("What did Nadia promise to send Imre?", items)]).toEqual(["nadia"]);
  expect([...assigneesAsked("What does Imre owe to Nadia?", items)]).toEqual(["imre"]);
  expect([...assigneesAsked("What is Imre getting for Nadia?", items)]).toEqual(["imre"]);
  // Named alone, the receiver is still who the question is about.
  expect([...assigneesAsked("What did we promise to send Imre?", items)]).toEqual(["imre"]);
});

test("a sentence without a figure takes the next sentence of its turn when that one states the figure", () => {
  expect(figureFollows({ text: "Then the appraisal, which came back.", next: "It says $410,000." })).toBe(true);
  expect(figureFollows({ text: "It came back at $410,000.", next: "That is $20,000 more." })).toBe(false);
  expect(figureFollows({ text: "Then the appraisal.", next: "It went well." })).toBe(false);
});
