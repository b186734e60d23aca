// How local answers read: dates as people write them, quotes headed by where they come from, clients listed first.
import { expect, test } from "bun:test";
import type { AnswerContext, Evidence } from "../answer-types";
import { clientsSupporting } from "../kinds/gather-across";
import type { ScoredSentence } from "../rank/score-sentences";
import { shapeOfQuestion } from "../understand/question-shape";
import { readableDates } from "./citation";
import { closestPassagesAnswer, composeLocalAnswer, NOT_SURE_ANSWER } from "./compose-local-answer";

const evidence = (over: Partial<Evidence>): Evidence => ({
  meetingId: 4,
  title: "Annual review",
  date: new Date(2026, 2, 9),
  clientName: "Quist family",
  source: "transcript",
  speaker: "Hugo Quist",
  text: "We sold the boat for forty thousand.",
  seconds: 95,
  score: 1,
  similarity: 0.5,
  coverage: 1,
  ...over,
});

const context = (over: Partial<AnswerContext>): AnswerContext => ({
  question: "q",
  understood: {
    intent: "general",
    period: undefined,
    clients: [],
    topic: undefined,
    offset: 0,
    searchText: "q",
    kinds: [],
    names: [],
    ownItems: false,
  },
  facts: [],
  passages: [],
  found: true,
  history: [],
  ...over,
});

test("an ISO date in a quote is written as a date a person reads", () => {
  expect(readableDates("Next meeting: 2027-01-05, topics: taxes")).toBe("Next meeting: January 5, 2027, topics: taxes");
  expect(readableDates("order 2026-13-45 stays")).toBe("order 2026-13-45 stays");
  const answer = composeLocalAnswer(
    context({ evidence: [evidence({ source: "summary", speaker: null, text: "Meet on 2027-01-05." })] }),
  );
  expect(answer).toContain("January 5, 2027");
  expect(answer).not.toContain("2027-01-05");
});

test("across clients, the clients come first on one line and each is cited at its moment", () => {
  const a = evidence({});
  const b = evidence({
    meetingId: 9,
    clientName: "Szabo Dental",
    speaker: "Wilma Szabo",
    text: "The boat goes to my son.",
  });
  const answer = composeLocalAnswer(
    context({
      evidence: [a, b],
      acrossClients: [
        { clientName: a.clientName, evidence: [a] },
        { clientName: b.clientName, evidence: [b] },
      ],
    }),
  );
  const [first] = answer.split("\n");
  // Each client is named with the words that support it.
  expect(first).toBe(
    "**2 clients:** Quist family (“We sold the boat for forty thousand.”); Szabo Dental (“The boat goes to my son.”)",
  );
  expect(answer).toContain("(/meetings/4?t=95)");
  expect(answer).toContain("(/meetings/9?t=95)");
});

test("a client is listed only when one of its sentences is relevant, and not far below the best client", () => {
  const passages = ["Quist family", "Szabo Dental", "Ode LLC"].map((clientName, i) => ({
    meetingId: i,
    title: "t",
    date: new Date(),
    clientName,
    source: "transcript",
    content: "x",
  }));
  const sentence = (passage: number, score: number, coverage: number): ScoredSentence => ({
    passage,
    speaker: null,
    text: "x",
    next: null,
    similarity: 0.5,
    coverage,
    known: 1,
    kind: 0,
    score,
  });
  const found = clientsSupporting([sentence(0, 0.9, 1), sentence(1, 0.8, 0.8), sentence(2, 0.85, 0.05)], passages);
  expect(found.map((f) => f.clientName)).toEqual(["Quist family", "Szabo Dental"]);
  expect(clientsSupporting([sentence(2, 0.85, 0.05)], passages)).toEqual([]);
});

test("quotes from a meeting summary are not headed 'From the transcripts'", () => {
  const fact = {
    id: 4,
    title: "Annual review",
    type: "Meeting",
    date: new Date(2026, 2, 9),
    clientId: 1,
    clientName: "Quist family",
    summary: {
      executiveSummary: "Reviewed the boat sale.",
      keyPoints: [],
      decisions: [],
      actionItems: [],
      nextMeeting: null,
    },
  };
  const ctx = context({
    understood: {
      intent: "key_points",
      period: undefined,
      clients: [],
      topic: undefined,
      offset: 0,
      searchText: "q",
      kinds: [],
      names: [],
      ownItems: false,
    },
    facts: [fact],
    evidence: [evidence({ source: "summary", speaker: null })],
  });
  expect(composeLocalAnswer(ctx)).not.toContain("From the transcripts");
  expect(composeLocalAnswer({ ...ctx, evidence: [evidence({})] })).toContain("From the transcripts");
});

test("a question and its reply are two quotes, each credited to its own speaker", () => {
  const asked = evidence({
    speaker: "Ada Okoro",
    text: "And the appraisal, where did it come in?",
    reply: { speaker: "Wen Li", text: "Four hundred ten thousand.", seconds: 130 },
  });
  const answer = composeLocalAnswer(context({ evidence: [asked, evidence({})] }));
  const lead = answer.split("\n\n")[0]!;
  expect(lead).toContain("“And the appraisal, where did it come in?” — Ada Okoro");
  expect(lead).toContain("**Four hundred ten thousand.** — Wen Li, [Annual review (March 9, 2026) at 2:10]");
  // No speaker's name inside another's words.
  expect(answer).not.toContain("Wen Li: ");
  const passages = composeLocalAnswer(context({ evidence: [evidence({}), asked] }));
  expect(passages).toContain("> And the appraisal, where did it come in?\n>\n> — Ada Okoro");
  expect(passages).toContain("> Four hundred ten thousand.\n>\n> — Wen Li");
});

test("the meeting's notes are never quoted: they are the engine's words, not what was said", () => {
  const note = evidence({ source: "summary", speaker: null, text: "The house appraised at $410,000." });
  const answer = composeLocalAnswer(context({ evidence: [evidence({}), note] }));
  // The moment inside the sentence it belongs to, as on the closest passages' notes line.
  expect(answer).toContain("From the meeting notes: The house appraised at $410,000 ([Annual review");
  expect(answer).toMatch(/\$410,000 \(\[[^\]]+\]\([^)]+\)\)\.$/m);
  expect(answer).not.toContain("> The house appraised");
  expect(answer).not.toContain("“The house appraised");
});

test("an answer that is not sure says so first, then the closest passages as they were said", () => {
  const ctx = context({ evidence: [evidence({}), evidence({ text: "The boat was insured for fifty." })] });
  const answer = closestPassagesAnswer(ctx);
  expect(answer.split("\n\n")[0]).toBe(NOT_SURE_ANSWER);
  expect(answer).toContain("> We sold the boat for forty thousand.");
  expect(answer).toContain("> The boat was insured for fifty.");
  expect(answer).not.toContain("**We sold the boat");
});

test("a meeting's notes among the closest passages are one line, where the first of them ranks", () => {
  const note = (text: string, seconds: number | null) => evidence({ source: "summary", speaker: null, text, seconds });
  const ctx = context({
    evidence: [note("Next: Ada will order the survey", null), note("Roof: $18,000.", 95), evidence({})],
  });
  const answer = closestPassagesAnswer(ctx);
  expect(answer.match(/From the meeting notes/g)?.length).toBe(1);
  expect(answer).toContain(
    "From the meeting notes: Next: Ada will order the survey. Roof: $18,000 ([at 1:35](/meetings/4?t=95)).",
  );
  expect(answer.indexOf("From the meeting notes")).toBeLessThan(answer.indexOf("> We sold the boat"));
});

test("a sentence both the summary and a key point hold is said once among the closest passages", () => {
  const note = (text: string, seconds: number | null) => evidence({ source: "summary", speaker: null, text, seconds });
  const ctx = context({
    evidence: [
      note("The cabin is listed at $289,000.", null),
      note("Survey: $900.", 40),
      note("The cabin is listed at $289,000.", 95),
    ],
  });
  const answer = closestPassagesAnswer(ctx);
  expect(answer.match(/listed at/g)?.length).toBe(1);
  expect(answer).toContain("From the meeting notes: The cabin is listed at $289,000. Survey: $900");
  // A summary passage of two sentences, one of them a key point's too: that one said once.
  const twice = closestPassagesAnswer(
    context({
      evidence: [
        note("The cabin is listed at $289,000. Survey: $900.", null),
        note("The cabin is listed at $289,000.", 95),
      ],
    }),
  );
  expect(twice.match(/listed at/g)?.length).toBe(1);
});

test('a "Now," that opens a question only moves it on: it asks nothing of how things stand now', () => {
  expect(shapeOfQuestion("Now, what did the appraisal say?", true).current).toBe(false);
  expect(shapeOfQuestion("What is the home charging for her now?", true).current).toBe(true);
});

test("the closest passages are grouped by meeting: each meeting named once, each quote credited at its moment", () => {
  const other = { meetingId: 7, title: "Estate follow-up", date: new Date(2026, 3, 2) };
  const ctx = context({
    evidence: [
      evidence({}),
      evidence({ ...other, speaker: "Ada Okoro", text: "The appraisal came in at three sixty-two.", seconds: 610 }),
      evidence({ text: "The boat was insured for fifty.", seconds: 130 }),
    ],
  });
  const answer = closestPassagesAnswer(ctx);
  const [, first, , second] = answer.split("\n\n");
  expect(first).toBe("From [Annual review (March 9, 2026)](/meetings/4):");
  expect(answer.match(/Annual review/g)?.length).toBe(1);
  // The first meeting's two passages come before the other meeting's.
  expect(answer.indexOf("insured for fifty")).toBeLessThan(answer.indexOf("three sixty-two"));
  expect(second).toBe("> The boat was insured for fifty.\n>\n> — Hugo Quist, [at 2:10](/meetings/4?t=130)");
  expect(answer).toContain("From [Estate follow-up (April 2, 2026)](/meetings/7):");
  expect(answer).toContain("> — Ada Okoro, [at 10:10](/meetings/7?t=610)");
});

test("a quote from a transcript without speaker names is credited to an unnamed speaker, not to 'Transcript'", () => {
  const said = evidence({ speaker: null, text: "The survivor benefit is half of his pension." });
  const answer = closestPassagesAnswer(context({ evidence: [said] }));
  expect(answer).toContain("> — Unnamed speaker, [at 1:35](/meetings/4?t=95)");
  expect(answer).not.toContain("Transcript");
});

test("the clients a person speaks for or with are listed under their name, each with its latest meeting", () => {
  const base = context({});
  const ctx = context({
    understood: { ...base.understood, intent: "clients_met", person: { name: "Wren Castellanos", meetingIds: [9] } },
    clientsMet: [
      {
        clientName: "Ferris Holdings",
        meetings: 2,
        lastDate: new Date(2026, 3, 2),
        lastMeetingId: 9,
        lastTitle: "Buy-out terms",
      },
    ],
  });
  const answer = composeLocalAnswer(ctx);
  expect(answer.split("\n")[0]).toBe("**Wren Castellanos spoke in the meetings of 1 client:** Ferris Holdings");
  expect(answer).toContain("**Ferris Holdings** — 2 meetings, most recently [Buy-out terms");
  expect(answer).not.toContain("last month");
  expect(composeLocalAnswer({ ...ctx, clientsMet: [] })).toBe("I found no meetings with Wren Castellanos.");
});

test("among the closest passages, a question said with no reply comes after what was stated", () => {
  const asked = evidence({
    speaker: "Ines Carver",
    text: "And the interest rate. Hugo, you had a number?",
    seconds: 60,
  });
  const stated = evidence({ text: "The note is for fifty thousand at six and a half percent.", seconds: 80 });
  const answered = evidence({
    speaker: "Ines Carver",
    text: "What did the boat sell for?",
    reply: { speaker: "Hugo Quist", text: "Forty thousand.", seconds: 99 },
    seconds: 98,
  });
  const answer = closestPassagesAnswer(context({ evidence: [asked, answered, stated] }));
  expect(answer.indexOf("six and a half percent")).toBeLessThan(answer.indexOf("you had a number?"));
  // A question with its reply is no mere question: it keeps its place.
  expect(answer.indexOf("What did the boat sell for?")).toBeLessThan(answer.indexOf("six and a half percent"));
});

test("after a finding from the notes, their sentences are said once among the supporting quotes", () => {
  const note = (text: string) => evidence({ source: "summary", speaker: null, text, seconds: null });
  const answer = composeLocalAnswer(
    context({
      evidence: [
        evidence({ source: "summary", speaker: null, text: "State payment: $950." }),
        note("State payment: $950. Federal payment: $3,200."),
        note("Federal payment: $3,200."),
        evidence({ text: "And the state one goes up to about nine-fifty." }),
      ],
    }),
  );
  expect(answer.match(/State payment/g)?.length).toBe(1);
  expect(answer.match(/Federal payment/g)?.length).toBe(1);
  expect(answer).toContain("From the meeting notes: Federal payment: $3,200");
  expect(answer).toContain("> And the state one goes up to about nine-fifty.");
});
