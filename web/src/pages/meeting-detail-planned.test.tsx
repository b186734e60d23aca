import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { Briefing } from "@cm/api/models";
import { cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { meetingDetail } from "../../test/meeting-detail";
import { renderWithData } from "../../test/render-with-data";
import { clearToasts, mockFetch, typeInto } from "./auth-pages-test-utils";
import MeetingDetailPage from "./meeting-detail-page";

const realFetch = globalThis.fetch;
afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

const PLANNED = meetingDetail(
  { id: 5, name: "Okonkwo Household", type: "Retirement" },
  {
    id: 9,
    title: "Retirement income plan",
    date: "2026-12-08T14:30:00",
    duration: 60,
    type: "Meeting",
    status: "Scheduled",
    createdAt: "2026-11-20T09:00:00.000Z",
    sourceKind: "none",
  },
);

const BRIEFING: Briefing = {
  client: { id: 5, name: "Okonkwo Household", type: "Retirement" },
  lastMeeting: {
    id: 4,
    title: "Pension transfer",
    date: "2026-10-01T10:00:00.000Z",
    executiveSummary: "The transfer value was accepted.",
    keyPoints: [],
  },
  openActionItems: [
    {
      id: 31,
      task: "Send the annuity quotes",
      assignee: "",
      dueDate: null,
      meetingId: 4,
      meetingTitle: "Pension transfer",
    },
  ],
  topics: ["Drawdown rate"],
  nextMeetingDate: "2026-12-08T14:30:00.000Z",
  plannedMeeting: { id: 9, title: "Retirement income plan", date: "2026-12-08T14:30:00.000Z" },
};

function renderPlanned(briefing: Briefing = BRIEFING) {
  const calls = mockFetch({
    "GET /api/meetings/9": { body: PLANNED },
    "GET /api/clients/5/briefing": { body: briefing },
    "GET /api/notes/meeting/9": { body: { content: "" } },
    "POST /api/action-items": { status: 201, body: {} },
  });
  return { calls, view: renderWithData(<MeetingDetailPage />, "/meetings/9", "/meetings/:id") };
}

test("a planned meeting shows its client, day and time, the briefing and Upload recording, and nothing of a summary", async () => {
  const { view } = renderPlanned();
  const planned = await view.findByRole("region", { name: "Planned meeting" });
  expect(within(planned).getByText("Planned meeting with Okonkwo Household")).toBeTruthy();
  expect(within(planned).getByText("Tuesday, December 8, 2026 at 14:30")).toBeTruthy();
  expect(within(planned).getByRole("button", { name: "Upload recording" })).toBeTruthy();
  expect(await view.findByText("Send the annuity quotes")).toBeTruthy();
  expect(view.getByText("Drawdown rate")).toBeTruthy();
  expect(view.queryByRole("status", { name: "Loading summary" })).toBeNull();
  expect(view.queryByRole("tab", { name: "Summary" })).toBeNull();
  expect(view.queryByRole("button", { name: "Draft follow-up" })).toBeNull();
  expect(view.queryByText("Export:")).toBeNull();
  // Notes stay: they help prepare.
  expect(await view.findByPlaceholderText("Write your notes here...")).toBeTruthy();
});

test("a first meeting with a client says there is nothing to prepare from", async () => {
  const { view } = renderPlanned({ ...BRIEFING, lastMeeting: null, openActionItems: [], topics: [] });
  expect(
    await view.findByText(
      "Nothing to prepare from earlier meetings: this is the first meeting with Okonkwo Household here.",
    ),
  ).toBeTruthy();
});

test("Add task on a meeting's page adds the task to that meeting", async () => {
  const { view, calls } = renderPlanned();
  fireEvent.click(await view.findByRole("button", { name: "Add task" }));
  const dialog = await view.findByRole("dialog");
  typeInto(within(dialog).getByLabelText("Task"), "Print the drawdown scenarios");
  typeInto(within(dialog).getByLabelText("Due date"), "2026-12-07");
  fireEvent.click(within(dialog).getByRole("button", { name: "Add task" }));
  await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
  expect(calls.find((c) => c.method === "POST")?.body).toEqual({
    meetingId: 9,
    task: "Print the drawdown scenarios",
    assignee: "",
    dueDate: "2026-12-07",
  });
});

test("a task added to a planned meeting is listed on its page, under Tasks for this meeting", async () => {
  const added = { id: 77, task: "Bring the pension statements", assignee: "Ada Obi", status: "open" as const };
  let posted = false;
  mockFetch({
    "GET /api/meetings/9": () => ({
      body: posted ? { ...PLANNED, action_items: [added], action_item_count: 1 } : PLANNED,
    }),
    "GET /api/clients/5/briefing": { body: BRIEFING },
    "GET /api/notes/meeting/9": { body: { content: "" } },
    "POST /api/action-items": () => {
      posted = true;
      return { status: 201, body: { ...added, meetingId: 9 } };
    },
  });
  const view = renderWithData(<MeetingDetailPage />, "/meetings/9", "/meetings/:id");
  const tasks = await view.findByRole("region", { name: "Tasks for this meeting" });
  expect(within(tasks).getByText('No tasks yet: "Add task" puts one here.')).toBeTruthy();
  fireEvent.click(view.getByRole("button", { name: "Add task" }));
  const dialog = await view.findByRole("dialog");
  typeInto(within(dialog).getByLabelText("Task"), added.task);
  fireEvent.click(within(dialog).getByRole("button", { name: "Add task" }));
  expect(await within(tasks).findByText("Bring the pension statements")).toBeTruthy();
  expect(within(tasks).getByText("Assigned to: Ada Obi")).toBeTruthy();
  expect(within(tasks).getByRole("checkbox", { name: "Done: Bring the pension statements" })).toBeTruthy();
});

test("the planned meeting's own tasks show once, under its tasks, not again in the client's briefing", async () => {
  const own = { id: 78, task: "Book the meeting room", assignee: "", status: "open" as const };
  mockFetch({
    "GET /api/meetings/9": { body: { ...PLANNED, action_items: [own], action_item_count: 1 } },
    "GET /api/clients/5/briefing": {
      body: {
        ...BRIEFING,
        openActionItems: [
          ...BRIEFING.openActionItems,
          { ...own, dueDate: null, meetingId: 9, meetingTitle: PLANNED.title },
        ],
      },
    },
    "GET /api/notes/meeting/9": { body: { content: "" } },
  });
  const view = renderWithData(<MeetingDetailPage />, "/meetings/9", "/meetings/:id");
  const briefing = await view.findByRole("region", { name: "Briefing" });
  expect(await within(briefing).findByText("Send the annuity quotes")).toBeTruthy();
  expect(within(view.getByRole("region", { name: "Tasks for this meeting" })).getByText(own.task)).toBeTruthy();
  expect(view.getAllByText(own.task)).toHaveLength(1);
});
