import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { FollowUpDraft } from "@cm/api/models";
import { cleanup, fireEvent, render, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { clearToasts, mockFetch, typeInto } from "../../pages/auth-pages-test-utils";
import { Toaster } from "../ui/toaster";
import { FollowUpDialog } from "./follow-up-dialog";
import { findNewRecipients } from "./follow-up-recipients";

const realFetch = globalThis.fetch;
afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

const DRAFT: FollowUpDraft = {
  to: ["ada@okafor.example"],
  contacts: ["ada@okafor.example"],
  ownAddress: "me@advisor.example",
  subject: "Follow-up: Estate plan",
  body: "Hello Okafor Estate,",
  sent: [],
};
const SENT = { to: ["ada@okafor.example"], subject: DRAFT.subject, sentAt: "2026-11-24T10:00:00.000Z" };
const CLIENT = { id: 7, name: "Okafor Estate" };

function renderDialog(onSent: (sent: unknown) => void = () => {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <FollowUpDialog
        meetingId={3}
        client={CLIENT}
        draft={DRAFT}
        advisorName="Priya Castellano"
        open
        onOpenChange={() => {}}
        onSent={onSent}
      />
      <Toaster />
    </SWRConfig>,
  );
}

test("new recipients are those neither among the client's contacts nor the advisor's own address, any case", () => {
  const found = findNewRecipients(
    ["ADA@okafor.example", "Me@Advisor.example", "ben@x.example", "BEN@x.example"],
    DRAFT,
  );
  expect(found).toEqual(["ben@x.example"]);
});

test("sending to the client's contacts and the advisor goes straight out, with no contacts step", async () => {
  const calls = mockFetch({ "POST /api/meetings/3/follow-up": { status: 201, body: SENT } });
  const view = renderDialog();
  typeInto(view.getByLabelText("To"), "ada@okafor.example, me@advisor.example");
  fireEvent.click(view.getByRole("button", { name: "Send" }));
  await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain("POST /api/meetings/3/follow-up"));
  expect(calls.some((c) => c.path.includes("/api/clients/"))).toBe(false);
});

test("a new address asks first, adds it to the client's contacts on confirmation, then sends", async () => {
  const calls = mockFetch({
    "POST /api/clients/7/emails": { status: 201, body: { ...CLIENT, emails: [] } },
    "POST /api/meetings/3/follow-up": { status: 201, body: SENT },
  });
  const sent: unknown[] = [];
  const view = renderDialog((s) => sent.push(s));
  typeInto(view.getByLabelText("To"), "ada@okafor.example, ben@okafor.example");
  fireEvent.click(view.getByRole("button", { name: "Send" }));
  const step = await view.findByRole("region", { name: "New recipients" });
  within(step).getByText("ben@okafor.example");
  expect(calls).toEqual([]);
  fireEvent.click(
    within(step).getByRole("button", { name: "Add ben@okafor.example to Okafor Estate's contacts and send" }),
  );
  await waitFor(() => expect(sent).toHaveLength(1));
  const posts = calls.filter((c) => c.method === "POST");
  expect(posts.map((c) => [c.path, c.body])).toEqual([
    ["/api/clients/7/emails", { email: "ben@okafor.example" }],
    [
      "/api/meetings/3/follow-up",
      { to: ["ada@okafor.example", "ben@okafor.example"], subject: DRAFT.subject, body: DRAFT.body },
    ],
  ]);
});

test("Back returns to editing and sends nothing; past the daily cap the toast says so and nothing is sent", async () => {
  const message = "You can add at most 20 new contact addresses a day. Please try again in 5 hours.";
  const calls = mockFetch({ "POST /api/clients/7/emails": { status: 429, body: { message } } });
  const view = renderDialog();
  typeInto(view.getByLabelText("To"), "ben@okafor.example");
  fireEvent.click(view.getByRole("button", { name: "Send" }));
  fireEvent.click(
    within(await view.findByRole("region", { name: "New recipients" })).getByRole("button", { name: "Back" }),
  );
  expect(view.queryByRole("region", { name: "New recipients" })).toBeNull();
  fireEvent.click(view.getByRole("button", { name: "Send" }));
  const step = await view.findByRole("region", { name: "New recipients" });
  fireEvent.click(within(step).getByRole("button", { name: /Add ben@okafor.example/ }));
  await view.findByText(message);
  expect(calls.some((c) => c.path === "/api/meetings/3/follow-up")).toBe(false);
  expect((view.getByLabelText("To") as HTMLInputElement).value).toBe("ben@okafor.example");
});

test("the preview shows the message as the e-mail will: headings, list items and bold, updated as the advisor types", async () => {
  mockFetch({});
  const view = renderDialog();
  const preview = within(view.getByTestId("follow-up-preview"));
  expect(preview.getByText("Follow-up: Estate plan")).toBeTruthy();
  typeInto(
    view.getByLabelText("Message"),
    "Hello Ada,\n\n## What I will do\n\n- Send the **signed** deed\n- Book the notary",
  );
  await waitFor(() => expect(preview.getByRole("heading", { name: "What I will do" })).toBeTruthy());
  expect(preview.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
    "Send the signed deed",
    "Book the notary",
  ]);
  expect(preview.getByText("signed").tagName).toBe("STRONG");
  expect(view.getByTestId("follow-up-preview").textContent).not.toContain("##");
  expect(preview.getByText(/Sent by Priya Castellano with Clearminute/)).toBeTruthy();
});
