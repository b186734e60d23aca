// A closing run-through of "who's doing what", said in the present progressive: each person's verbs are their own
// tasks, a second "-ing" verb of the same person is a task of theirs too, and a task stays whole rather than being
// joined to the next one and then cut short.
import { beforeAll, expect, test } from "bun:test";
import { itemsFromLines } from "../../../test-support/action-item-lines";
import { loadWordKinds } from "../record/word-kinds";

// As the product reads: with the word lexicon loaded ("phoning" is "phone").
beforeAll(loadWordKinds);

const LAWYER = "Wren Halloway";
const DAUGHTER = "Tess Orland";

test("'let me run through who's doing what' opens a recap, read person by person", () => {
  const items = itemsFromLines([
    [DAUGHTER, "That's everything I had."],
    [LAWYER, "Okay, let me go through who's doing what, so nobody leaves with a different list."],
    [
      LAWYER,
      "Tess is gathering the bank statements for the last three years, and sending me the lease before she signs it.",
    ],
    [LAWYER, "Tess is also phoning the cemetery for a plot price."],
    [LAWYER, "Felix is writing me a short note about the boat money, with any receipts he still has."],
    [LAWYER, "Odo is ordering the title search and setting up the estate ledger."],
    [DAUGHTER, "Got it."],
  ]);
  expect(items).toEqual([
    { task: "Gather the bank statements for the last three years", assignee: DAUGHTER },
    { task: "Send Wren the lease before she signs it", assignee: DAUGHTER },
    { task: "Phone the cemetery for a plot price", assignee: DAUGHTER },
    { task: "Write Wren a short note about the boat money, with any receipts he still has", assignee: "Felix" },
    { task: "Order the title search and set up the estate ledger", assignee: "Odo" },
  ]);
});

test("an agenda that promises a list of who's doing what is no recap", () => {
  const items = itemsFromLines([
    [LAWYER, "Today I want to cover the house, the accounts, and then make a list of who's doing what."],
    [LAWYER, "Tess, could you send me the deed to the house by Friday?"],
    [DAUGHTER, "Sure."],
    [LAWYER, "I'll draft the petition to open probate."],
  ]);
  expect(items.map((item) => item.task)).toEqual([
    "Send Wren the deed to the house by Friday",
    "Draft the petition to open probate",
  ]);
});

test("'you and I' is no one's task, and 'she should be' after a recap line is no task", () => {
  const items = itemsFromLines([
    [LAWYER, "Let me recap."],
    [LAWYER, "I'm going to come out and see your father at the farm before the move, Tess, you and I will pick a day."],
    [LAWYER, "Felix calls the insurer about the barn."],
    [DAUGHTER, "He'll be thrilled. She should be too."],
  ]);
  expect(items).toEqual([
    { task: "Come out and see Tess's father at the farm before the move", assignee: LAWYER },
    { task: "Call the insurer about the barn", assignee: "Felix" },
  ]);
});
