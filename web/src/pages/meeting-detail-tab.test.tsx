import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent, render, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { SWRConfig } from "swr";
import { AddressProbe } from "../../test/address-probe";
import { meetingDetail } from "../../test/meeting-detail";
import { Toaster } from "../components/ui/toaster";
import { fetchJson } from "../lib/api-request";
import { clearToasts, mockFetch } from "./auth-pages-test-utils";
import MeetingDetailPage from "./meeting-detail-page";

const realFetch = globalThis.fetch;
afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

const MEETING = meetingDetail(
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

/** The page opened at `path`, as a reload or a shared link opens it, with the address it keeps beside it. */
function openAt(path: string) {
  mockFetch({
    "GET /api/meetings/21": { body: MEETING },
    "GET /api/meetings/21/follow-up": {
      body: { to: [], contacts: [], ownAddress: "", subject: "", body: "", sent: [] },
    },
    "GET /api/notes/meeting/21": { body: { meetingId: 21, content: "Bring the deeds.", updatedAt: null } },
  });
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: fetchJson, shouldRetryOnError: false }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/meetings/:id"
            element={
              <>
                <MeetingDetailPage />
                <AddressProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </SWRConfig>,
  );
}

const selected = async (view: ReturnType<typeof openAt>) =>
  (await view.findAllByRole("tab")).find((tab) => tab.getAttribute("aria-selected") === "true")?.textContent;

test("the open tab is kept in the address, so a reload opens the meeting where the advisor was", async () => {
  const view = openAt("/meetings/21");
  expect(await selected(view)).toBe("Summary");
  fireEvent.click(view.getByRole("tab", { name: "My Notes" }));
  await waitFor(() => expect(view.getByTestId("address").textContent).toBe("?tab=notes"));
  fireEvent.click(view.getByRole("tab", { name: "Full Transcript" }));
  await waitFor(() => expect(view.getByTestId("address").textContent).toBe("?tab=transcript"));
  cleanup();

  // The reload.
  const reloaded = openAt("/meetings/21?tab=transcript");
  expect(await selected(reloaded)).toBe("Full Transcript");
  fireEvent.click(reloaded.getByRole("tab", { name: "Summary" }));
  await waitFor(() => expect(reloaded.getByTestId("address").textContent).toBe(""));
  expect(await selected(reloaded)).toBe("Summary");
});

test("a moment opens the transcript; choosing another tab drops the moment from the address", async () => {
  const view = openAt("/meetings/21?t=42");
  expect(await selected(view)).toBe("Full Transcript");
  fireEvent.click(view.getByRole("tab", { name: "My Notes" }));
  await waitFor(() => expect(view.getByTestId("address").textContent).toBe("?tab=notes"));
  expect(await selected(view)).toBe("My Notes");
});

test("an unknown tab in the address opens Summary", async () => {
  const view = openAt("/meetings/21?tab=%3Cscript%3E");
  expect(await selected(view)).toBe("Summary");
});

test("a failed delete's toast ends when its confirmation is closed", async () => {
  const view = openAt("/meetings/21");
  globalThis.fetch = mockFetchWithDelete(globalThis.fetch);
  fireEvent.click(await view.findByRole("button", { name: "Delete" }));
  const dialog = await view.findByRole("alertdialog");
  fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
  const toast = (await view.findByText("Failed to delete the meeting. Please try again.")).closest("[data-part=root]");
  expect(toast?.getAttribute("data-state")).toBe("open");
  fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(toast?.getAttribute("data-state")).toBe("closed"));
});

/** The page's calls as before, and DELETE refused with a server error. */
function mockFetchWithDelete(previous: typeof fetch): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) =>
    init?.method === "DELETE"
      ? Response.json({ message: "boom" }, { status: 500 })
      : previous(input, init)) as typeof fetch;
}
