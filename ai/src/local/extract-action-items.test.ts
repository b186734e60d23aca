// Kinds of speech the body reader must tell apart: commitments and requests (with who does them and what "that"
// means), and the things that only sound like tasks.
import { expect, test } from "bun:test";
import { itemsFromLines } from "../../test-support/action-item-lines";
import { loadWordKinds } from "./record/word-kinds";

const ADVISER = "Helen Brook";
const CLIENT = "Omar Said";

test("'that' in an answer takes the thing the request asked for", () => {
  const items = itemsFromLines([
    [CLIENT, "Could you send me the fee comparison for the two custodians?"],
    [ADVISER, "Sure, I'll send that over tonight."],
  ]);
  expect(items).toEqual([
    { task: "Send Omar the fee comparison for the two custodians", assignee: ADVISER, dueDate: "2025-09-10" },
  ]);
});

test("a name said to the one spoken to, set off by commas, is no part of the task; a list of names is", () => {
  expect(
    itemsFromLines([
      [CLIENT, "When will we see the letter?"],
      [ADVISER, "I'll send you a draft first, Omar, tomorrow."],
    ]),
  ).toEqual([{ task: "Send Omar a draft first, tomorrow", assignee: ADVISER, dueDate: "2025-09-11" }]);
  expect(
    itemsFromLines([
      [CLIENT, "Who should get a copy of the letter?"],
      [ADVISER, "I'll copy the letter to Lena, Omar, or Sam tomorrow."],
    ]),
  ).toEqual([{ task: "Copy the letter to Lena, Omar, or Sam tomorrow", assignee: ADVISER, dueDate: "2025-09-11" }]);
});

test("'you both' said to a couple is the two of them in the task, never one of them and 'both'", () => {
  const items = itemsFromLines([
    ["Tariq Nasser", "Anything else before we wrap up?"],
    ["Lina Nasser", "Just the budget."],
    [ADVISER, "I'll send you both the updated budget next week."],
  ]);
  expect(items.map((item) => item.task)).toEqual(["Send Tariq and Lina the updated budget next week"]);
});

test("a task whose object is only a pronoun, with nothing before to point at, is dropped", () => {
  const items = itemsFromLines([
    [ADVISER, "The weather has been strange lately."],
    [CLIENT, "I'll get that set up."],
    [ADVISER, "I'll do it."],
  ]);
  expect(items).toEqual([]);
});

test("fillers, hypotheticals, negations, cautions, rules, musings and things done in the meeting are not items", () => {
  const items = itemsFromLines([
    [CLIENT, "I will."],
    [ADVISER, "Will do."],
    [CLIENT, "If we ever sold the cabin, we'd move the money into the brokerage account."],
    [ADVISER, "We're not doing the annuity exchange this year."],
    [ADVISER, "Don't touch the inherited IRA until the estate closes."],
    [ADVISER, "You have to be retired a full year before the pension can be drawn."],
    [ADVISER, "I need to hear the story about the boat sometime."],
    [ADVISER, "Let me pull up the account summary while we talk."],
    [ADVISER, "We'd revisit the allocation if the rates moved."],
  ]);
  expect(items).toEqual([]);
});

test("'I'll have Name do it' gives the task to Name, in the meeting or not", () => {
  const items = itemsFromLines([
    [ADVISER, "I'll have Tariq draft the gift letter for the down payment."],
    [CLIENT, "Thank you."],
  ]);
  expect(items).toEqual([{ task: "Draft the gift letter for the down payment", assignee: "Tariq" }]);
});

test("without speaker labels, a named person and the person addressed are used instead of Unassigned", () => {
  const items = itemsFromLines([
    [null, "Omar, thanks for calling in."],
    [null, "Tariq will file the homestead exemption by the 30th."],
    [null, "And you'll need to send the closing statement to Tariq."],
  ]);
  expect(items).toEqual([
    { task: "File the homestead exemption by the 30th", assignee: "Tariq", dueDate: "2025-09-30" },
    { task: "Send the closing statement to Tariq", assignee: "Omar" },
  ]);
});

test("a sentence cut over two captions is read whole, up to its full stop", () => {
  const items = itemsFromLines([
    [ADVISER, "I'll send the referral to Dr."],
    [ADVISER, "Lindgren and the lab results by the 12th."],
  ]);
  expect(items).toEqual([
    {
      task: "Send the referral to Dr. Lindgren and the lab results by the 12th",
      assignee: ADVISER,
      dueDate: "2025-09-12",
    },
  ]);
});

test("vague periods give no date; the deadline words stay in the task", () => {
  const items = itemsFromLines([
    [ADVISER, "I'll call the insurer this week."],
    [CLIENT, "I'll dig out the old policy documents early next week."],
  ]);
  expect(items).toEqual([
    { task: "Call the insurer this week", assignee: ADVISER },
    { task: "Dig out the old policy documents early next week", assignee: CLIENT },
  ]);
});

test("two tasks with the same verb stay two; a task ends where a new subject starts", () => {
  const items = itemsFromLines([
    [CLIENT, "Thanks for your help today."],
    [ADVISER, "I'll send the calendar invite, and I'll send the secure upload link, I haven't forgotten."],
  ]);
  expect(items).toEqual([
    { task: "Send the calendar invite", assignee: ADVISER },
    { task: "Send the secure upload link", assignee: ADVISER },
  ]);
});

test("a task that waits on 'if anything changes' is a contingency, not a commitment", () => {
  const items = itemsFromLines([
    [ADVISER, "We'll update the beneficiary names if anything changes."],
    [CLIENT, "Okay."],
  ]);
  expect(items).toEqual([]);
});

test("'you two will…' goes to the couple; with no clear pair it is not guessed", () => {
  const couple = itemsFromLines([
    ["Mina Park", "We have been meaning to ask."],
    ["Joon Park", "Yes."],
    [ADVISER, "And you two will ask your cousin about being the guardian."],
  ]);
  expect(couple).toEqual([{ task: "Ask their cousin about being the guardian", assignee: "Mina Park and Joon Park" }]);
  const unclear = itemsFromLines([
    ["Mina Park", "We have been meaning to ask."],
    ["Leo Grant", "Yes."],
    [ADVISER, "And you two will ask your cousin about being the guardian."],
  ]);
  expect(unclear).toEqual([]);
});

test("'Sure, I'll do that tonight' dates the task asked of the speaker, named in full in the recap", () => {
  const items = itemsFromLines([
    [ADVISER, "Do you have the award letter from the pension fund?"],
    [CLIENT, "It's in a drawer at home."],
    [ADVISER, "Omar, can you photograph that and send it to me?"],
    [CLIENT, "Sure, I'll do that tonight."],
    [ADVISER, "Let me recap."],
    [ADVISER, "Omar will photograph and send the pension award letter."],
  ]);
  expect(items).toEqual([
    { task: "Photograph and send the pension award letter", assignee: CLIENT, dueDate: "2025-09-10" },
  ]);
});

test("'that' does not reach past a newer request for an unnamed thing", () => {
  const items = itemsFromLines([
    [ADVISER, "I'll send you the revised allocation table by Friday."],
    [CLIENT, "Should I send you the bank letter?"],
    [ADVISER, "Yes, upload the latest one to the portal."],
    [CLIENT, "I can do that tonight."],
  ]);
  expect(items).toEqual([
    { task: "Send Omar the revised allocation table by Friday", assignee: ADVISER, dueDate: "2025-09-12" },
  ]);
});

test("the meeting's own running, what is wanted and an organisation's part are no one's tasks", async () => {
  // As the product reads a meeting: with the word lexicon loaded.
  await loadWordKinds();
  const items = itemsFromLines([
    [ADVISER, "Okay, the recording is on. Wave at me if we lose you."],
    [CLIENT, "I'll bring you all some coffee next time."],
    [ADVISER, "Dev will mostly be taking notes today."],
    [ADVISER, "The boat question, which we'll save for the end."],
    [ADVISER, "We'll want the exact figure at some point, but not today."],
    [ADVISER, "Don't pay the hospital yet. Medicare has to process the claim first."],
    [CLIENT, "I'll send you the hospital bill tonight."],
  ]);
  expect(items.map((i) => [i.task, i.assignee])).toEqual([["Send Helen the hospital bill tonight", CLIENT]]);
});

test("a task said as what the speaker is doing opens with its verb", () => {
  const items = itemsFromLines([[CLIENT, "I'm getting two more quotes for the roof this month."]]);
  expect(items.map((i) => i.task)).toEqual(["Get two more quotes for the roof this month"]);
});
