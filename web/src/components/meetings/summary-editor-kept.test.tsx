// Issue 27: unsaved Edit notes are never lost without a word. They are kept in the browser per account and meeting
// and come back after a reload (here: the page unmounted and rendered again) with a notice; Save, Cancel and
// Discard drop them; notes changed on the server since are said, not silently overwritten; leaving while edits are
// unsaved asks (the browser's beforeunload prompt; a confirmation for a link inside the app).
import "../../../test/setup-dom";
import { afterEach, beforeEach, expect, test } from "bun:test";
import type { MeetingDetail } from "@cm/api/models";
import { cleanup, fireEvent, waitFor } from "@testing-library/react";
import { demoUser, mockFetch, typeInto } from "../../pages/auth-pages-test-utils";
import { NOTES_MEETING, renderSummaryTab } from "./summary-test-support";

const realFetch = globalThis.fetch;
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const keptKeys = () => Object.keys(sessionStorage).filter((key) => key.startsWith("cm:summary-draft:"));
const fieldValue = (element: HTMLElement) => (element as HTMLTextAreaElement).value;

/** Opens Edit notes, changes the summary and action item 2, and leaves the page without saving. */
function editAndLeave() {
  const view = renderSummaryTab();
  fireEvent.click(view.getByText("Edit notes"));
  typeInto(view.getByLabelText("Executive Summary"), "The sale closes in April, not spring.");
  typeInto(view.getByLabelText("Action item 2 task"), "Call the buyer's bank");
  cleanup();
}

/** A beforeunload as the browser sends it; true when the page asked to stay. */
function unloadAsks(): boolean {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

test("unsaved edits come back after a reload with a notice; saving sends them and drops the kept copy", async () => {
  editAndLeave();
  expect(keptKeys()).toEqual([`cm:summary-draft:${demoUser.id}:31`]);
  const calls = mockFetch({ "PATCH /api/meetings/31/summary": { body: NOTES_MEETING } });
  const view = renderSummaryTab();
  // The form opens by itself.
  expect(await view.findByText("Unsaved edits restored")).toBeTruthy();
  expect(fieldValue(view.getByLabelText("Executive Summary"))).toBe("The sale closes in April, not spring.");
  expect(fieldValue(view.getByLabelText("Action item 2 task"))).toBe("Call the buyer's bank");
  fireEvent.click(view.getByText("Save"));
  await waitFor(() => expect(calls.some((call) => call.method === "PATCH")).toBe(true));
  const body = calls.find((call) => call.method === "PATCH")!.body as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["actionItems", "executiveSummary"]);
  await waitFor(() => expect(view.queryByText("Save")).toBeNull());
  expect(keptKeys()).toEqual([]);
});

test("Discard and Cancel drop the kept edits; another account's copy is not shown", async () => {
  editAndLeave();
  mockFetch({});
  const view = renderSummaryTab();
  await view.findByText("Unsaved edits restored");
  fireEvent.click(view.getByText("Discard my edits"));
  expect(view.queryByText("Unsaved edits restored")).toBeNull();
  expect(fieldValue(view.getByLabelText("Executive Summary"))).toBe("The sale of the workshop closes in spring.");
  expect(keptKeys()).toEqual([]);
  typeInto(view.getByLabelText("Executive Summary"), "Edited again");
  expect(keptKeys()).toHaveLength(1);
  fireEvent.click(view.getByText("Cancel"));
  expect(keptKeys()).toEqual([]);
  cleanup();

  // A copy kept under another account's id is left alone.
  const other = keptKeys();
  sessionStorage.setItem("cm:summary-draft:999:31", "{}");
  const again = renderSummaryTab();
  expect(again.queryByText("Unsaved edits restored")).toBeNull();
  expect(again.getByText("Edit notes")).toBeTruthy();
  expect(other).toEqual([]);
});

test("notes changed on the server since are said: an edited part keeps the edit, an untouched part shows the new", async () => {
  editAndLeave();
  mockFetch({});
  const changed = {
    ...NOTES_MEETING,
    summary: {
      ...NOTES_MEETING.summary!,
      executiveSummary: "Changed in another tab.",
      keyPoints: [{ text: "Buyer found and vetted" }],
    },
  } as MeetingDetail;
  const view = renderSummaryTab(changed);
  const notice = (await view.findByText("Unsaved edits restored")).parentElement!;
  expect(notice.textContent).toContain("These notes were changed since then in Executive Summary.");
  expect(notice.textContent).toContain("Key Points changed since then; the form shows the newer version of that part.");
  expect(fieldValue(view.getByLabelText("Executive Summary"))).toBe("The sale closes in April, not spring.");
  expect(fieldValue(view.getByLabelText("Key Points 1"))).toBe("Buyer found and vetted");
  expect(view.queryByLabelText("Key Points 2")).toBeNull();
});

test("leaving with unsaved edits asks: beforeunload while edited only; a sidebar link waits for Leave", async () => {
  mockFetch({});
  const view = renderSummaryTab();
  fireEvent.click(view.getByText("Edit notes"));
  expect(unloadAsks()).toBe(false);
  typeInto(view.getByLabelText("Executive Summary"), "Not saved yet");
  expect(unloadAsks()).toBe(true);

  fireEvent.click(view.getByText("Dashboard"));
  // Role queries walk the whole form's accessibility tree under happy-dom (seconds each): text queries here.
  expect(await view.findByText("Leave without saving?")).toBeTruthy();
  expect(view.queryByTestId("location") === null).toBe(true);
  fireEvent.click(view.getByText("Keep editing"));
  // Booleans, not elements: a failed match would print the whole page.
  const dialogShown = () => document.body.textContent?.includes("Leave without saving?") ?? false;
  await waitFor(() => expect(dialogShown()).toBe(false));
  expect(fieldValue(view.getByLabelText("Executive Summary"))).toBe("Not saved yet");

  fireEvent.click(view.getByText("Dashboard"));
  fireEvent.click(await view.findByText("Leave"));
  expect((await view.findByTestId("location")).textContent).toBe("/dashboard");
  // The edits stay in the browser for the way back.
  expect(keptKeys()).toHaveLength(1);
  expect(unloadAsks()).toBe(false);
});

test("with nothing changed, links and reloads go without a question", async () => {
  mockFetch({});
  const view = renderSummaryTab();
  fireEvent.click(view.getByText("Edit notes"));
  typeInto(view.getByLabelText("Executive Summary"), "Changed");
  typeInto(view.getByLabelText("Executive Summary"), "The sale of the workshop closes in spring.");
  expect(unloadAsks()).toBe(false);
  expect(keptKeys()).toEqual([]);
  fireEvent.click(view.getByText("Dashboard"));
  expect((await view.findByTestId("location")).textContent).toBe("/dashboard");
});
