import "../../../test/setup-dom";
import { afterEach, beforeEach, expect, test } from "bun:test";
import type { MeetingDetail } from "@cm/api/models";
import { cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { SWRConfig } from "swr";
import { fetchJson } from "../../lib/api-request";
import MeetingDetailPage from "../../pages/meeting-detail-page";
import { SummaryTab } from "./summary-tab";

const SEGMENTS = Array.from({ length: 8 }, (_, i) => ({
  start: i * 30,
  end: i * 30 + 30,
  speaker: i % 2 ? "Jo Marsh" : "Lee Tan",
  text: i === 6 ? "We settled on the municipal bond fund." : `Small talk number ${i}.`,
}));

const meeting = {
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
    keyPoints: [{ text: "Bond fund chosen", source: { segment: 6, start: 180 } }, { text: "No moment here" }],
    decisions: [{ text: "Buy the municipal bond fund", source: { segment: 6, start: null } }],
    actionItems: [
      { id: 3, status: "open", task: "Place the bond order", assignee: "Lee Tan", source: { segment: 6, start: 180 } },
    ],
    nextMeeting: { date: "2027-05-04", time: "15:30", topics: ["Taxes"], source: { segment: 7, start: 210 } },
    engine: "local",
  },
  transcript: {
    fullText: "",
    segments: SEGMENTS.slice(0, 2),
    engine: "transcript-file",
    draft: false,
    fullTextLength: 400,
    segmentCount: SEGMENTS.length,
    speakers: ["Lee Tan", "Jo Marsh"],
  },
} as unknown as MeetingDetail;

let requested: string[] = [];
beforeEach(() => {
  requested = [];
  globalThis.fetch = (async (input: string | URL | Request) => {
    const url = new URL(String(input), "http://localhost:3000");
    requested.push(`${url.pathname}${url.search}`);
    if (url.pathname === "/api/meetings/4") return Response.json(meeting);
    if (url.pathname.endsWith("/transcript/at"))
      return Response.json({ segment: Math.floor(Number(url.searchParams.get("t")) / 30) });
    if (!url.pathname.endsWith("/transcript")) return Response.json({ message: "Not found" }, { status: 404 });
    const from = Number(url.searchParams.get("from") ?? 0);
    return Response.json({ from, to: SEGMENTS.length, total: SEGMENTS.length, segments: SEGMENTS.slice(from) });
  }) as typeof fetch;
});
afterEach(cleanup);

function renderPage(path: string) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, fetcher: fetchJson }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/meetings/:id" element={<MeetingDetailPage />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

test("every grounded item shows its moment as a link to the transcript there; Decisions and the time are shown", () => {
  const view = render(
    <MemoryRouter>
      <SummaryTab meeting={meeting} />
    </MemoryRouter>,
  );
  const point = view.getByRole("link", { name: "At 3:00 in the transcript: Bond fund chosen" });
  expect(point.getAttribute("href")).toBe("/meetings/4?t=180&segment=6");
  expect(point.textContent).toBe("3:00");
  view.getByRole("heading", { name: "Decisions" });
  const decision = view.getByRole("link", { name: "In the transcript: Buy the municipal bond fund" });
  expect(decision.getAttribute("href")).toBe("/meetings/4?segment=6");
  view.getByRole("link", { name: "At 3:00 in the transcript: Place the bond order" });
  view.getByText("Scheduled for May 4, 2027 at 15:30");
  view.getByRole("link", { name: "At 3:30 in the transcript: where the next meeting was arranged" });
  // An item without a source (stored before grounding) is listed without a link.
  view.getByText("No moment here");
  expect(view.getAllByRole("link")).toHaveLength(4);
});

test("without decisions there is no Decisions card", () => {
  const plain = { ...meeting, summary: { ...meeting.summary!, decisions: [] } } as MeetingDetail;
  const view = render(
    <MemoryRouter>
      <SummaryTab meeting={plain} />
    </MemoryRouter>,
  );
  expect(view.queryByRole("heading", { name: "Decisions" })).toBeNull();
});

test("/meetings/{id}?t=SECONDS opens the Full Transcript at that moment", async () => {
  const view = renderPage("/meetings/4?t=185");
  const said = await view.findByText("We settled on the municipal bond fund.");
  expect(said.closest("li")?.getAttribute("aria-current")).toBe("true");
  expect(view.getByRole("tab", { name: "Full Transcript" }).getAttribute("aria-selected")).toBe("true");
  expect(requested).toContain("/api/meetings/4/transcript/at?t=185");
});

test("clicking a key point's moment on the Summary tab switches to the transcript at its segment", async () => {
  const view = renderPage("/meetings/4");
  fireEvent.click(await view.findByRole("link", { name: "At 3:00 in the transcript: Bond fund chosen" }));
  const said = await view.findByText("We settled on the municipal bond fund.");
  await waitFor(() => expect(said.closest("li")?.getAttribute("aria-current")).toBe("true"));
  expect(view.getByRole("tab", { name: "Full Transcript" }).getAttribute("aria-selected")).toBe("true");
});

test("the same moment clicked again, after going back to the Summary tab, opens the transcript again", async () => {
  const view = renderPage("/meetings/4");
  const link = await view.findByRole("link", { name: "At 3:00 in the transcript: Bond fund chosen" });
  fireEvent.click(link);
  const transcriptTab = view.getByRole("tab", { name: "Full Transcript" });
  await waitFor(() => expect(transcriptTab.getAttribute("aria-selected")).toBe("true"));
  fireEvent.click(view.getByRole("tab", { name: "Summary" }));
  await waitFor(() => expect(transcriptTab.getAttribute("aria-selected")).toBe("false"));
  fireEvent.click(await view.findByRole("link", { name: "At 3:00 in the transcript: Bond fund chosen" }));
  await waitFor(() => expect(transcriptTab.getAttribute("aria-selected")).toBe("true"));
});
