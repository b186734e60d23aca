// Small dialogues, written for these tests: who owns a task is settled by the exchange (asked, accepted, handed on),
// and advice, hypotheticals, worries, deferrals, negations and fragments are no tasks.
import { expect, test } from "bun:test";
import { itemsFromLines } from "../../../test-support/action-item-lines";

const ADVISER = "Odette Marsh";
const CLIENT = "Bram Ellery";
const SPOUSE = "Ines Ellery";
const ASSOCIATE = "Tobias Wren";

test("a request goes to the person named earlier in the same turn, not to the person the thing goes to", () => {
  const items = itemsFromLines([
    [ADVISER, "And Bram, for the budget."],
    [ADVISER, "Could you find the water bills for last year and get them to Tobias by Monday?"],
    [CLIENT, "They're in the kitchen drawer. I'll get them to him."],
    [ASSOCIATE, "Thanks."],
  ]);
  expect(items).toHaveLength(1);
  expect(items[0]?.assignee).toBe(CLIENT);
  expect(items[0]?.task).toContain("water bills");
});

test("the one who accepts a request owns it, and the request keeps its words", () => {
  const items = itemsFromLines([
    [ADVISER, "Could you order three copies of the marriage certificate from the registry?"],
    [SPOUSE, "Yes, I'll order three tonight."],
  ]);
  expect(items).toEqual([
    {
      task: "Order three copies of the marriage certificate from the registry",
      assignee: SPOUSE,
      dueDate: "2025-09-10",
    },
  ]);
});

test("'I'd like you to' asks the person named", () => {
  const items = itemsFromLines([
    [ADVISER, "Tobias, I'd like you to open the custodial account for the grandchildren."],
    [ASSOCIATE, "Will do."],
    [CLIENT, "Great."],
  ]);
  expect(items).toEqual([{ task: "Open the custodial account for the grandchildren", assignee: ASSOCIATE }]);
});

test("a task handed to someone absent is theirs", () => {
  const items = itemsFromLines([
    [ADVISER, "I'll have Greta prepare the transfer forms for the brokerage account."],
    [CLIENT, "Perfect."],
  ]);
  expect(items).toEqual([{ task: "Prepare the transfer forms for the brokerage account", assignee: "Greta" }]);
});

test("advice, hypotheticals, worries, deferrals, negations and fragments are no tasks", () => {
  const items = itemsFromLines([
    [ADVISER, "If you ever sold the orchard, we'd redo the whole estimate."],
    [CLIENT, "I'm worried we'll have to sell the orchard anyway."],
    [ADVISER, "Let's park that for now."],
    [CLIENT, "I won't touch the savings until spring."],
    [ADVISER, "We'll make it work."],
    [ADVISER, "And then you have to adjust for inflation."],
    [CLIENT, "I'll catch up on savings later."],
    [CLIENT, "If the bank says no, tell me, and we'll think about something else."],
  ]);
  expect(items).toEqual([]);
});

test("a promise said as 'I'm getting…' is a task", () => {
  const items = itemsFromLines([
    [SPOUSE, "I'm getting two more quotes for the fence so we know the real cost."],
    [ADVISER, "Good."],
  ]);
  expect(items.map((item) => item.assignee)).toEqual([SPOUSE]);
  expect(items[0]?.task).toContain("quotes for the fence");
});

test("without speaker labels a first-person promise is kept, unassigned", () => {
  const items = itemsFromLines([
    [null, "I'll run the pension projection at both retirement ages and send it by Friday."],
    [null, "Okay."],
  ]);
  expect(items.map((item) => item.assignee)).toEqual(["Unassigned"]);
});

test("'we'll…' in the turn that sets the next meeting is its agenda, not a task", () => {
  const items = itemsFromLines([
    [ADVISER, "How about Thursday at ten?"],
    [CLIENT, "Thursday works."],
    [ADVISER, "Thursday at ten, then. We'll review the revised budget and sign the transfer forms."],
  ]);
  expect(items).toEqual([]);
});

test("a thing said to someone by name is what their 'I'll file it' is about", () => {
  const items = itemsFromLines([
    [ADVISER, "Tobias, the change of address form too, for the pension."],
    [ASSOCIATE, "Got it. I'll send it with the transfer packet."],
    [CLIENT, "Thank you."],
  ]);
  expect(items).toEqual([{ task: "Send the change of address form with the transfer packet", assignee: ASSOCIATE }]);
});

test("a request to someone named stays theirs when someone else says 'good' first", () => {
  const items = itemsFromLines([
    [ADVISER, "Tobias, could you pull the statements for the old pension plan?"],
    [CLIENT, "Good idea."],
    [ASSOCIATE, "Sure, I'll pull them today."],
  ]);
  expect(items).toEqual([
    { task: "Pull the statements for the old pension plan", assignee: ASSOCIATE, dueDate: "2025-09-10" },
  ]);
});

test("a request turned down is no task", () => {
  const items = itemsFromLines([
    [ADVISER, "Could you get me the statements for the old brokerage account?"],
    [CLIENT, "I can't, my brother has the login and we don't talk."],
    [ADVISER, "Understood."],
  ]);
  expect(items).toEqual([]);
});
