// Requests and their answers: the one who answers does the task, in the request's words (the task description) and
// with the answer's date; "I'll do that", "I can do mine today" and "I'll help you do it" date a task without becoming
// one.
import { expect, test } from "bun:test";
import { itemsFromLines } from "../../test-support/action-item-lines";

const ADVISER = "Helen Brook";
const PARTNER = "Victor Lane";
const CLIENT = "Omar Said";
const FRIDAY = "2025-09-12";
const TODAY = "2025-09-10";

test("a request answered with 'them' and a date is one item: the request's words, the one who answered, the date", () => {
  const items = itemsFromLines([
    [CLIENT, "Could you email me the receipts?"],
    [ADVISER, "Sure, I'll email them by Friday."],
  ]);
  expect(items).toEqual([{ task: "Email Omar the receipts", assignee: ADVISER, dueDate: FRIDAY }]);
});

test("when someone other than the one first guessed answers the request, the task is theirs", () => {
  const items = itemsFromLines([
    [ADVISER, "We can go over the fees next time."],
    [CLIENT, "Can you send me the fee schedule?"],
    [PARTNER, "Yes, I'll send it by Friday."],
  ]);
  expect(items).toEqual([{ task: "Send Omar the fee schedule", assignee: PARTNER, dueDate: FRIDAY }]);
});

test("'I'll do that by Friday' dates the request it answers and keeps the request's words", () => {
  const items = itemsFromLines([
    [ADVISER, "Omar, could you email me the two bank statements?"],
    [CLIENT, "Yes, I'll do that by Friday."],
  ]);
  expect(items).toEqual([{ task: "Email Helen the two bank statements", assignee: CLIENT, dueDate: FRIDAY }]);
});

test("'I can do mine today' dates that person's task the turns just spoke of, not their other tasks", () => {
  const items = itemsFromLines([
    [ADVISER, "Omar, your pension plan still names your late aunt as beneficiary."],
    [CLIENT, "I can do mine on my lunch today."],
    [ADVISER, "Let me recap."],
    [ADVISER, "Omar will update the pension beneficiary."],
    [ADVISER, "Omar will mail the signed gift letter."],
  ]);
  expect(items).toEqual([
    { task: "Update the pension beneficiary", assignee: CLIENT, dueDate: TODAY },
    { task: "Mail the signed gift letter", assignee: CLIENT },
  ]);
});

test("'I'll help you do it tonight' dates the other person's task and makes no task of the help", () => {
  const items = itemsFromLines([
    [ADVISER, "Omar, can you text me your accountant's phone number?"],
    [CLIENT, "I'm hopeless with my phone."],
    [PARTNER, "I'll help you do it tonight, Omar."],
  ]);
  expect(items).toEqual([{ task: "Text Helen their accountant's phone number", assignee: CLIENT, dueDate: TODAY }]);
});

test("'what would help is if you two could…' asks the couple; one of them accepting with a date dates it", () => {
  const items = itemsFromLines([
    ["Mina Park", "We brought the old policy."],
    ["Joon Park", "It's a copy."],
    [ADVISER, "What would help me is if you two could send me the original declarations page."],
    ["Mina Park", "I'll do it tonight."],
  ]);
  expect(items).toEqual([
    {
      task: "Send Helen the original declarations page",
      assignee: "Mina Park and Joon Park",
      dueDate: TODAY,
    },
  ]);
});

test("two things sent to one person are two tasks: whom a task is for does not make it the same task", () => {
  const items = itemsFromLines([
    [ADVISER, "I will send you the rollover forms by Friday."],
    [CLIENT, "Can you send me the beneficiary form too?"],
    [ADVISER, "Sure, I'll send it by Friday as well."],
  ]);
  expect(items.map((item) => item.task)).toEqual([
    "Send Omar the rollover forms by Friday",
    "Send Omar the beneficiary form",
  ]);
  expect(items.every((item) => item.assignee === ADVISER && item.dueDate === FRIDAY)).toBe(true);
});
