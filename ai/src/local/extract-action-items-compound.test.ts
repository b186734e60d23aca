// One sentence that both commits and asks: the commitment stands although the sentence ends with a question mark.
import { expect, test } from "bun:test";
import { itemsFromLines } from "../../test-support/action-item-lines";

test("a commitment joined to a request by 'and' is kept beside the request's answer", () => {
  const items = itemsFromLines([
    [
      "Nadia Okoro",
      "Right. I'll mail you the revised fee agreement by Monday, and could you send me last year's return?",
    ],
    ["Ben Alvarez", "Sure, I'll scan it tonight."],
  ]);
  expect(items.map((i) => [i.assignee, i.task])).toEqual([
    ["Nadia Okoro", "Mail Ben the revised fee agreement by Monday"],
    ["Ben Alvarez", expect.stringMatching(/last year's return/)],
  ]);
});

test("a clause that itself asks stays a question, not a commitment", () => {
  const items = itemsFromLines([
    ["Nadia Okoro", "Should I mail you the fee agreement, or would you rather pick it up on Monday?"],
    ["Ben Alvarez", "I'm not sure yet."],
  ]);
  expect(items).toEqual([]);
});
