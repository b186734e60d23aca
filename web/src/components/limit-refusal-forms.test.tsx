// Every form that makes something an account limit counts (issue 37) shows the server's sentence when the answer is
// a limit refusal, not the form's generic failure: clients (create, edit with addresses), planned meetings, tasks,
// a follow-up's new contact. Each request is answered with the server's own refusal (test/limit-answers.ts).
import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { ClientItem, FollowUpDraft } from "@cm/api/models";
import { cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { countFull, type LimitAnswer, storageFull, tooManyCreations } from "../../test/limit-answers";
import { renderWithData } from "../../test/render-with-data";
import { clearToasts, mockFetch, typeInto } from "../pages/auth-pages-test-utils";
import { ScheduleMeetingDialog } from "./calendar/schedule-meeting-dialog";
import { CreateClientDialog } from "./clients/create-client-dialog";
import { EditClientDialog } from "./clients/edit-client-dialog";
import { FollowUpDialog } from "./meetings/follow-up-dialog";
import { AddTaskDialog } from "./tasks/add-task-dialog";

const realFetch = globalThis.fetch;
afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

const CLIENT: ClientItem = {
  id: 4,
  name: "Fenwick Partners",
  type: "Tax Advice",
  emails: ["office@fenwick.example"],
  createdAt: "2026-01-05T09:00:00.000Z",
  meetingCount: 2,
};

/** The toast (an open one) that says `text`; fails when the form showed anything else. */
async function toastSaying(view: ReturnType<typeof renderWithData>, text: string) {
  const toast = (await view.findByText(text)).closest("[data-part=root]") as HTMLElement;
  expect(toast.getAttribute("data-state")).toBe("open");
  return toast;
}

const reply = (answer: LimitAnswer) => ({ status: answer.status, body: answer.body });

for (const answer of [countFull("clients", 5000), tooManyCreations(40), storageFull(2048)]) {
  test(`Create client shows the server's sentence for ${answer.body.code}, not "Failed to create client"`, async () => {
    mockFetch({ "POST /api/clients": reply(answer) });
    const view = renderWithData(<CreateClientDialog open onOpenChange={() => {}} />, "/clients");
    typeInto(view.getByLabelText("Client Name"), "Okafor Holdings");
    typeInto(view.getByLabelText("Client Type"), "Wealth Management");
    typeInto(view.getByLabelText("Client E-mail (optional)"), "ada@okafor.example");
    fireEvent.click(view.getByRole("button", { name: "Create Client" }));
    await toastSaying(view, answer.body.message);
    expect(view.queryByText("Failed to create client. Please try again.")).toBeNull();
    // The entry stays, to change or send again.
    expect((view.getByLabelText("Client Name") as HTMLInputElement).value).toBe("Okafor Holdings");
  });
}

for (const answer of [countFull("contacts", 50), storageFull(4096)]) {
  test(`Edit client (its addresses) shows the server's sentence for ${answer.body.code}`, async () => {
    mockFetch({ "PATCH /api/clients/4": reply(answer) });
    const view = renderWithData(<EditClientDialog client={CLIENT} open onOpenChange={() => {}} />, "/clients");
    typeInto(view.getByLabelText("Client E-mail addresses"), "office@fenwick.example\nnew@fenwick.example");
    fireEvent.click(view.getByRole("button", { name: "Save Changes" }));
    await toastSaying(view, answer.body.message);
    expect(view.queryByText("Failed to save the client. Please try again.")).toBeNull();
    expect((view.getByLabelText("Client E-mail addresses") as HTMLTextAreaElement).value).toContain("new@");
  });
}

test("Schedule New Meeting shows the server's sentence when the account has all its meetings", async () => {
  const answer = countFull("meetings", 10_000);
  mockFetch({ "GET /api/clients": { body: [CLIENT] }, "POST /api/meetings/schedule": reply(answer) });
  const view = renderWithData(
    <ScheduleMeetingDialog open onOpenChange={() => {}} initialDate="2026-12-01" onScheduled={() => {}} />,
    "/calendar",
  );
  fireEvent.click(await view.findByRole("combobox", { name: "Select Client" }));
  fireEvent.click(await view.findByRole("option", { name: "Fenwick Partners" }));
  await waitFor(() => expect(view.getByRole("combobox", { name: "Select Client" }).textContent).toContain("Fenwick"));
  typeInto(view.getByLabelText("Meeting Title"), "Annual review");
  fireEvent.click(view.getByRole("button", { name: "Schedule" }));
  const toast = await toastSaying(view, answer.body.message);
  expect(within(toast).getByText("Scheduling failed")).toBeTruthy();
});

test("Add task shows the server's sentence when the meeting has all its action items", async () => {
  const answer = countFull("actionItems", 200);
  mockFetch({ "POST /api/action-items": reply(answer) });
  const view = renderWithData(
    <AddTaskDialog target={{ meetingId: 3, label: "Annual review" }} open onOpenChange={() => {}} />,
    "/meetings/3",
  );
  typeInto(view.getByLabelText("Task"), "Send the fee letter");
  fireEvent.click(view.getByRole("button", { name: "Add task" }));
  const toast = await toastSaying(view, answer.body.message);
  expect(within(toast).getByText("Could not add the task")).toBeTruthy();
});

test("a follow-up's new recipient refused by the client's contact limit says so and sends nothing", async () => {
  const answer = countFull("contacts", 50);
  const calls = mockFetch({ "POST /api/clients/7/emails": reply(answer) });
  const draft: FollowUpDraft = {
    to: ["ada@okafor.example"],
    contacts: ["ada@okafor.example"],
    ownAddress: "me@advisor.example",
    subject: "Follow-up: Estate plan",
    body: "Hello Okafor Estate,",
    sent: [],
  };
  const view = renderWithData(
    <FollowUpDialog
      meetingId={3}
      client={{ id: 7, name: "Okafor Estate" }}
      draft={draft}
      advisorName="Priya Castellano"
      open
      onOpenChange={() => {}}
      onSent={() => {}}
    />,
    "/meetings/3",
  );
  typeInto(view.getByLabelText("To"), "ada@okafor.example, ben@okafor.example");
  fireEvent.click(view.getByRole("button", { name: "Send" }));
  const step = await view.findByRole("region", { name: "New recipients" });
  fireEvent.click(within(step).getByRole("button", { name: /^Add ben@okafor.example/ }));
  await toastSaying(view, answer.body.message);
  await waitFor(() => expect(calls.some((c) => c.path.endsWith("/follow-up"))).toBe(false));
});
