// Due dates only for deadlines said for the task; vague periods give none, an explicit date wins over them.
import { expect, test } from "bun:test";
import { dueDateOf, withoutSaidDeadline } from "./due-date";

const WEDNESDAY = new Date(2025, 8, 10, 14); // Wednesday 10 September 2025

test.each([
  ["send the rider tonight", "2025-09-10"],
  ["call the custodian this afternoon", "2025-09-10"],
  ["sign the transfer form by end of day", "2025-09-10"],
  ["mail the deed tomorrow", "2025-09-11"],
  ["collect the bank statements in the next two weeks", "2025-09-24"],
  ["return the checklist by the 19th", "2025-09-19"],
  ["file the extension by Friday", "2025-09-12"],
])("%s → %s", (task, date) => {
  expect(dueDateOf(task, WEDNESDAY)).toBe(date);
});

test.each([
  "ring the insurer this week",
  "look over the draft early next week",
  "talk to your sister this weekend",
  "have the appraisal in about three weeks",
  "get back to me in a few weeks",
  "start the paperwork right away",
  "book the notary for Saturday the 20th",
])("%s → no date", (task) => {
  expect(dueDateOf(task, WEDNESDAY)).toBeNull();
});

test("an explicit date said with a vague period wins", () => {
  expect(dueDateOf("sometime this week, by the 12th at the latest, send the form", WEDNESDAY)).toBe("2025-09-12");
});

test("'two weeks from today' is a point in time, not today", () => {
  expect(dueDateOf("send the invite for two weeks from today", WEDNESDAY)).toBeNull();
});

test.each([
  "decide on the plan by the end of the month",
  "retitle the account before the end of the quarter",
  "pay it out before the end of the year",
])("a period's end is no promised day: %s → no date", (task) => {
  expect(dueDateOf(task, WEDNESDAY)).toBeNull();
});

// Prose that adds the due date itself says it once: the deadline the task ends with goes.
test.each([
  ["Return the questionnaire by the 26th", "2025-09-26", "Return the questionnaire"],
  ["Get the counter to Glenn by October 30th", "2025-10-30", "Get the counter to Glenn"],
  ["Send the term sheet to Dominic by Monday", "2025-09-15", "Send the term sheet to Dominic"],
  ["Email Ruth a short list tomorrow", "2025-09-11", "Email Ruth a short list"],
  ["Send the exact withholding amount by tomorrow", "2025-09-11", "Send the exact withholding amount"],
  ["Mail the rider, tonight", "2025-09-10", "Mail the rider"],
  ["Send the engagement letter this afternoon", "2025-09-10", "Send the engagement letter this afternoon"],
  // A period said with the task, its due date set sooner ("I'll do it tonight"): the day given stands for it.
  ["Return the bond form to Keisha by the end of the week", "2025-09-10", "Return the bond form to Keisha"],
  // Words naming another day than the due date, or no day: kept whole.
  ["Send the term sheet by Monday", "2025-09-19", "Send the term sheet by Monday"],
  ["Stand by the client", "2025-09-12", "Stand by the client"],
  [
    "Call Reggie tonight and give him a heads-up on the note",
    "2025-09-10",
    "Call Reggie tonight and give him a heads-up on the note",
  ],
  ["Ask before signing anything", "2025-09-12", "Ask before signing anything"],
  ["By Friday", "2025-09-12", "By Friday"],
])("%s (due %s) → %s", (task, due, kept) => {
  expect(withoutSaidDeadline(task, due)).toBe(kept);
});
