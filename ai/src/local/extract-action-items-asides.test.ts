// Speech that sounds like a task and is not (what a request is for, an apology about the call, deferring to someone
// else's choice, a task nobody can be named for), and how a task reads in the list ("that payment" named in full,
// "after that" dropped, "you two" as the client typed).
import { expect, test } from "bun:test";
import { itemsFromLines } from "../../test-support/action-item-lines";
import { splitSegmentsIntoSentences } from "../language/sentences";
import { EVERY_CANDIDATE } from "./action-items/features";
import { readActionItems, extractActionItems as readItems } from "./extract-action-items";

const extractActionItems = (...args: Parameters<typeof readItems>) => readItems(args[0], args[1], EVERY_CANDIDATE);

const ADVISER = "Helen Brook";
const CLIENT = "Omar Said";

test("'…, so I can check the rates' says what a request is for, not a second promise", () => {
  const items = itemsFromLines([
    [ADVISER, "Omar, please send me the loan papers, so I can check the rates before we refinance."],
    [CLIENT, "Sure."],
  ]);
  expect(items).toEqual([{ task: "Send Helen the loan papers", assignee: CLIENT }]);
});

test("an apology about the call is no commitment; deferring to someone else's choice is at most a possible item", () => {
  const items = itemsFromLines([
    [CLIENT, "Sorry, I'm going to leave my camera off, the connection is bad."],
    [ADVISER, "No problem."],
  ]);
  expect(items).toEqual([]);
  const sentences = splitSegmentsIntoSentences([
    { speaker: ADVISER, text: "I'll file whatever paperwork you send me.", start: 0, end: 4 },
  ]);
  const read = readActionItems(sentences, { speakers: [ADVISER, CLIENT], meetingDate: new Date(2025, 8, 10, 14) });
  expect(read.actionItems).toEqual([]);
});

test("without speaker labels, 'I'm adding…' cannot be given to anyone and is left out, not listed Unassigned", () => {
  const items = itemsFromLines([
    [null, "Let me recap."],
    [null, "I'm adding the boat to the trust schedule."],
    [null, "Tariq files the homestead exemption."],
  ]);
  expect(items).toEqual([{ task: "File the homestead exemption", assignee: "Tariq" }]);
});

test("without speaker labels, the 'I'll' after a yes to a question by name is no longer the answer", () => {
  const asked = itemsFromLines([
    [null, "Lee, could you change the contingent beneficiary on your work policy by Friday?"],
    [null, "Sure, I'll do that."],
    [null, "I'll send the summary to your sister too, if you're okay with that."],
  ]);
  // The one asked said yes; who said the next "I'll" is unknown, so it is nobody's.
  expect(asked.map((item) => `${item.assignee}: ${item.task}`)).toEqual([
    "Lee: Change the contingent beneficiary on their work policy by Friday",
    "Unassigned: Send the summary to their sister too, if they're okay with that",
  ]);
  // Without the yes, the "I'll" two sentences on is still the answer.
  const answered = itemsFromLines([
    [null, "Devin, do you have the signed forms? The ones from June."],
    [null, "I'll send them tonight."],
  ]);
  expect(answered.map((item) => item.assignee)).toEqual(["Devin"]);
});

test("'you two' is the client as typed when two speakers are named in it", () => {
  const lines: [string, string][] = [
    ["Dana Cruz", "We have not picked a trustee."],
    ["Sam Whit", "Not yet."],
    [ADVISER, "And you two will talk to your brother before we draft."],
  ];
  const sentences = splitSegmentsIntoSentences(
    lines.map(([speaker, text], i) => ({ speaker, text, start: i * 5, end: i * 5 + 4 })),
  );
  const speakers = ["Dana Cruz", "Sam Whit", ADVISER];
  const meetingDate = new Date(2025, 8, 10, 14);
  expect(extractActionItems(sentences, { speakers, meetingDate, clientName: "Sam Whit and Dana Cruz" })).toEqual([
    { task: "Talk to their brother before we draft", assignee: "Dana Cruz and Sam Whit" },
  ]);
  expect(extractActionItems(sentences, { speakers, meetingDate, clientName: "Cruz Holdings" })).toEqual([]);
});

test("'that payment' in a recap is named in full from the task before it", () => {
  const items = itemsFromLines([
    [CLIENT, "That is everything from me."],
    [ADVISER, "Let me recap."],
    [ADVISER, "Priya: send Omar the quarterly tax payment figures by Friday."],
    [ADVISER, "Omar: make that payment before the deadline."],
  ]);
  expect(items[1]).toEqual({ task: "Make the quarterly tax payment before the deadline", assignee: CLIENT });
});

test("'process that transfer' for someone who already has the transfer is the same task said again", () => {
  const items = itemsFromLines([
    [ADVISER, "Let me recap."],
    [ADVISER, "Tariq will set up the rollover transfer to the new custodian."],
    [CLIENT, "Good."],
    [ADVISER, "And just so you know, Tariq will process that transfer."],
  ]);
  expect(items).toEqual([{ task: "Set up the rollover transfer to the new custodian", assignee: "Tariq" }]);
});

test("a time counted from 'that' is dropped from the task: out of its place it points at nothing", () => {
  const items = itemsFromLines([
    [ADVISER, "I'll send the draft trust about two weeks after that."],
    [CLIENT, "Great."],
  ]);
  expect(items).toEqual([{ task: "Send the draft trust", assignee: ADVISER }]);
});

test("'you' as the subject of a clause in someone else's task is the one spoken to, named; elsewhere 'them'", () => {
  const items = itemsFromLines([
    [ADVISER, "Tariq will print the deed for you when you come in."],
    [CLIENT, "Thanks."],
  ]);
  expect(items).toEqual([{ task: "Print the deed for Omar when Omar comes in", assignee: "Tariq" }]);
});

test("a thing to bring to the next meeting is due on the day that meeting was set for, and only a thing brought", () => {
  const lines: [string, string][] = [
    [CLIENT, "What do we need for the signing?"],
    [ADVISER, "Please bring your passport to the signing."],
    [ADVISER, "And I'll prepare the income plan for the appointment."],
  ];
  const sentences = splitSegmentsIntoSentences(
    lines.map(([speaker, text], i) => ({ speaker, text, start: i * 5, end: i * 5 + 4 })),
  );
  const people = { speakers: [CLIENT, ADVISER], meetingDate: new Date(2025, 8, 10, 14) };
  expect(extractActionItems(sentences, { ...people, nextMeetingDate: "2025-09-20" })).toEqual([
    { task: "Bring their passport to the signing", assignee: CLIENT, dueDate: "2025-09-20" },
    { task: "Prepare the income plan for the appointment", assignee: ADVISER },
  ]);
  expect(extractActionItems(sentences, { ...people, nextMeetingDate: null })[0]?.dueDate).toBeUndefined();
});
