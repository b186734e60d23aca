import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { MeetingDetail } from "@cm/api/models";
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { SWRConfig } from "swr";
import { clearToasts, mockFetch, typeInto } from "../../pages/auth-pages-test-utils";
import { moveItem } from "./point-list-editor";
import { SummaryTab } from "./summary-tab";

const realFetch = globalThis.fetch;
afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

const MEETING = {
  id: 31,
  title: "Business sale",
  status: "Processed",
  reviewed: true,
  reviewedAt: "2027-02-01T10:00:00.000Z",
  reviewedBy: "Ola Berg",
  editedParts: [],
  redraftedParts: [],
  summary: {
    executiveSummary: "The sale of the workshop closes in spring.",
    keyPoints: [{ text: "Buyer found", source: { segment: 2, start: 40 } }, { text: "Price agreed" }],
    decisions: [{ text: "Accept the offer" }],
    actionItems: [{ id: 5, status: "open", task: "Draft the contract", assignee: "Ola Berg", dueDate: "2027-03-01" }],
    nextMeeting: { date: "2027-03-10", time: "10:00", topics: ["Closing"] },
    engine: "local",
  },
} as unknown as MeetingDetail;

function renderTab(meeting: MeetingDetail = MEETING) {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter>
        <SummaryTab meeting={meeting} />
      </MemoryRouter>
    </SWRConfig>,
  );
}

test("a moved item swaps with its neighbour; at the ends the list stays", () => {
  expect(moveItem(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
  expect(moveItem(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
  expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
});

test("editing sends only the changed parts: reordered and added key points, an action item edited and one added", async () => {
  const calls = mockFetch({ "PATCH /api/meetings/31/summary": { body: MEETING } });
  const view = renderTab();
  fireEvent.click(view.getByText("Edit notes"));
  fireEvent.click(view.getByLabelText("Move key point 2 up"));
  fireEvent.click(view.getByText("Add key point"));
  typeInto(view.getByLabelText("Key Points 3"), "Staff stay on");
  fireEvent.click(view.getByLabelText("Remove decision 1"));
  typeInto(view.getByLabelText("Action item 1 task"), "Draft the sale contract");
  fireEvent.click(view.getByText("Add action item"));
  typeInto(view.getByLabelText("Action item 2 task"), "Tell the staff");
  typeInto(view.getByLabelText("Action item 2 assignee"), "Ola Berg");
  typeInto(view.getByLabelText("Action item 2 due date"), "2027-03-05");
  fireEvent.click(view.getByText("Save"));
  await waitFor(() => expect(calls.some((call) => call.method === "PATCH")).toBe(true));
  expect(calls.find((call) => call.method === "PATCH")!.body).toEqual({
    keyPoints: [
      { text: "Price agreed" },
      { text: "Buyer found", source: { segment: 2, start: 40 } },
      { text: "Staff stay on" },
    ],
    decisions: [],
    actionItems: [
      { id: 5, task: "Draft the sale contract", assignee: "Ola Berg", dueDate: "2027-03-01" },
      { task: "Tell the staff", assignee: "Ola Berg", dueDate: "2027-03-05" },
    ],
  });
  await waitFor(() => expect(view.queryByText("Save")).toBeNull());
});

test("the summary and next meeting are edited; a refused save shows the reason in place and keeps what was typed", async () => {
  const calls = mockFetch({
    "PATCH /api/meetings/31/summary": {
      status: 400,
      body: {
        message: "validation failed: nextMeeting.time must be a time written HH:mm (for example 14:30)",
        code: "validation",
      },
    },
  });
  const view = renderTab();
  fireEvent.click(view.getByText("Edit notes"));
  typeInto(view.getByLabelText("Executive Summary"), "The sale closes in April.");
  typeInto(view.getByLabelText("Time"), "11:30");
  typeInto(view.getByLabelText("Topics (one a line)"), "Closing\nHandover");
  fireEvent.click(view.getByText("Save"));
  expect((await view.findByRole("alert")).textContent).toBe(
    "Not saved: Next meeting: time must be a time written HH:mm (for example 14:30)",
  );
  expect(calls.find((call) => call.method === "PATCH")!.body).toEqual({
    executiveSummary: "The sale closes in April.",
    nextMeeting: { date: "2027-03-10", time: "11:30", topics: ["Closing", "Handover"] },
  });
  expect((view.getByLabelText("Topics (one a line)") as HTMLTextAreaElement).value).toBe("Closing\nHandover");
  expect((view.getByLabelText("Time") as HTMLInputElement).value).toBe("11:30");
  expect(view.getByLabelText("Time").getAttribute("aria-invalid")).toBe("true");
});

test("a next-meeting date said in words stays when only the topics change, and goes when a day is picked", async () => {
  const saidInWords = {
    ...MEETING,
    summary: { ...MEETING.summary!, nextMeeting: { date: "once the valuation is back", topics: ["Closing"] } },
  } as MeetingDetail;
  const calls = mockFetch({ "PATCH /api/meetings/31/summary": { body: saidInWords } });
  const view = renderTab(saidInWords);
  fireEvent.click(view.getByText("Edit notes"));
  expect(view.getByLabelText("Date").getAttribute("aria-describedby")).toBeTruthy();
  expect(view.getByText("once the valuation is back")).toBeTruthy();
  typeInto(view.getByLabelText("Topics (one a line)"), "Closing\nStaff");
  fireEvent.click(view.getByText("Save"));
  await waitFor(() => expect(calls.some((call) => call.method === "PATCH")).toBe(true));
  expect(calls.find((call) => call.method === "PATCH")!.body).toEqual({
    nextMeeting: { date: "once the valuation is back", time: null, topics: ["Closing", "Staff"] },
  });
  cleanup();

  const again = mockFetch({ "PATCH /api/meetings/31/summary": { body: saidInWords } });
  const second = renderTab(saidInWords);
  fireEvent.click(second.getByText("Edit notes"));
  typeInto(second.getByLabelText("Date"), "2027-04-02");
  expect(second.queryByText("once the valuation is back")).toBeNull();
  fireEvent.click(second.getByText("Save"));
  await waitFor(() => expect(again.some((call) => call.method === "PATCH")).toBe(true));
  expect(again.find((call) => call.method === "PATCH")!.body).toEqual({
    nextMeeting: { date: "2027-04-02", time: null, topics: ["Closing"] },
  });
});

test("a next-meeting date said in words can be removed", async () => {
  const saidInWords = {
    ...MEETING,
    summary: { ...MEETING.summary!, nextMeeting: { date: "before the summer break", topics: [] } },
  } as MeetingDetail;
  const calls = mockFetch({ "PATCH /api/meetings/31/summary": { body: saidInWords } });
  const view = renderTab(saidInWords);
  fireEvent.click(view.getByText("Edit notes"));
  fireEvent.click(view.getByRole("button", { name: "Remove the date said in the meeting" }));
  fireEvent.click(view.getByText("Save"));
  await waitFor(() => expect(calls.some((call) => call.method === "PATCH")).toBe(true));
  expect(calls.find((call) => call.method === "PATCH")!.body).toEqual({ nextMeeting: null });
});

test("the action items editor names its columns and each field says what it holds", () => {
  mockFetch({});
  const view = renderTab();
  fireEvent.click(view.getByText("Edit notes"));
  expect(view.getByTestId("action-item-columns").textContent).toBe("TaskAssigneeDue date");
  expect(view.getByLabelText("Action item 1 task").getAttribute("placeholder")).toBe("Task");
  fireEvent.click(view.getByLabelText("Remove action item 1"));
  expect(view.queryByTestId("action-item-columns")).toBeNull();
});

test("a key point or task is a field that wraps its text; Enter does not split it in two", () => {
  mockFetch({});
  const view = renderTab();
  fireEvent.click(view.getByText("Edit notes"));
  for (const name of ["Key Points 1", "Decisions 1", "Action item 1 task"]) {
    const field = view.getByLabelText(name);
    expect(field.tagName).toBe("TEXTAREA");
    // fireEvent answers false when the default (a new line) was prevented.
    expect(fireEvent.keyDown(field, { key: "Enter" })).toBe(false);
    expect(fireEvent.keyDown(field, { key: "a" })).toBe(true);
  }
});
