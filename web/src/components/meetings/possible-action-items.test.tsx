import "../../../test/setup-dom";
import { afterEach, beforeEach, expect, test } from "bun:test";
import type { MeetingDetail } from "@cm/api/models";
import { cleanup, fireEvent, render, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { SWRConfig } from "swr";
import { countFull } from "../../../test/limit-answers";
import { fetchJson } from "../../lib/api-request";
import { clearToasts } from "../../pages/auth-pages-test-utils";
import MeetingDetailPage from "../../pages/meeting-detail-page";
import { Toaster } from "../ui/toaster";

const PLACE_ORDER = { id: 3, status: "open", task: "Place the bond order", assignee: "Lee Tan" };
const POSSIBLE = [
  { task: "Look at the old annuity statement", assignee: "Jo Marsh", source: { segment: 1, start: 30 } },
  { task: "Bring the cheque book", assignee: "Unassigned", dueDate: "2027-04-09" },
];

function meetingWith(actionItems: unknown[]): MeetingDetail {
  return {
    id: 4,
    title: "Quarterly check-in",
    client_name: "Marsh Family",
    type: "Portfolio Review",
    status: "Processed",
    date: "2027-04-02T15:00:00.000Z",
    hasAudio: false,
    reviewed: false,
    reviewedAt: null,
    reviewedBy: null,
    editedParts: [],
    redraftedParts: [],
    summary: {
      executiveSummary: "Lee and Jo chose a bond fund.",
      keyPoints: [{ text: "Bond fund chosen" }],
      decisions: [],
      actionItems,
      possibleActionItems: POSSIBLE,
      nextMeeting: null,
      engine: "local",
    },
    transcript: null,
  } as unknown as MeetingDetail;
}

const FULL = countFull("actionItems", 200);
let meeting = meetingWith([PLACE_ORDER]);
let posted: unknown[] = [];
let refuse = false;

beforeEach(() => {
  meeting = meetingWith([PLACE_ORDER]);
  posted = [];
  refuse = false;
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost:3000");
    if (url.pathname === "/api/action-items" && init?.method === "POST") {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      if (refuse) return Response.json(FULL.body, { status: FULL.status });
      // The task joins the meeting's action items, as the server does.
      meeting = meetingWith([...(meeting.summary?.actionItems ?? []), { id: 9, status: "open", ...body }]);
      return Response.json({ id: 9, ...body }, { status: 201 });
    }
    if (url.pathname === "/api/meetings/4") return Response.json(meeting);
    return Response.json({ message: "Not found" }, { status: 404 });
  }) as typeof fetch;
});
afterEach(() => {
  cleanup();
  clearToasts();
});

function renderPage() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, fetcher: fetchJson }}>
      <MemoryRouter initialEntries={["/meetings/4"]}>
        <Routes>
          <Route path="/meetings/:id" element={<MeetingDetailPage />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </SWRConfig>,
  );
}

async function possibleSection(view: ReturnType<typeof renderPage>) {
  const summary = await view.findByText("Possible action items (2)");
  return summary.closest("details") as HTMLDetailsElement;
}

test("possible action items are apart from the action items, collapsed until opened", async () => {
  const view = renderPage();
  const details = await possibleSection(view);
  expect(details.open).toBe(false);
  // Not among the action items.
  const actionCard = view.getByRole("heading", { name: "Action Items" }).closest("section") as HTMLElement;
  expect(within(actionCard).queryByText(/old annuity statement/)).toBeNull();
  fireEvent.click(view.getByText("Possible action items (2)"));
  expect(details.open).toBe(true);
  within(details).getByText("Look at the old annuity statement");
  within(details).getByRole("link", { name: "At 0:30 in the transcript: Look at the old annuity statement" });
  within(details).getByText(/Unassigned, due Apr 9, 2027/);
});

test("one click adds a possible item as an action item; it then leaves the possible list", async () => {
  const view = renderPage();
  const details = await possibleSection(view);
  fireEvent.click(
    within(details).getByRole("button", { name: 'Add "Look at the old annuity statement" as an action item' }),
  );
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toEqual({
    meetingId: 4,
    task: "Look at the old annuity statement",
    assignee: "Jo Marsh",
    dueDate: null,
  });
  await view.findByText("Possible action items (1)");
  const actionCard = view.getByRole("heading", { name: "Action Items" }).closest("section") as HTMLElement;
  await within(actionCard).findByText("Look at the old annuity statement");
});

test("an unassigned possible item is added without an assignee, with its due date", async () => {
  const view = renderPage();
  const details = await possibleSection(view);
  fireEvent.click(within(details).getByRole("button", { name: 'Add "Bring the cheque book" as an action item' }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toEqual({ meetingId: 4, task: "Bring the cheque book", assignee: "", dueDate: "2027-04-09" });
});

test("a refusal (the meeting's limit) keeps the possible item, and says why", async () => {
  refuse = true;
  const view = renderPage();
  const details = await possibleSection(view);
  fireEvent.click(
    within(details).getByRole("button", { name: 'Add "Look at the old annuity statement" as an action item' }),
  );
  await waitFor(() => expect(posted).toHaveLength(1));
  await waitFor(() =>
    expect(
      within(details).getByRole("button", { name: 'Add "Look at the old annuity statement" as an action item' }),
    ).toHaveProperty("disabled", false),
  );
  const toast = (await view.findByText(FULL.body.message)).closest("[data-part=root]") as HTMLElement;
  within(toast).getByText("Could not add the action item");
  view.getByText("Possible action items (2)");
});

test("without possible items there is no such section", async () => {
  meeting = { ...meeting, summary: { ...meeting.summary!, possibleActionItems: undefined } } as MeetingDetail;
  const view = renderPage();
  await view.findByRole("heading", { name: "Action Items" });
  expect(view.queryByText(/Possible action items/)).toBeNull();
});
