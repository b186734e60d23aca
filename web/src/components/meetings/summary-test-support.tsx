// A meeting with notes, and the Summary tab rendered as the app does (signed in, in a router with a sidebar link),
// for the Edit notes DOM tests.
import type { MeetingDetail } from "@cm/api/models";
import { render } from "@testing-library/react";
import { Link, MemoryRouter, Route, Routes, useLocation } from "react-router";
import { SWRConfig } from "swr";
import { demoUser } from "../../pages/auth-pages-test-utils";
import { SummaryTab } from "./summary-tab";

export const NOTES_MEETING = {
  id: 31,
  title: "Business sale",
  status: "Processed",
  reviewed: false,
  reviewedAt: null,
  reviewedBy: null,
  editedParts: [],
  redraftedParts: [],
  summary: {
    executiveSummary: "The sale of the workshop closes in spring.",
    keyPoints: [{ text: "Buyer found" }, { text: "Price agreed" }, { text: "Staff stay on" }],
    decisions: [{ text: "Accept the offer" }],
    actionItems: Array.from({ length: 8 }, (_, i) => ({
      id: 100 + i,
      status: "open",
      task: `Task ${i + 1}`,
      assignee: "Ola Berg",
      dueDate: "2027-03-01",
    })),
    nextMeeting: { date: "2027-03-10", time: "10:00", topics: ["Closing"] },
    engine: "local",
  },
} as unknown as MeetingDetail;

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The Summary tab at /meetings/31 beside a sidebar link to /dashboard; other paths show where the app went. */
export function renderSummaryTab(meeting: MeetingDetail = NOTES_MEETING) {
  return render(
    <SWRConfig
      value={{
        provider: () => new Map(),
        fallback: { "/api/auth/user": { authenticated: true, user: demoUser } },
        revalidateOnMount: false,
      }}
    >
      <MemoryRouter initialEntries={[`/meetings/${meeting.id}`]}>
        <nav>
          <Link to="/dashboard">Dashboard</Link>
        </nav>
        <Routes>
          <Route path="/meetings/:id" element={<SummaryTab meeting={meeting} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}
