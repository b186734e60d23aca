// At most eight action items are listed: the surest eight, in the order said (with every candidate equally sure, as
// here, the first eight). A later dated repeat still completes a listed item.
import { beforeAll, expect, test } from "bun:test";
import { EVERY_CANDIDATE } from "./action-items/features";
import { extractActionItems as readItems } from "./extract-action-items";
import { loadWordKinds } from "./record/word-kinds";

beforeAll(loadWordKinds);
const extractActionItems = (...args: Parameters<typeof readItems>) => readItems(args[0], args[1], EVERY_CANDIDATE);

import { splitSegmentsIntoSentences } from "../language/sentences";

const MEETING_DATE = new Date(2025, 3, 7, 10); // Monday 7 April 2025
const TASKS = [
  "send the pension transfer form",
  "draft the trust amendment",
  "book the estate valuation",
  "file the property tax appeal",
  "update the insurance comparison",
  "review the bond ladder proposal",
  "prepare the college fund statement",
  "forward the beneficiary designation",
  "reconcile the brokerage invoices",
  "sign the custody agreement",
];

function itemsOf(lines: string[]) {
  const sentences = splitSegmentsIntoSentences(
    lines.map((text, i) => ({ speaker: "Dana Whitfield", text, start: i, end: i + 1 })),
  );
  return extractActionItems(sentences, { speakers: ["Dana Whitfield", "Marcus Okafor"], meetingDate: MEETING_DATE });
}

test("the first eight distinct commitments are listed; later new ones are not", () => {
  const items = itemsOf(TASKS.map((task) => `I will ${task}.`));
  expect(items.map((item) => item.task)).toEqual(TASKS.slice(0, 8).map((t) => t.charAt(0).toUpperCase() + t.slice(1)));
});

test("a dated repeat said after the cap was reached still gives a listed item its date", () => {
  const items = itemsOf([...TASKS.map((task) => `I will ${task}.`), "I will book the estate valuation by Friday."]);
  expect(items).toHaveLength(8);
  expect(items[2]).toEqual({
    task: "Book the estate valuation by Friday",
    assignee: "Dana Whitfield",
    dueDate: "2025-04-11",
  });
});

test("without speaker names, a request goes to the last other speaker named earlier, however far back", () => {
  const sentences = splitSegmentsIntoSentences([
    { speaker: "Marcus Okafor", text: "We covered the fees.", start: 0, end: 1 },
    ...Array.from({ length: 50 }, (_, i) => ({ speaker: null, text: `Point ${i} was noted.`, start: i, end: i + 1 })),
    { speaker: "Dana Whitfield", text: "Can you send the signed deed by Friday?", start: 60, end: 61 },
  ]);
  const items = extractActionItems(sentences, {
    speakers: ["Dana Whitfield", "Marcus Okafor", "Elaine Moss"],
    meetingDate: MEETING_DATE,
  });
  expect(items).toEqual([{ task: "Send the signed deed by Friday", assignee: "Marcus Okafor", dueDate: "2025-04-11" }]);
});
