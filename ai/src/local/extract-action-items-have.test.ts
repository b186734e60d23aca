// "I'll have the draft to you by Friday": a thing promised to be somewhere by a time is a task; a timeline ("I'll have
// drafts in three weeks") or having time is not.
import { expect, test } from "bun:test";
import { itemsFromLines } from "../../test-support/action-item-lines";

const ADVISER = "Helen Brook";
const CLIENT = "Omar Said";
const FRIDAY = "2025-09-12";

const itemsOf = (line: string) =>
  itemsFromLines([
    [ADVISER, line],
    [CLIENT, "Great, thanks."],
  ]);

test("'have the … to you by Friday' is getting it to the client by Friday", () => {
  expect(itemsOf("I'll have the valuation summary to you by Friday.")).toEqual([
    { task: "Get the valuation summary to Omar by Friday", assignee: ADVISER, dueDate: FRIDAY },
  ]);
});

test("'have the … ready' is a task in the speaker's words", () => {
  expect(itemsOf("I'll have the transfer paperwork ready by Friday.")).toEqual([
    { task: "Have the transfer paperwork ready by Friday", assignee: ADVISER, dueDate: FRIDAY },
  ]);
});

test("a timeline, having time and having to are not deliveries", () => {
  expect(itemsOf("I'll have projections in about three weeks.")).toEqual([]);
  expect(itemsOf("I'll have time to look at it on Friday.")).toEqual([]);
});
