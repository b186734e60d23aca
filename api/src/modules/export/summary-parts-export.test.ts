// Decisions and the next meeting's time reach the export and the follow-up draft; a meeting without decisions keeps
// the outline it had.
import { beforeAll, expect, test } from "bun:test";
import { loadWordKinds } from "@cm/ai/local";
import { composeFollowUp } from "../follow-up/follow-up-draft";
import { renderMarkdown } from "./markdown-export";
import type { MeetingDocument } from "./meeting-document";

// The follow-up service loads the lexicon before composing (follow-up-service.ts): so does this test.
beforeAll(loadWordKinds);

const doc: MeetingDocument = {
  id: 3,
  title: "Budget check-in",
  clientId: 1,
  clientName: "Lind Household",
  date: new Date("2027-02-10T12:00:00Z"),
  status: "Processed",
  executiveSummary: "Robin and Sasha went over the budget.",
  keyPoints: ["Roof repair about $9,000"],
  decisions: ["Pause the extra mortgage payments"],
  actionItems: [{ task: "Send the cash-flow sheet", assignee: "Robin" }],
  nextMeeting: { date: "2027-03-09", time: "15:30", topics: ["Cash flow"] },
  notes: "",
  transcript: [],
  review: null,
  consent: null,
};

test("the Markdown export lists decisions under their own heading and says the next meeting's time", () => {
  const text = renderMarkdown(doc);
  expect(text).toContain("## Decisions\n\n- Pause the extra mortgage payments");
  expect(text).toContain("Scheduled for March 9, 2027 at 15:30");
  expect(renderMarkdown({ ...doc, decisions: [], nextMeeting: { date: "2027-03-09", topics: [] } })).not.toContain(
    "## Decisions",
  );
});

test("the follow-up draft says what was decided before the steps and names the time", () => {
  const { body } = composeFollowUp(doc, "Robin Hale");
  expect(body).toContain(
    "## What we decided\n\n- Pause the extra mortgage payments\n\n## What I will do\n\n- Send the cash-flow sheet",
  );
  expect(body).toContain("We plan to meet again on March 9, 2027 at 15:30 to cover the cash flow.");
});

test("the Markdown export says under its date whether the notes are a draft or who reviewed them", () => {
  expect(renderMarkdown(doc)).toContain("**Date:** February 10, 2027\n\n**Draft: these notes are not reviewed yet.**");
  const reviewed = renderMarkdown({ ...doc, review: { at: new Date("2027-02-11T08:00:00Z"), by: "Robin Hale" } });
  expect(reviewed).toContain("**Reviewed by Robin Hale on February 11, 2027.**");
  expect(reviewed).not.toContain("Draft");
});
