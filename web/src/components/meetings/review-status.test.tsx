import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { MeetingDetail } from "@cm/api/models";
import { cleanup, fireEvent, render, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { SWRConfig } from "swr";
import { meetingDetail } from "../../../test/meeting-detail";
import { fetchJson } from "../../lib/api-request";
import { clearToasts, mockFetch } from "../../pages/auth-pages-test-utils";
import MeetingDetailPage from "../../pages/meeting-detail-page";
import { Toaster } from "../ui/toaster";
import { FollowUpDialog } from "./follow-up-dialog";
import { UnreviewedNotice } from "./review-status";

const realFetch = globalThis.fetch;
afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

const DRAFT_NOTES = meetingDetail(
  { id: 8, name: "Brennan Farms", type: "Estate" },
  {
    id: 12,
    title: "Succession planning",
    type: "Portfolio Review",
    date: "2027-01-12T10:00:00.000Z",
    summary: {
      executiveSummary: "The farm passes to the two daughters in equal shares.",
      keyPoints: [{ text: "Equal shares" }],
      decisions: [],
      actionItems: [],
      nextMeeting: null,
      engine: "local",
    },
  },
);

const REVIEWED = {
  ...DRAFT_NOTES,
  reviewed: true,
  reviewedAt: "2027-01-13T09:00:00.000Z",
  reviewedBy: "Nora Quist",
} as MeetingDetail;

const FOLLOW_UP = { to: [], contacts: [], ownAddress: "me@example.com", subject: "Notes", body: "Hello", sent: [] };

function renderPage() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, fetcher: fetchJson }}>
      <MemoryRouter initialEntries={["/meetings/12"]}>
        <Routes>
          <Route path="/meetings/:id" element={<MeetingDetailPage />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </SWRConfig>,
  );
}

test("draft notes have one review control on the page, on every tab; one click marks them reviewed, by whom and when", async () => {
  let current: MeetingDetail = DRAFT_NOTES;
  const calls = mockFetch({
    "GET /api/meetings/12": () => ({ body: current }),
    "GET /api/meetings/12/follow-up": { body: FOLLOW_UP },
    "GET /api/notes/meeting/12": { body: { meetingId: 12, content: "", updatedAt: null } },
    "PATCH /api/meetings/12/summary": () => {
      current = REVIEWED;
      return { body: REVIEWED };
    },
  });
  const view = renderPage();
  const state = await view.findByTestId("review-state");
  expect(state.textContent).toContain("Draft");
  // Once: not a second warning and button at the export, nor another on the Summary tab.
  const once = () => {
    expect(view.getAllByRole("button", { name: "Mark as reviewed" })).toHaveLength(1);
    expect(view.getAllByText(/not reviewed yet/)).toHaveLength(1);
  };
  once();
  for (const tab of ["Full Transcript", "My Notes", "Summary"]) {
    fireEvent.click(view.getByRole("tab", { name: tab }));
    await waitFor(() => expect(view.getByRole("tab", { name: tab }).getAttribute("aria-selected")).toBe("true"));
    once();
  }
  const review = view.getByRole("region", { name: "Review" });
  fireEvent.click(within(review).getByRole("button", { name: "Mark as reviewed" }));
  await waitFor(() =>
    expect(view.getByTestId("review-state").textContent).toBe("Reviewed by Nora Quist on January 13, 2027"),
  );
  expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ reviewed: true });
  expect(view.queryByText(/not reviewed yet/)).toBeNull();
  expect(view.queryByRole("button", { name: "Mark as reviewed" })).toBeNull();
});

test("the follow-up dialog says the notes are not reviewed and offers to review them first", async () => {
  const calls = mockFetch({ "PATCH /api/meetings/12/summary": { body: REVIEWED } });
  const view = render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <FollowUpDialog
        meetingId={12}
        client={{ id: 8, name: "Brennan Farms" }}
        draft={FOLLOW_UP}
        advisorName="Nora Quist"
        open
        onOpenChange={() => {}}
        onSent={() => {}}
        notice={<UnreviewedNotice meetingId={12} />}
      />
    </SWRConfig>,
  );
  expect(view.getByRole("note").textContent).toContain(
    "These notes are not reviewed yet. Review them before they go to the client.",
  );
  fireEvent.click(within(view.getByRole("note")).getByText("Mark as reviewed"));
  await waitFor(() =>
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain("PATCH /api/meetings/12/summary"),
  );
  expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ reviewed: true });
});

test("after a new draft the tab names the parts it changed", async () => {
  mockFetch({
    "GET /api/meetings/12": { body: { ...DRAFT_NOTES, redraftedParts: ["keyPoints", "nextMeeting"] } },
    "GET /api/meetings/12/follow-up": { body: FOLLOW_UP },
  });
  const view = renderPage();
  expect((await view.findByTestId("redrafted-parts")).textContent).toBe(
    "The new draft changed: Key Points, Next Meeting. Your own edits were kept.",
  );
});
