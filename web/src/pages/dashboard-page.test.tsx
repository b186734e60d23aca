import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { ClientItem, MeetingListItem } from "@cm/api/models";
import { cleanup, fireEvent, waitFor } from "@testing-library/react";
import { AddressProbe } from "../../test/address-probe";
import { renderWithData } from "../../test/render-with-data";
import { filteredHeading } from "../components/meetings/filtered-activity";
import { clearToasts, mockFetch, typeInto } from "./auth-pages-test-utils";
import DashboardPage from "./dashboard-page";

const realFetch = globalThis.fetch;
afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

const CLIENT: ClientItem = {
  id: 5,
  name: "Whitcombe Estate",
  type: "Legal",
  emails: [],
  createdAt: "2025-01-01T00:00:00.000Z",
  meetingCount: 1,
};
/** A meeting long before the last 7 days. */
const OLD: MeetingListItem = {
  id: 21,
  title: "Probate kickoff",
  clientId: 5,
  client_id: 5,
  client_name: "Whitcombe Estate",
  client: { id: 5, name: "Whitcombe Estate", type: "Legal" },
  date: "2025-03-03T12:00:00.000Z",
  timeKnown: false,
  duration: null,
  type: "Uploaded",
  status: "Processed",
  failureReason: null,
  createdAt: "2025-03-03T12:00:00.000Z",
  executive_summary: "The will was read.",
  action_items: [],
  action_item_count: 0,
  next_meeting: null,
  transcript_preview: null,
  reviewed: false,
  reviewedAt: null,
  reviewedBy: null,
};

const listPaths = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.path.startsWith("/api/meetings")).map((c) => c.path);

test("the heading says what a filtered list holds", () => {
  expect(filteredHeading("Whitcombe Estate", null)).toBe("All meetings with Whitcombe Estate");
  expect(filteredHeading(null, "2025-03-03")).toBe("Meetings on March 3, 2025");
  expect(filteredHeading("Whitcombe Estate", "2025-03-03")).toBe("Meetings with Whitcombe Estate on March 3, 2025");
});

test("without a filter Recent Activity keeps to the last 7 days", async () => {
  mockFetch({
    "GET /api/meetings": { body: [OLD] },
    "GET /api/clients": { body: [CLIENT] },
    "GET /api/stats": { body: { processedCount: 1, clientCount: 1, insightsGenerated: 0 } },
  });
  const view = renderWithData(<DashboardPage />, "/dashboard");
  expect(await view.findByRole("heading", { name: "Recent Activity" })).toBeTruthy();
  expect(await view.findByText("No meetings have been recorded recently.")).toBeTruthy();
  expect(view.queryByText("Probate kickoff")).toBeNull();
});

test("a chosen day lists that day's meetings whatever their age, under a heading that says so", async () => {
  const calls = mockFetch({
    "GET /api/meetings": { body: [OLD] },
    "GET /api/clients": { body: [CLIENT] },
    "GET /api/stats": { body: { processedCount: 1, clientCount: 1, insightsGenerated: 0 } },
  });
  const view = renderWithData(<DashboardPage />, "/dashboard");
  await view.findByRole("heading", { name: "Recent Activity" });
  typeInto(view.getByLabelText("Date"), "2025-03-03");
  expect(await view.findByRole("heading", { name: "Meetings on March 3, 2025" })).toBeTruthy();
  expect(await view.findByText("Probate kickoff")).toBeTruthy();
  expect(view.queryByRole("heading", { name: "Recent Activity" })).toBeNull();
  // The day's bounds, not the 7-day window, go to the server.
  const filtered = listPaths(calls).find((path) => path.includes("from="));
  expect(filtered).toBeDefined();
  expect(filtered).not.toContain("recentDays");
});

test("a chosen client lists all its meetings; nothing matching says so", async () => {
  const calls = mockFetch({
    "GET /api/meetings": { body: [] },
    "GET /api/clients": { body: [CLIENT] },
    "GET /api/stats": { body: { processedCount: 0, clientCount: 1, insightsGenerated: 0 } },
  });
  const view = renderWithData(<DashboardPage />, "/dashboard");
  const trigger = await view.findByRole("combobox");
  fireEvent.click(trigger);
  fireEvent.click(await view.findByRole("option", { name: "Whitcombe Estate" }));
  expect(await view.findByRole("heading", { name: "All meetings with Whitcombe Estate" })).toBeTruthy();
  expect(await view.findByText("No meetings match this client.")).toBeTruthy();
  await waitFor(() => expect(listPaths(calls)).toContain("/api/meetings?clientId=5&limit=50"));
});

test("the filters are kept in the address: a reload shows the same filtered list", async () => {
  mockFetch({
    "GET /api/meetings": { body: [OLD] },
    "GET /api/clients": { body: [CLIENT] },
    "GET /api/stats": { body: { processedCount: 1, clientCount: 1, insightsGenerated: 0 } },
  });
  const view = renderWithData(
    <>
      <DashboardPage />
      <AddressProbe />
    </>,
    "/dashboard",
  );
  fireEvent.click(await view.findByRole("combobox"));
  fireEvent.click(await view.findByRole("option", { name: "Whitcombe Estate" }));
  await waitFor(() => expect(view.getByTestId("address").textContent).toBe("?client=5"));
  typeInto(view.getByLabelText("Date"), "2025-03-03");
  await waitFor(() => expect(view.getByTestId("address").textContent).toBe("?client=5&date=2025-03-03"));
  cleanup();

  // The reload: the same list, and the filters show what it is filtered by.
  const reloaded = renderWithData(<DashboardPage />, "/dashboard?client=5&date=2025-03-03");
  expect(
    await reloaded.findByRole("heading", { name: "Meetings with Whitcombe Estate on March 3, 2025" }),
  ).toBeTruthy();
  expect((reloaded.getByLabelText("Date") as HTMLInputElement).value).toBe("2025-03-03");
  await waitFor(() => expect(reloaded.getByRole("combobox").textContent).toContain("Whitcombe Estate"));
});

test("filters in the address that are not ones (a typo, a junk link) are ignored", async () => {
  mockFetch({
    "GET /api/meetings": { body: [] },
    "GET /api/clients": { body: [CLIENT] },
    "GET /api/stats": { body: { processedCount: 0, clientCount: 1, insightsGenerated: 0 } },
  });
  const view = renderWithData(<DashboardPage />, "/dashboard?client=5x&date=2025-02-31");
  expect(await view.findByRole("heading", { name: "Recent Activity" })).toBeTruthy();
  expect((view.getByLabelText("Date") as HTMLInputElement).value).toBe("");
});
