import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { MeetingDetail } from "@cm/api/models";
import { cleanup } from "@testing-library/react";
import { meetingDetail } from "../../test/meeting-detail";
import { renderWithData } from "../../test/render-with-data";
import { clearToasts, mockFetch } from "./auth-pages-test-utils";
import MeetingDetailPage from "./meeting-detail-page";

const realFetch = globalThis.fetch;
afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

// A recorded meeting that took place at 09:45 local time; `timeKnown` says whether that time was given.
const HELD = meetingDetail(
  { id: 6, name: "Adeyemi Family", type: "Estate" },
  {
    id: 21,
    title: "Estate plan update",
    date: "2027-03-04T09:45:00",
    summary: {
      executiveSummary: "The wills are to be updated after the house sale.",
      keyPoints: [],
      decisions: [],
      actionItems: [],
      nextMeeting: null,
      engine: "local",
    },
  },
);

function renderHeld(meeting: MeetingDetail) {
  mockFetch({
    "GET /api/meetings/21": { body: meeting },
    "GET /api/notes/meeting/21": { body: { content: "" } },
  });
  return renderWithData(<MeetingDetailPage />, "/meetings/21", "/meetings/:id");
}

test("the header shows the meeting's start time, as the calendar writes it, when it is known", async () => {
  const view = renderHeld(HELD);
  expect(await view.findByRole("heading", { name: "Estate plan update" })).toBeTruthy();
  expect(view.getByText("March 4, 2027 at 09:45")).toBeTruthy();
});

test("the header shows the day alone when the upload gave no start time", async () => {
  const view = renderHeld({ ...HELD, date: "2027-03-04T12:00:00", timeKnown: false });
  expect(await view.findByRole("heading", { name: "Estate plan update" })).toBeTruthy();
  expect(view.getByText("March 4, 2027")).toBeTruthy();
  expect(view.queryByText(/March 4, 2027 at/)).toBeNull();
});
