import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent, waitFor } from "@testing-library/react";
import { AddressProbe } from "../../test/address-probe";
import { renderWithData } from "../../test/render-with-data";
import { clearToasts, mockFetch } from "./auth-pages-test-utils";
import CalendarPage from "./calendar-page";

const realFetch = globalThis.fetch;
afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

test("the chosen day is kept in the address: a reload shows the same day and its month", async () => {
  const calls = mockFetch({ "GET /api/meetings": { body: [] }, "GET /api/calendar/feed": { body: { active: false } } });
  const view = renderWithData(
    <>
      <CalendarPage />
      <AddressProbe />
    </>,
    "/calendar?day=2026-03-03",
  );
  expect(await view.findByRole("heading", { name: "Tuesday, March 3, 2026" })).toBeTruthy();
  await waitFor(() => expect(calls.some((call) => call.path.includes("month=2026-03"))).toBe(true));
  fireEvent.click(view.getByRole("button", { name: /^March 17, 2026/ }));
  await waitFor(() => expect(view.getByTestId("address").textContent).toBe("?day=2026-03-17"));
  cleanup();

  const reloaded = renderWithData(<CalendarPage />, "/calendar?day=2026-03-17");
  expect(await reloaded.findByRole("heading", { name: "Tuesday, March 17, 2026" })).toBeTruthy();
});

test("a day in the address that is not one opens today", async () => {
  mockFetch({ "GET /api/meetings": { body: [] } });
  const view = renderWithData(<CalendarPage />, "/calendar?day=2026-02-30");
  const heading = await view.findByRole("heading", { level: 2, name: /, \d{4}$/ });
  expect(heading.textContent).not.toContain("February 30");
});
