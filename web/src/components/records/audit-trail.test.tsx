import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import type { AuditLogEntry } from "@cm/api/models";
import { cleanup, fireEvent, render, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { fetchJson } from "../../lib/api-request";
import { mockFetch } from "../../pages/auth-pages-test-utils";
import { AuditTrail } from "./audit-trail";

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const entry = (seq: number, action: string, label: string, actor: AuditLogEntry["actor"]): AuditLogEntry => ({
  id: seq + 100,
  seq,
  at: "2026-11-20T09:30:00.000Z",
  action,
  label,
  actor,
  target: { kind: "meeting", id: "7" },
  clientId: 3,
  meetingId: 7,
  ip: "198.51.100.4",
  userAgent: "Firefox/140.0",
  details: {},
  prevHash: "0".repeat(64),
  hash: "a".repeat(64),
});

function renderTrail() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, fetcher: fetchJson }}>
      <AuditTrail />
    </SWRConfig>,
  );
}

test("shows who did what, when and from where; pages on; verifies; downloads with the filters", async () => {
  const calls = mockFetch({
    "GET /api/audit-log": {
      body: {
        entries: [
          entry(3, "meeting.viewed", "Meeting viewed", { id: 1, name: "Avery Adviser" }),
          entry(2, "auth.sign-in-failed", "Failed sign-in", null),
        ],
        nextCursor: "2",
      },
    },
    "GET /api/audit-log/verify": {
      body: { ok: false, rows: 1, firstBadRow: { id: 101, seq: 2, reason: "it was changed" } },
    },
  });
  const view = renderTrail();
  const table = await view.findByRole("table");
  expect(within(table).getByText("Avery Adviser")).toBeTruthy();
  expect(within(table).getByText("Meeting viewed · meeting 7")).toBeTruthy();
  expect(within(table).getByText("Not signed in")).toBeTruthy();
  expect(within(table).getAllByText("198.51.100.4 · Firefox/140.0")).toHaveLength(2);

  fireEvent.click(view.getByRole("button", { name: "Show older entries" }));
  await view.findAllByText("Failed sign-in");
  expect(calls.some((call) => call.path === "/api/audit-log?cursor=2")).toBe(true);

  fireEvent.click(view.getByRole("button", { name: "Verify the trail" }));
  expect((await view.findByRole("alert")).textContent).toBe("The trail has been altered at entry 2: it was changed.");

  fireEvent.change(view.getByRole("combobox"), { target: { value: "email.sent" } });
  expect(view.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(
    "/api/audit-log.csv?action=email.sent",
  );
});
