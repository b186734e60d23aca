import "../../test/setup-dom";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { cleanup, fireEvent, within } from "@testing-library/react";
import { SALES_EMAIL } from "../lib/brand";
import { clearToasts, demoUser, mockFetch, PLANS_RESPONSE, renderAuthPage } from "./auth-pages-test-utils";
import CheckoutPage from "./checkout-page";

const realFetch = globalThis.fetch;
// As the server renders /checkout: the signed-in user and the plans answer in the SWR fallback.
const signedIn = { "/api/auth/user": { authenticated: true, user: demoUser }, "/api/payments/plans": PLANS_RESPONSE };

beforeEach(() => {
  mockFetch({ "GET /api/payments/plans": { body: PLANS_RESPONSE } });
});

afterEach(() => {
  clearToasts();
  cleanup();
  globalThis.fetch = realFetch;
});

test("lists the three plans with radios and a subscribe button each", async () => {
  const view = renderAuthPage(<CheckoutPage />, "/checkout", signedIn);
  const cards = view.getAllByTestId("checkout-plan");
  expect(cards.length).toBe(3);
  expect(cards.map((c) => within(c).getByRole("radio").getAttribute("value"))).toEqual([
    "BASIC_SUBSCRIPTION",
    "PREMIUM_SUBSCRIPTION",
    "ENTERPRISE_SUBSCRIPTION",
  ]);
  expect(cards[0]?.textContent).toContain("$20/month");
  expect(cards[1]?.textContent).toContain("$40/month");
  expect(cards[2]?.textContent).toContain("$100/month");
  expect(view.getAllByRole("button", { name: /^Subscribe/ }).length).toBe(3);
  const radio = view.getByRole("radio", { name: /Premium/ }) as HTMLInputElement;
  fireEvent.click(radio);
  expect(radio.checked).toBe(true);
});

test("until the plans answer arrives, the page says it is loading them", () => {
  const view = renderAuthPage(<CheckoutPage />, "/checkout", { "/api/auth/user": signedIn["/api/auth/user"] });
  expect(view.getByRole("status").textContent).toBe("Loading plans...");
  expect(view.queryAllByTestId("checkout-plan").length).toBe(0);
});

test("only Enterprise has Contact Sales, a mailto to the sales address", () => {
  const view = renderAuthPage(<CheckoutPage />, "/checkout", signedIn);
  const links = view.getAllByRole("link", { name: "Contact Sales" });
  expect(links.length).toBe(1);
  expect(links[0]?.getAttribute("href")).toBe(`mailto:${SALES_EMAIL}`);
  const enterprise = view.getAllByTestId("checkout-plan")[2] as HTMLElement;
  expect(within(enterprise).getByRole("link", { name: "Contact Sales" })).toBeTruthy();
});

test("subscribe sends the plan with the spec's return addresses", async () => {
  const calls = mockFetch({ "POST /api/payments/create-checkout-session": { body: {} } });
  const view = renderAuthPage(<CheckoutPage />, "/checkout", signedIn);
  fireEvent.click(view.getByRole("button", { name: "Subscribe to Basic" }));
  await view.findByText("Could not create checkout session");
  expect(calls.find((c) => c.method === "POST")?.body).toEqual({
    productId: "BASIC_SUBSCRIPTION",
    successUrl: "/payment-success",
    cancelUrl: "/checkout",
  });
});

test("401 toasts Login Required and goes to /login", async () => {
  mockFetch({
    "POST /api/payments/create-checkout-session": { status: 401, body: { message: "Authentication required" } },
  });
  const view = renderAuthPage(<CheckoutPage />, "/checkout", signedIn);
  fireEvent.click(view.getByRole("button", { name: "Subscribe to Premium" }));
  await view.findByText("Login Required");
  expect(view.getByText("Please log in to subscribe to a plan")).toBeTruthy();
  expect((await view.findByTestId("location")).textContent?.startsWith("/login")).toBe(true);
});

test("503 shows the spec's Payment Error text, never the server's configuration detail", async () => {
  const message = "Payments are not configured for this plan: set STRIPE_PRICE_ENTERPRISE on the server.";
  mockFetch({ "POST /api/payments/create-checkout-session": { status: 503, body: { message } } });
  const view = renderAuthPage(<CheckoutPage />, "/checkout", signedIn);
  fireEvent.click(view.getByRole("button", { name: "Subscribe to Enterprise" }));
  await view.findByText("Payment Error");
  expect(view.getByText("There was an error starting the checkout process. Please try again.")).toBeTruthy();
  expect(view.queryByText(/STRIPE_/)).toBeNull();
  expect(document.body.textContent).not.toContain("STRIPE_");
});

test("with payments off, every Subscribe is disabled and described by the note saying why; nothing is posted", () => {
  const calls = mockFetch({ "GET /api/payments/plans": { body: { ...PLANS_RESPONSE, paymentsEnabled: false } } });
  const view = renderAuthPage(<CheckoutPage />, "/checkout", {
    ...signedIn,
    "/api/payments/plans": { ...PLANS_RESPONSE, paymentsEnabled: false },
  });
  const buttons = view.getAllByRole("button", { name: /^Subscribe/ }) as HTMLButtonElement[];
  expect(buttons.length).toBe(3);
  const note = view.getByRole("note");
  expect(note.textContent).toContain("Payments are not configured on this server");
  for (const button of buttons) {
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-describedby")).toBe(note.id);
    fireEvent.click(button);
  }
  expect(calls.some((c) => c.method === "POST")).toBe(false);
});

test("Enterprise's Contact Sales comes before its Subscribe, so every card ends with Subscribe", () => {
  const view = renderAuthPage(<CheckoutPage />, "/checkout", signedIn);
  for (const card of view.getAllByTestId("checkout-plan")) {
    const actions = [...card.querySelectorAll("a, button")];
    expect(actions.at(-1)?.textContent).toStartWith("Subscribe");
  }
});
