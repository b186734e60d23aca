// How a task reads once it is written for a list: the one clause promised, people named rather than "you"/"me" in a
// wrong case, the thing meant rather than a stray clause taken for it, and no task made of a description.
import { expect, test } from "bun:test";
import { itemsFromLines, MEETING_DAY } from "../../../test-support/action-item-lines";
import { splitSegmentsIntoSentences } from "../../language";
import { readActionItems } from "../extract-action-items";
import { cleanTask } from "./task-text";

const ADVISER = "Mila Brandt";
const CLIENT = "Oren Vale";
const PLANNER = "Sunny Acre";

test("a new clause led by 'you and I' ends the task", () => {
  const items = itemsFromLines([
    [
      ADVISER,
      "So, the order of things. I'll write the first draft, you and I go over it together, and then it goes to their lawyer.",
    ],
  ]);
  expect(items).toEqual([{ task: "Write the first draft", assignee: ADVISER }]);
});

test("'you' as a subject inside the task reads 'they', and 'me' is the speaker", () => {
  const items = itemsFromLines([
    [ADVISER, "Oren, I'd like you to tell the mediator what you told me about the bonus."],
    [CLIENT, "Okay."],
  ]);
  expect(items).toEqual([{ task: "Tell the mediator what they told Mila about the bonus", assignee: CLIENT }]);
});

test("'my' and 'me' in the speaker's own task name the speaker", () => {
  const items = itemsFromLines([
    [ADVISER, "Who has the deed to the house?"],
    [CLIENT, "I'll ask my brother Tomas for the deed and the insurance papers, he keeps everything."],
    [ADVISER, "Good. And I'll send you my notes from the call."],
  ]);
  expect(items.map((item) => [item.task, item.assignee])).toEqual([
    ["Ask Oren's brother Tomas for the deed and the insurance papers", CLIENT],
    ["Send Oren Mila's notes from the call", ADVISER],
  ]);
});

test("'I still need to' and 'I still have to' take a task on, as 'I need to' does", () => {
  const items = itemsFromLines([
    [ADVISER, "Where are the insurance papers?"],
    [CLIENT, "I still need to find the insurance papers."],
    [ADVISER, "Okay. And the beneficiary form?"],
    [CLIENT, "I still have to sign the beneficiary form."],
  ]);
  expect(items.map((item) => [item.task, item.assignee])).toEqual([
    ["Find the insurance papers", CLIENT],
    ["Sign the beneficiary form", CLIENT],
  ]);
});

test("taking a cost as it is ('I'll eat the difference') is no task", () => {
  const items = itemsFromLines([
    [ADVISER, "The premium came in at sixty-one fifty instead of fifty-four hundred."],
    [CLIENT, "Let's just keep the coverage. I'll eat the difference."],
  ]);
  expect(items).toEqual([]);
});

test("'Okay, the …' and 'Well, his …' are no thing said to someone by name", () => {
  const items = itemsFromLines([
    [ADVISER, "Okay, the transcription bot's in, so it's recording."],
    [CLIENT, "I baked you some bread, by the way, Mila, I'll leave it at your reception."],
    [CLIENT, "About the car. Well, his brother changed his mind."],
    [CLIENT, "I'll have Pete take it over to the auction on Friday."],
  ]);
  expect(items.map((item) => item.task).join(" | ")).not.toMatch(/bot's in|changed his mind/);
});

test("a thing described by what someone will do with it is no task", () => {
  const items = itemsFromLines([
    [CLIENT, "Honestly, the only thing Pete will take with him is the old desk from the study."],
  ]);
  expect(items).toEqual([]);
});

test("'put that together' answers the request before it with its thing, without the question mark", () => {
  const items = itemsFromLines([
    [ADVISER, "And, Sunny, for the meeting with the bank, could you do a one-page cash-flow summary? Five years out."],
    [PLANNER, "Yeah, I'll put that together."],
  ]);
  expect(items).toEqual([{ task: "Put a one-page cash-flow summary together", assignee: PLANNER }]);
});

test("'you'd need to' asks, and 'I'd like to' takes a task on, but 'what I'd like to do is' is no task itself", () => {
  const items = itemsFromLines([
    [CLIENT, "So what happens with the consent?"],
    [ADVISER, "I'll email the consent form to you today."],
    [ADVISER, "You'd need to mail me the signed original by Friday."],
    [CLIENT, "Sure, no problem."],
    [ADVISER, "And I'd like to draft the new trust for you this month."],
    [ADVISER, "What I'd like to do is run both options side by side."],
  ]);
  expect(items.map((item) => [item.task, item.assignee])).toEqual([
    ["Email the consent form to Oren today", ADVISER],
    ["Mail Mila the signed original by Friday", CLIENT],
    ["Draft the new trust for Oren this month", ADVISER],
  ]);
});

test("'I have Thursday the 7th at three' offers a time, no task, and does not keep a recap going", () => {
  const items = itemsFromLines([
    [ADVISER, "So let me run through who's doing what."],
    [PLANNER, "Sunny is ordering the title search."],
    [CLIENT, "Got it."],
    [ADVISER, "So, signing. Sunny, what do we have?"],
    [PLANNER, "I have Thursday the 7th at three, here at the office. Does that work?"],
    [CLIENT, "That works."],
    [ADVISER, "You'll each sign your wills and the deed."],
  ]);
  expect(items.map((item) => item.task)).toEqual(["Order the title search"]);
});

test("'you' after a thing and before a verb leads a clause of its own: the one spoken to, named, the verb agreed", () => {
  const items = itemsFromLines([
    [ADVISER, "I'll map out the budget, showing which account you draw from first."],
    [ADVISER, "I'll call you back about the forms you sign at closing."],
    [CLIENT, "Okay."],
  ]);
  expect(items.map((item) => item.task)).toEqual([
    "Map out the budget, showing which account Oren draws from first",
    "Call Oren back about the forms Oren signs at closing",
  ]);
});

test("in one's own task, the 'you' of a clause said to another is that person, named, the verb agreed", () => {
  const items = itemsFromLines([
    [ADVISER, "Oren, I'll send the summary to your sister too, if you're okay with that."],
    [CLIENT, "Sounds good."],
  ]);
  expect(items.map((item) => item.task)).toEqual(["Send the summary to Oren's sister too, if Oren is okay with that"]);
  const toOren = { speaker: ADVISER, addressee: CLIENT, addresseeSure: true, assignee: ADVISER };
  expect(cleanTask("have the forms ready so you can sign them when you come in", toOren)).toBe(
    "Have the forms ready so Oren can sign them when Oren comes in",
  );
  expect(cleanTask("check whether you have the old deed", toOren)).toBe("Check whether Oren has the old deed");
  // "just" is no verb to agree: that clause keeps the list's "they".
  expect(cleanTask("call back when you just get a minute", toOren)).toBe("Call back when they just get a minute");
  // Said to a couple, the verb stays as it is.
  const toBoth = { ...toOren, addressee: "Oren Vale and Ada Vale" };
  expect(cleanTask("show which account you draw from", toBoth)).toBe("Show which account Oren and Ada draw from");
  // Who "you" is only guessed (the speaker before): the list's "they".
  expect(cleanTask("check whether you have the old deed", { ...toOren, addresseeSure: false })).toBe(
    "Check whether they have the old deed",
  );
  // The couple doing it, said to one of them: theirs.
  expect(cleanTask("send a list of your medications", { ...toOren, assignee: "Oren Vale and Ada Vale" })).toBe(
    "Send a list of their medications",
  );
  // The one spoken to doing it themselves: the list's "they", written "your" back to them in the e-mail.
  expect(cleanTask("bring your ID when you come in", { ...toOren, assignee: CLIENT })).toBe(
    "Bring their ID when they come in",
  );
});

test("'you' guessed as the speaker before is named only when that is the client's own", () => {
  const meeting = (before: string) =>
    splitSegmentsIntoSentences(
      [
        [before, "What comes next on the lease?"],
        ["Dana Whitfield", "I'll send the draft over, if you're okay with that."],
      ].map(([speaker, text], i) => ({ speaker: speaker!, text: text!, start: i * 5, end: i * 5 + 4 })),
    );
  const people = {
    speakers: ["Dana Whitfield", "Omar Reyes", "Lee Park"],
    meetingDate: MEETING_DAY,
    clientName: "Omar Reyes",
  };
  const task = (before: string) => readActionItems(meeting(before), people).actionItems.map((item) => item.task);
  expect(task("Omar Reyes")).toEqual(["Send the draft over, if Omar is okay with that"]);
  // A colleague spoke before: "you" may be the client all the same, so the list keeps "they".
  expect(task("Lee Park")).toEqual(["Send the draft over, if they're okay with that"]);
});

test("'both your' said to a couple is both of theirs, never one name's", () => {
  const items = itemsFromLines(
    [
      [null, "Ben, Alicia, thanks for coming in."],
      [null, "So I'm going to update both your wills so that Toby's share goes into his trust."],
    ],
    "Ben and Alicia Marsh",
  );
  expect(items.map((item) => item.task)).toEqual(["Update both wills so that Toby's share goes into his trust"]);
});

test("'us' and 'our' in a request are the couple asking, named; said by another, they stay", () => {
  const byOren = { speaker: CLIENT, addressee: ADVISER, assignee: ADVISER, pair: "Oren Vale and Ada Vale" };
  expect(cleanTask("send us the form to change our contribution", byOren)).toBe(
    "Send Oren and Ada the form to change Oren and Ada's contribution",
  );
  // Whose "us" it is, said by one who is not of the couple, is not known: it stays. "US" is a country.
  expect(cleanTask("pull the deed from our files", { ...byOren, pair: null })).toBe("Pull the deed from our files");
  expect(cleanTask("file the US return for us", byOren)).toBe("File the US return for Oren and Ada");
});
