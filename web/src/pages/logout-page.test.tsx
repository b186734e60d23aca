import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup, fireEvent } from "@testing-library/react";
import { SIGN_OUT_NOW } from "../lib/sign-out";
import { clearToasts, mockFetch, renderAuthPage } from "./auth-pages-test-utils";
import LogoutPage from "./logout-page";
import PaymentSuccessPage from "./payment-success-page";

const realFetch = globalThis.fetch;

afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

test("from the app's Log out button, logout shows Signing out..., posts to the server and goes to /login", async () => {
  const calls = mockFetch({ "POST /api/logout": { body: { message: "Signed out" } } });
  const view = renderAuthPage(<LogoutPage />, "/logout", {}, SIGN_OUT_NOW);
  expect(view.getByText("Signing out...")).toBeTruthy();
  expect((await view.findByTestId("location")).textContent).toBe("/login");
  expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/logout"]);
});

test("arriving at /logout any other way signs nobody out: a Sign out button posts when clicked", async () => {
  const calls = mockFetch({ "POST /api/logout": { body: { message: "Signed out" } } });
  const view = renderAuthPage(<LogoutPage />, "/logout");
  const button = view.getByRole("button", { name: "Sign out" });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(calls).toEqual([]);
  expect(view.queryByText("Signing out...")).toBeNull();
  fireEvent.click(button);
  expect((await view.findByTestId("location")).textContent).toBe("/login");
  expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/logout"]);
});

test("payment success links to the dashboard and the meetings", () => {
  mockFetch({});
  const view = renderAuthPage(<PaymentSuccessPage />, "/payment-success");
  expect(view.getByRole("link", { name: "Return to Dashboard" }).getAttribute("href")).toBe("/");
  expect(view.getByRole("link", { name: "View Meetings" }).getAttribute("href")).toBe("/meetings");
});
