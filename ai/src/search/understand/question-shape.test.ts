// The shapes of question beyond one fact about one client, each from a kind of wording advisors use.
import { expect, test } from "bun:test";
import { meetingsOfLastAnswer } from "./last-answer";
import { shapeOfQuestion } from "./question-shape";

test("questions across clients name a subject; 'which clients did we meet' has none", () => {
  const ltc = shapeOfQuestion("Which clients are worried about nursing home costs?", false);
  expect(ltc.across).toBe(true);
  expect(ltc.subject).toBe("worried nursing home costs");
  expect(shapeOfQuestion("Who asked about annuities?", false).across).toBe(true);
  expect(shapeOfQuestion("Which clients did we meet last week?", false).across).toBe(false);
  // A question that names a client is about that client.
  expect(shapeOfQuestion("Who is the executor for the Quists?", true).across).toBe(false);
  // One person asked for, though no client is named: not a list of clients.
  expect(shapeOfQuestion("Who is Calvin's lawyer?", false).across).toBe(false);
  expect(shapeOfQuestion("Who was the appraiser on the duplex?", false).across).toBe(false);
  expect(shapeOfQuestion("Who is retiring this year?", false).across).toBe(true);
});

test("change over time, a meeting picked by its place, and the advisor's notes", () => {
  expect(shapeOfQuestion("How has the budget changed since our first meeting?", true)).toMatchObject({
    changes: true,
    pick: "first",
  });
  expect(shapeOfQuestion("Did anything change?", true).changes).toBe(false);
  expect(shapeOfQuestion("What did we settle at the most recent meeting?", true).pick).toBe("latest");
  // The meeting may be named in between: "our latest Quist family review call".
  expect(shapeOfQuestion("What came up at our latest Quist family review call?", true).pick).toBe("latest");
  expect(shapeOfQuestion("At the first Szabo & Sons meeting, what was decided?", true).pick).toBe("first");
  expect(shapeOfQuestion("What did I write in my notes about the boat?", false).notesFirst).toBe(true);
});

test("how things stand now: 'now', 'current', and an amount that goes on asked in the present", () => {
  expect(shapeOfQuestion("What is the home charging now?", true).current).toBe(true);
  expect(shapeOfQuestion("What's her current premium?", true).current).toBe(true);
  expect(shapeOfQuestion("What is the home charging?", true).current).toBe(true);
  expect(shapeOfQuestion("How much are they paying for the storage unit?", true).current).toBe(true);
  expect(shapeOfQuestion("What was the home charging?", true).current).toBe(false);
  expect(shapeOfQuestion("Now, what did the appraisal say?", true).current).toBe(false);
  expect(shapeOfQuestion("Who is the executor?", true).current).toBe(false);
});

test("a follow-up's meetings are the links of the last answer, each once, the user's own checked later", () => {
  const history = [
    { role: "user" as const, content: "Who is the executor?" },
    {
      role: "assistant" as const,
      content: "**Ines** — [Review](/meetings/12?t=40), [Intake](/meetings/7) and /meetings/12",
    },
  ];
  expect(meetingsOfLastAnswer(history)).toEqual([12, 7]);
  expect(meetingsOfLastAnswer([])).toEqual([]);
});

test("an outcome asked for ('what did it end up being?') is the newest meeting's", () => {
  expect(shapeOfQuestion("What did the Quists' mortgage rate end up being?", true).pick).toBe("latest");
  expect(shapeOfQuestion("Which carrier did Otto go with in the end?", true).pick).toBe("latest");
  expect(shapeOfQuestion("What is the Quists' mortgage rate?", true).pick).toBeUndefined();
});

test("a named month, day or season sets the period, not the subject", () => {
  expect(shapeOfQuestion("What did we agree with the Quists in October?", true).subject).toBe("quists");
  expect(shapeOfQuestion("Which clients did we talk to about annuities last spring?", false).subject).toBe("annuities");
  expect(shapeOfQuestion("What did I promise on Tuesday?", true).subject).toBe("promise");
});
