import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { ActionItemTask } from "@cm/api/models";
import { cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { AddressProbe } from "../../test/address-probe";
import { renderWithData } from "../../test/render-with-data";
import { clearToasts, mockFetch, typeInto } from "./auth-pages-test-utils";
import TasksPage from "./tasks-page";

const realFetch = globalThis.fetch;
afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

const FROM_MEETING: ActionItemTask = {
  id: 11,
  task: "Send the revised fee letter",
  assignee: "Demo Advisor",
  dueDate: null,
  status: "open",
  completedAt: null,
  byHand: false,
  meetingId: 3,
  meetingTitle: "Spring review",
  meetingDate: "2026-04-02T10:00:00.000Z",
  clientId: 8,
  clientName: "Ingram Trust",
};
const FOR_CLIENT: ActionItemTask = {
  ...FROM_MEETING,
  id: 12,
  task: "Collect the signed mandate",
  assignee: "Rosa Ingram",
  byHand: true,
  meetingId: null,
  meetingTitle: null,
  meetingDate: null,
};

test("a task added for a client alone says so instead of naming a meeting", async () => {
  mockFetch({ "GET /api/action-items": { body: [FROM_MEETING, FOR_CLIENT] } });
  const view = renderWithData(<TasksPage />, "/tasks");
  expect(await view.findByText("Added for Ingram Trust")).toBeTruthy();
  expect(view.getByRole("link", { name: "Spring review" }).getAttribute("href")).toBe("/meetings/3");
});

test("choosing whose tasks asks the server for the advisor's own or the client's, and says when none match", async () => {
  const calls = mockFetch({
    "GET /api/action-items": { body: [] },
  });
  const view = renderWithData(<TasksPage />, "/tasks");
  await waitFor(() => expect(calls.map((c) => c.path)).toContain("/api/action-items?status=open"));
  fireEvent.click(view.getByRole("radio", { name: "Me" }));
  await waitFor(() => expect(calls.map((c) => c.path)).toContain("/api/action-items?status=open&assignee=mine"));
  expect(await view.findByText("No tasks assigned to you match.")).toBeTruthy();
  fireEvent.click(view.getByRole("radio", { name: "The client" }));
  await waitFor(() => expect(calls.map((c) => c.path)).toContain("/api/action-items?status=open&assignee=client"));
  expect(await view.findByText("No tasks assigned to the client match.")).toBeTruthy();
});

test("editing a task sends only what changed: its text, assignee and due date", async () => {
  const calls = mockFetch({
    "GET /api/action-items": { body: [FROM_MEETING] },
    "PATCH /api/action-items/11": { body: { ...FROM_MEETING, task: "Send the final fee letter" } },
  });
  const view = renderWithData(<TasksPage />, "/tasks");
  fireEvent.click(await view.findByRole("button", { name: "Edit task: Send the revised fee letter" }));
  const form = view.getByRole("form", { name: "Edit task: Send the revised fee letter" });
  typeInto(within(form).getByLabelText("Task"), "Send the final fee letter");
  typeInto(within(form).getByLabelText("Due date"), "2026-05-01");
  fireEvent.click(within(form).getByRole("button", { name: "Save" }));
  await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
  expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
    task: "Send the final fee letter",
    dueDate: "2026-05-01",
  });
  await waitFor(() => expect(view.queryByRole("form", { name: /^Edit task/ })).toBeNull());
});

test("a task's text cannot be emptied", async () => {
  const calls = mockFetch({ "GET /api/action-items": { body: [FROM_MEETING] } });
  const view = renderWithData(<TasksPage />, "/tasks");
  fireEvent.click(await view.findByRole("button", { name: "Edit task: Send the revised fee letter" }));
  const form = view.getByRole("form", { name: "Edit task: Send the revised fee letter" });
  typeInto(within(form).getByLabelText("Task"), "   ");
  fireEvent.click(within(form).getByRole("button", { name: "Save" }));
  expect(await within(form).findByText("Required")).toBeTruthy();
  expect(calls.some((c) => c.method === "PATCH")).toBe(false);
});

test("Add task on a client's group adds a task for that client", async () => {
  const calls = mockFetch({
    "GET /api/action-items": { body: [FROM_MEETING] },
    "POST /api/action-items": { status: 201, body: { ...FOR_CLIENT, id: 13, task: "Book the annual review" } },
  });
  const view = renderWithData(<TasksPage />, "/tasks");
  fireEvent.click(await view.findByRole("button", { name: "Add task for Ingram Trust" }));
  const dialog = await view.findByRole("dialog");
  typeInto(within(dialog).getByLabelText("Task"), "Book the annual review");
  typeInto(within(dialog).getByLabelText("Assignee"), "Demo Advisor");
  fireEvent.click(within(dialog).getByRole("button", { name: "Add task" }));
  await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
  expect(calls.find((c) => c.method === "POST")?.body).toEqual({
    clientId: 8,
    task: "Book the annual review",
    assignee: "Demo Advisor",
    dueDate: null,
  });
});

test("whose tasks and which tab are kept in the address: a reload shows the same list", async () => {
  const calls = mockFetch({ "GET /api/action-items": { body: [] } });
  const view = renderWithData(
    <>
      <TasksPage />
      <AddressProbe />
    </>,
    "/tasks",
  );
  fireEvent.click(await view.findByRole("radio", { name: "Me" }));
  await waitFor(() => expect(view.getByTestId("address").textContent).toBe("?assignee=mine"));
  fireEvent.click(view.getByRole("tab", { name: "Done" }));
  await waitFor(() => expect(view.getByTestId("address").textContent).toBe("?assignee=mine&status=done"));
  cleanup();
  calls.length = 0;

  const reloaded = renderWithData(<TasksPage />, "/tasks?assignee=mine&status=done");
  await waitFor(() => expect(calls.map((c) => c.path)).toContain("/api/action-items?status=done&assignee=mine"));
  expect((reloaded.getByRole("radio", { name: "Me" }) as HTMLInputElement).checked).toBe(true);
  expect(reloaded.getByRole("tab", { name: "Done" }).getAttribute("aria-selected")).toBe("true");
});
