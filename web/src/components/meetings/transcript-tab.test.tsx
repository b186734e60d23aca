import "../../../test/setup-dom";
import { afterEach, beforeEach, expect, test } from "bun:test";
import type { MeetingDetail, TranscriptSegment } from "@cm/api/models";
import { act, cleanup, fireEvent, render, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { toaster } from "../../lib/toast-store";
import { typeInto } from "../../pages/auth-pages-test-utils";
import { Toaster } from "../ui/toaster";
import type { TranscriptMoment } from "./transcript-moment";
import { TranscriptTab } from "./transcript-tab";

// A long meeting as the server pages it: the meeting answer holds the first 3 of 12 segments and the first 20
// characters of the text; the range routes answer 4 segments or 25 characters at a time.
const SEGMENTS: TranscriptSegment[] = Array.from({ length: 12 }, (_, i) => ({
  start: i * 5,
  end: i * 5 + 5,
  speaker: i === 11 ? "Late Speaker" : "Robin Vale",
  text: i === 9 ? "The escrow account closes in March." : `Point number ${i} of the review.`,
}));
const FULL_TEXT = SEGMENTS.map((s) => `${s.speaker}: ${s.text}`).join("\n");

const meeting = {
  id: 7,
  status: "Processed",
  hasAudio: false,
  transcript: {
    fullText: FULL_TEXT.slice(0, 20),
    segments: SEGMENTS.slice(0, 3),
    engine: "transcript-file",
    draft: false,
    fullTextLength: FULL_TEXT.length,
    segmentCount: SEGMENTS.length,
    speakers: ["Robin Vale", "Late Speaker"],
  },
} as unknown as MeetingDetail;

let requested: string[] = [];
let copied: string[] = [];

function answer(url: URL): unknown {
  const from = Number(url.searchParams.get("from") ?? 0);
  const to = url.searchParams.get("to");
  if (url.pathname.endsWith("/transcript/text")) {
    const end = Math.min(from + 25, FULL_TEXT.length);
    return { from, to: end, total: FULL_TEXT.length, text: FULL_TEXT.slice(from, end) };
  }
  if (url.pathname.endsWith("/transcript/at")) {
    const t = Number(url.searchParams.get("t"));
    return { segment: SEGMENTS.findLastIndex((s) => (s.start ?? 0) <= t) };
  }
  if (url.pathname.endsWith("/transcript/find")) {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const matches = SEGMENTS.flatMap((s, i) => (s.text.toLowerCase().includes(q) ? [i] : []));
    return { matches, total: matches.length };
  }
  const end = Math.min(from + 4, to === null ? SEGMENTS.length : Number(to), SEGMENTS.length);
  return { from, to: end, total: SEGMENTS.length, segments: SEGMENTS.slice(from, end) };
}

beforeEach(() => {
  requested = [];
  copied = [];
  globalThis.fetch = (async (input: string | URL | Request) => {
    const url = new URL(String(input), "http://localhost:3000");
    requested.push(`${url.pathname}${url.search}`);
    return Response.json(answer(url));
  }) as typeof fetch;
  Object.defineProperty(navigator, "clipboard", {
    configurable: true,
    value: { writeText: async (text: string) => void copied.push(text) },
  });
});

afterEach(() => {
  act(() => toaster.remove());
  cleanup();
});

function renderTab(moment: TranscriptMoment | null = null) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <TranscriptTab meeting={meeting} moment={moment} />
      <Toaster />
    </SWRConfig>,
  );
}

test("Copy Text copies the whole transcript, not only the opening the page holds, and says so", async () => {
  const view = renderTab();
  fireEvent.click(view.getByRole("button", { name: "Copy Text" }));
  await waitFor(() => expect(copied).toHaveLength(1));
  expect(copied[0]).toBe(FULL_TEXT);
  expect(requested.every((r) => r.startsWith("/api/meetings/7/transcript/text?from="))).toBe(true);
  const status = await view.findByRole("status");
  expect(status.textContent).toContain("Copied to clipboard");
  expect(status.textContent).toContain("The transcript has been copied to your clipboard.");
});

test("the speaker list names every speaker of the transcript, also those past the opening", () => {
  const view = renderTab();
  view.getByText("Late Speaker");
});

test("Load more reads the next segments after the last shown, until the transcript ends", async () => {
  const view = renderTab();
  expect(view.queryByText("Point number 3 of the review.")).toBeNull();
  fireEvent.click(view.getByRole("button", { name: "Load more of the transcript" }));
  await view.findByText("Point number 3 of the review.");
  view.getByText("Point number 6 of the review.");
  expect(requested).toContain("/api/meetings/7/transcript?from=3");
  for (const next of ["Point number 7 of the review.", "Point number 11 of the review."]) {
    await waitFor(() =>
      expect((view.getByRole("button", { name: "Load more of the transcript" }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(view.getByRole("button", { name: "Load more of the transcript" }));
    await view.findByText(next);
  }
  await waitFor(() => expect(view.queryByRole("button", { name: "Load more of the transcript" })).toBeNull());
});

test("Find searches the whole transcript and shows the match, loading the part it is in", async () => {
  const view = renderTab();
  typeInto(view.getByLabelText("Find in transcript"), "ESCROW");
  fireEvent.click(view.getByRole("button", { name: "Find" }));
  await view.findByText("Match 1 of 1");
  const match = await view.findByText("The escrow account closes in March.");
  expect(match.closest("li")?.getAttribute("aria-current")).toBe("true");
  expect(requested).toContain("/api/meetings/7/transcript/find?q=ESCROW");
  // The part before the match can be shown again.
  fireEvent.click(view.getByRole("button", { name: "Show earlier parts of the transcript" }));
  await view.findByText("Point number 0 of the review.");
});

test("a long transcript without segments shows its start and says the rest is in Copy Text and exports", () => {
  const textOnly = { ...meeting, transcript: { ...meeting.transcript!, segments: [], segmentCount: 0 } };
  const view = render(<TranscriptTab meeting={textOnly} />);
  view.getByText(FULL_TEXT.slice(0, 20));
  view.getByText("This is the start of a long transcript: Copy Text or an export holds all of it.");
});

test("a draft transcript's small print names the engine and says 'offline' once", () => {
  const draft = { ...meeting, transcript: { ...meeting.transcript!, engine: "pocketsphinx", draft: true } };
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <TranscriptTab meeting={draft} />
    </SWRConfig>,
  );
  const line = view.getByText(/^Draft transcript by/);
  expect(line.textContent).toBe("Draft transcript by pocketsphinx, offline");
  expect(line.textContent?.match(/offline/g)).toHaveLength(1);
});

test("opened at a summary item's segment, the tab loads that part of the transcript and marks the segment", async () => {
  const view = renderTab({ segment: 9, seconds: 45 });
  const said = await view.findByText("The escrow account closes in March.");
  expect(said.closest("li")?.getAttribute("aria-current")).toBe("true");
  expect(said.closest("li")?.id).toBe("segment-9");
  expect(requested).toContain("/api/meetings/7/transcript?from=6");
  // The segment was named: no need to ask the server where the moment falls.
  expect(requested.some((r) => r.includes("/transcript/at"))).toBe(false);
});

test("opened at a moment in seconds (?t=), the tab asks which segment it falls in and shows it", async () => {
  const view = renderTab({ seconds: 47 });
  const said = await view.findByText("The escrow account closes in March.");
  expect(said.closest("li")?.getAttribute("aria-current")).toBe("true");
  expect(requested).toContain("/api/meetings/7/transcript/at?t=47");
});

test("a moment inside the opening is marked without loading anything", async () => {
  const view = renderTab({ segment: 1 });
  await waitFor(() =>
    expect(view.getByText("Point number 1 of the review.").closest("li")?.getAttribute("aria-current")).toBe("true"),
  );
  expect(requested).toEqual([]);
});
