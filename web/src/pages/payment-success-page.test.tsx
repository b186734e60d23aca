import "../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { cleanup } from "@testing-library/react";
import { renderWithData } from "../../test/render-with-data";
import { mockFetch } from "./auth-pages-test-utils";
import PaymentSuccessPage from "./payment-success-page";

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const PLANS = { plans: [], registrationPlan: null, freePlan: null, paymentsEnabled: true };
const PATH = "/payment-success?session_id=cs_test_1";

async function messageFor(session: { status?: number; body: unknown }, plans = PLANS) {
  const calls = mockFetch({
    "GET /api/payments/plans": { body: plans },
    "GET /api/payments/session/cs_test_1": session,
  });
  const view = renderWithData(<PaymentSuccessPage />, PATH, "/payment-success");
  await view.findByText(
    (_, element) => element?.getAttribute("role") === "status" && !/^Checking/.test(element.textContent ?? ""),
  );
  return { text: view.getByRole("status").textContent, heading: view.getByRole("heading").textContent, calls };
}

test("the payment provider not answering: not confirmed yet, reload in a moment", async () => {
  const { heading, text } = await messageFor({ status: 502, body: { message: "Could not check the payment" } });
  expect(heading).toBe("Payment not confirmed yet");
  expect(text).toContain("Please reload the page in a moment.");
});

test("a paid session: active; a session still clearing: processing", async () => {
  expect((await messageFor({ body: { paid: true, state: "paid", planId: "BASIC_SUBSCRIPTION" } })).text).toBe(
    "Your payment was received and your subscription is now active. Thank you for choosing us.",
  );
  cleanup();
  expect((await messageFor({ body: { paid: false, state: "processing", planId: "BASIC_SUBSCRIPTION" } })).heading).toBe(
    "Payment processing",
  );
});

test("payments off: says so, whichever answer comes first", async () => {
  const off = { status: 503, body: { message: "Payments are not configured on this server." } };
  expect((await messageFor(off, { ...PLANS, paymentsEnabled: false })).heading).toBe("Payments are not set up");
  cleanup();
  expect((await messageFor(off)).heading).toBe("Payments are not set up");
});
