// Issue 27: a text over a field's limit is refused at the field with the limit said, never cut (a 6,000-character
// executive summary was cut to 5,000 by the field's maxlength and saved without a word); a refused field is named
// as the screen names it ("Action item 8: task", not `actionItems.7.task`), marked, and given the focus.
import "../../../test/setup-dom";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { cleanup, fireEvent, waitFor } from "@testing-library/react";
import { mockFetch, pasteInto, typeInto } from "../../pages/auth-pages-test-utils";
import { fieldOfServerMessage } from "./summary-fields";
import { NOTES_MEETING, renderSummaryTab } from "./summary-test-support";

const realFetch = globalThis.fetch;
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

/**
 * "the field" when it has the focus, else what has it. Never `expect(document.activeElement).toBe(field)`: a failed
 * comparison of two DOM elements prints the whole document (1.1 GB, a minute per try), and waitFor tries again and
 * again, so a focus that came a moment late held the test for minutes.
 */
function focusOn(field: HTMLElement): string {
  const focused = document.activeElement;
  if (focused === field) return "the field";
  return focused ? `${focused.tagName} ${focused.getAttribute("aria-label") ?? focused.id}` : "nothing";
}

/** The text of the note a field points to (its message or counter). */
function noteOf(field: HTMLElement): string {
  const ids = field.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

test("a 6,000-character executive summary is kept whole, refused at the field with the limit, and not sent", async () => {
  const calls = mockFetch({ "PATCH /api/meetings/31/summary": { body: NOTES_MEETING } });
  const view = renderSummaryTab();
  fireEvent.click(view.getByText("Edit notes"));
  const field = view.getByLabelText("Executive Summary") as HTMLTextAreaElement;
  typeInto(field, "");
  pasteInto(field as unknown as HTMLInputElement, "x".repeat(6000));
  expect(field.value.length).toBe(6000);
  // Said while typing, before any save.
  expect(field.getAttribute("aria-invalid")).toBe("true");
  expect(noteOf(field)).toBe("Executive summary is too long: 6,000 characters, the limit is 5,000.");
  fireEvent.click(view.getByText("Save"));
  expect((await view.findByRole("alert")).textContent).toBe("Not saved: Fix the marked field: Executive summary.");
  await waitFor(() => expect(focusOn(field)).toBe("the field"));
  expect(calls.filter((call) => call.method === "PATCH")).toEqual([]);

  // Within the limit it is saved whole.
  typeInto(field, "y".repeat(5000));
  expect(noteOf(field)).toBe("5,000 / 5,000 characters");
  fireEvent.click(view.getByText("Save"));
  await waitFor(() => expect(calls.some((call) => call.method === "PATCH")).toBe(true));
  const body = calls.find((call) => call.method === "PATCH")!.body as { executiveSummary: string };
  expect(body.executiveSummary.length).toBe(5000);
});

test("a task or key point over its limit is named as the screen names it, at its field, and focused", async () => {
  const calls = mockFetch({});
  const view = renderSummaryTab();
  fireEvent.click(view.getByText("Edit notes"));
  const task = view.getByLabelText("Action item 8 task") as HTMLTextAreaElement;
  typeInto(task, "");
  pasteInto(task as unknown as HTMLInputElement, "t".repeat(1200));
  expect(task.value.length).toBe(1200);
  expect(noteOf(task)).toBe("Action item 8: task is too long: 1,200 characters, the limit is 1,000.");
  const point = view.getByLabelText("Key Points 3") as HTMLTextAreaElement;
  typeInto(point, "");
  fireEvent.click(view.getByText("Save"));
  expect((await view.findByRole("alert")).textContent).toBe(
    "Not saved: Fix the marked fields: Key point 3; Action item 8: task.",
  );
  expect(point.getAttribute("aria-invalid")).toBe("true");
  expect(noteOf(point)).toBe("Key point 3 is empty: write it or remove it.");
  // The first marked field in the form's order.
  await waitFor(() => expect(focusOn(point)).toBe("the field"));
  expect(calls.filter((call) => call.method === "PATCH")).toEqual([]);
});

test("a save the server refuses is named at the field as the screen names it, and that field is focused", async () => {
  mockFetch({
    "PATCH /api/meetings/31/summary": {
      status: 400,
      body: { message: "validation failed: actionItems.7.task is required", code: "validation" },
    },
  });
  const view = renderSummaryTab();
  fireEvent.click(view.getByText("Edit notes"));
  const task = view.getByLabelText("Action item 8 task");
  typeInto(task, "Call the buyer's bank");
  fireEvent.click(view.getByText("Save"));
  const alert = await view.findByRole("alert");
  expect(alert.textContent).toBe("Not saved: Action item 8: task is required");
  expect(alert.textContent).not.toContain("actionItems");
  expect(task.getAttribute("aria-invalid")).toBe("true");
  expect(noteOf(task)).toBe("Action item 8: task is required");
  await waitFor(() => expect(focusOn(task)).toBe("the field"));
  // Changing the field takes the server's mark off until the next save.
  typeInto(task, "Call the bank");
  expect(task.getAttribute("aria-invalid")).toBeNull();
});

test("the server's field paths read as the screen's names", () => {
  const cases: [string, string, string][] = [
    ["actionItems.7.task is required", "actionItems.7.task", "Action item 8: task is required"],
    [
      "validation failed: executiveSummary: Expected string length less or equal to 5000",
      "executiveSummary",
      "Executive summary is too long: the limit is 5,000 characters.",
    ],
    [
      "validation failed: keyPoints.2.text: Expected string length less or equal to 1000",
      "keyPoints.2",
      "Key point 3 is too long: the limit is 1,000 characters.",
    ],
    [
      "validation failed: decisions.0 is empty (remove it instead)",
      "decisions.0",
      "Decision 1 is empty (remove it instead)",
    ],
    [
      "validation failed: actionItems.3.dueDate must be a date written yyyy-MM-dd",
      "actionItems.3.dueDate",
      "Action item 4: due date must be a date written yyyy-MM-dd",
    ],
    [
      "validation failed: actionItems.1.assignee: Expected string length less or equal to 200",
      "actionItems.1.assignee",
      "Action item 2: assignee is too long: the limit is 200 characters.",
    ],
    [
      "validation failed: nextMeeting.topics.4: Expected string length less or equal to 300",
      "nextMeeting.topics",
      "Next meeting: topics is too long: the limit is 300 characters.",
    ],
    [
      "validation failed: actionItems: task 9 is not one of this meeting's action items",
      "actionItems",
      "Action items: task 9 is not one of this meeting's action items",
    ],
  ];
  for (const [message, key, text] of cases) expect(fieldOfServerMessage(message)).toEqual({ key, message: text });
  expect(fieldOfServerMessage("validation failed: nothing to change")).toBeNull();
});
