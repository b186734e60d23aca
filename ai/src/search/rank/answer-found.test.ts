// A question naming someone nobody in the meetings is, or a client the account never had, finds nothing.
import { expect, test } from "bun:test";
import type { MeetingFact } from "../answer-store";
import type { Passage } from "../answer-types";
import { namesNobodySaid } from "./answer-found";

const passage = (content: string): Passage => ({
  meetingId: 1,
  title: "Annual review",
  date: new Date(2026, 2, 9),
  clientName: "Quist family",
  source: "transcript",
  content,
});
const meeting = { clientName: "Quist family", title: "Annual review" } as MeetingFact;
const passages = [passage("Hugo: We sold the boat. Dana: Dr. Halvorsen sent the records.")];

test("a name no client bears and nothing found says: nothing is found", () => {
  const asked = (names: string[]) => namesNobodySaid({ names, clients: [] }, passages, [meeting]);
  expect(asked(["dr", "samuel", "okonjo"])).toBe(true);
  expect(asked(["brightwater", "landscaping"])).toBe(true);
  // Said in a passage, or the meeting's client: answered.
  expect(asked(["halvorsen"])).toBe(false);
  expect(asked(["quists"])).toBe(false);
  expect(asked(["samuel", "halvorsen"])).toBe(false);
  // No name asked, or a client matched: not this rule's to judge.
  expect(asked([])).toBe(false);
  expect(namesNobodySaid({ names: ["okonjo"], clients: [{ id: 1, name: "Okonjo" }] }, passages, [])).toBe(false);
});
