import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup } from "@testing-library/react";
import { clearToasts, mockFetch, renderAuthPage } from "./auth-pages-test-utils";
import LogoutPage from "./logout-page";
import PaymentSuccessPage from "./payment-success-page";

const realFetch = globalThis.fetch;

afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

test("logout shows Signing out..., calls the server and goes to /login", async () => {
  const calls = mockFetch({ "GET /api/logout": { body: { message: "Signed out" } } });
  const view = renderAuthPage(<LogoutPage />, "/logout");
  expect(view.getByText("Signing out...")).toBeTruthy();
  expect((await view.findByTestId("location")).textContent).toBe("/login");
  expect(calls.map((c) => `${c.method} ${c.path}`)).toContain("GET /api/logout");
});

test("payment success links to the dashboard and the meetings", () => {
  mockFetch({});
  const view = renderAuthPage(<PaymentSuccessPage />, "/payment-success");
  expect(view.getByRole("link", { name: "Return to Dashboard" }).getAttribute("href")).toBe("/");
  expect(view.getByRole("link", { name: "View Meetings" }).getAttribute("href")).toBe("/meetings");
});
