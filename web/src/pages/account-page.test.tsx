import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { AccountSettings } from "@cm/api/models";
import { cleanup, fireEvent, waitFor } from "@testing-library/react";
import { renderWithData } from "../../test/render-with-data";
import AccountPage from "./account-page";
import { clearToasts, mockFetch } from "./auth-pages-test-utils";

const realFetch = globalThis.fetch;
afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

const none = { mode: "none", amount: 0, overridden: false } as const;
const SETTINGS: AccountSettings = {
  retentionPreset: "sec-204-2",
  lawFirmYears: 7,
  overrides: { recordings: { days: 30 } },
  retention: {
    recordings: { mode: "days", amount: 30, overridden: true },
    transcripts: { mode: "years", amount: 5, overridden: false },
    notes: { mode: "years", amount: 5, overridden: false },
    emails: { mode: "years", amount: 5, overridden: false },
    auditTrail: none,
  },
  planRecordingDays: 30,
  legalHolds: {
    clients: [{ id: 4, name: "Okafor Family Trust", clientId: 4, heldAt: "2026-03-02T10:00:00.000Z" }],
    meetings: [],
  },
};
const CLIENTS = [
  { id: 4, name: "Okafor Family Trust", type: "Trust", emails: [], createdAt: "2026-01-01T00:00:00Z", meetingCount: 2 },
  { id: 5, name: "Brennan Estate", type: "Estate", emails: [], createdAt: "2026-01-01T00:00:00Z", meetingCount: 1 },
];
const AUDIT = { entries: [], nextCursor: null };

test("shows the schedule in force per kind, the plan's recording days and the held clients", async () => {
  mockFetch({
    "GET /api/account/settings": { body: SETTINGS },
    "GET /api/clients": { body: CLIENTS },
    "GET /api/audit-log": { body: AUDIT },
  });
  const view = renderWithData(<AccountPage />, "/account");
  expect((await view.findAllByText("Kept 5 years, then disposed of")).length).toBe(3);
  expect(view.getByText("Kept 30 days, then disposed of")).toBeTruthy();
  expect(view.getByText(/Your plan keeps recordings 30 days/)).toBeTruthy();
  expect(view.getByText("Client, held since Mar 2, 2026")).toBeTruthy();
  expect((view.getByLabelText("Preset") as HTMLSelectElement).value).toBe("sec-204-2");
});

test("saving sends the preset and each kind's override; the server's refusal is shown in its words", async () => {
  const calls = mockFetch({
    "GET /api/account/settings": { body: SETTINGS },
    "GET /api/clients": { body: CLIENTS },
    "GET /api/audit-log": { body: AUDIT },
    "PATCH /api/account/settings": {
      status: 400,
      body: { message: "validation failed: overrides.recordings.days: Expected integer to be greater or equal to 1" },
    },
  });
  const view = renderWithData(<AccountPage />, "/account");
  fireEvent.click(await view.findByRole("button", { name: "Save retention" }));
  await waitFor(() => expect(calls.some((call) => call.method === "PATCH")).toBe(true));
  const patch = calls.find((call) => call.method === "PATCH")!;
  expect(patch.body).toEqual({
    retentionPreset: "sec-204-2",
    lawFirmYears: 7,
    overrides: { recordings: { days: 30 }, transcripts: null, notes: null, emails: null, auditTrail: null },
  });
  expect(await view.findByText(/overrides.recordings.days/)).toBeTruthy();
});

test("releasing a held client asks the server to release it", async () => {
  const calls = mockFetch({
    "GET /api/account/settings": { body: SETTINGS },
    "GET /api/clients": { body: CLIENTS },
    "GET /api/audit-log": { body: AUDIT },
    "DELETE /api/clients/4/legal-hold": { body: { id: 4, held: false, heldAt: null } },
  });
  const view = renderWithData(<AccountPage />, "/account");
  fireEvent.click(await view.findByRole("button", { name: "Release" }));
  await waitFor(() =>
    expect(calls.some((call) => call.method === "DELETE" && call.path === "/api/clients/4/legal-hold")).toBe(true),
  );
});
