// "Which clients is Wren handling?": a person who speaks in the meetings (a colleague, an outside accountant) is
// asked about, and the answer lists the clients of the meetings they speak in. The names are made up for these tests.
import { expect, test } from "bun:test";
import type { MeetingFact } from "../answer-store";
import { visitsByClient } from "../fetch/resolve-meetings";
import type { NamedClient } from "./match-client";
import { personAsked } from "./person-asked";
import { planQuestion } from "./plan-question";
import { shapeOfQuestion } from "./question-shape";
import { understandQuestion } from "./understand-question";

const said = (name: string, ...meetingIds: number[]) => ({ name, meetingIds });
const clients: NamedClient[] = [
  {
    id: 1,
    name: "Tamsin and Olu Achterberg",
    aliases: ["tamsin", "olu"],
    speakers: [said("Tamsin Achterberg", 10, 11), said("Wren Castellanos (firm.example)", 11)],
  },
  { id: 2, name: "Ferris Holdings", speakers: [said("Dov Ferris", 20), said("Wren", 20), said("Ines Park", 20)] },
  { id: 3, name: "Hendricks Family Trust", speakers: [said("Ines Park", 30), said("Maud Hendricks", 30)] },
];
const now = new Date("2026-05-20T12:00:00Z");

test("a name a client's meetings have as a speaker, in a 'which clients' question, is the person asked", () => {
  expect(personAsked("Which clients is Wren handling?", clients)).toEqual({
    name: "Wren Castellanos",
    meetingIds: [11, 20],
  });
  expect(personAsked("What clients does Ines work with?", clients)?.meetingIds).toEqual([20, 30]);
});

test("a client's own name, a name nobody speaks under, or another kind of question asks for no person", () => {
  expect(personAsked("Which clients is Tamsin like?", clients)).toBeUndefined();
  expect(personAsked("Which clients own a Tesla?", clients)).toBeUndefined();
  expect(personAsked("What did Wren say about the roof?", clients)).toBeUndefined();
});

test("the plan reads the meetings the person spoke in, not meetings whose words say the name", () => {
  const question = "Which clients is Wren handling?";
  const understood = understandQuestion(question, [], clients, now);
  expect(understood.names).not.toContain("wren");
  const plan = planQuestion({
    question,
    understood,
    shape: shapeOfQuestion(question, false),
    history: [],
    now,
    lastAnswerMeetings: [],
  });
  expect(plan.kind).toBe("client-list");
  expect(plan.scopes).toEqual([{ by: "with-person", meetingIds: [11, 20] }]);
});

test("the meetings spoken in are listed by client: how many of them are the client's, and the latest", () => {
  const meeting = (id: number, clientId: number, clientName: string, day: number): MeetingFact => ({
    id,
    title: `Meeting ${id}`,
    type: "Review",
    date: new Date(2026, 3, day),
    clientId,
    clientName,
    summary: null,
  });
  const visits = visitsByClient([
    meeting(11, 1, "Tamsin and Olu Achterberg", 3),
    meeting(20, 2, "Ferris Holdings", 9),
    meeting(12, 1, "Tamsin and Olu Achterberg", 12),
  ]);
  expect(visits.map((v) => [v.clientName, v.meetings, v.lastMeetingId])).toEqual([
    ["Tamsin and Olu Achterberg", 2, 12],
    ["Ferris Holdings", 1, 20],
  ]);
});
