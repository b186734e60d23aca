// /payment-success opened from Stripe's success URL, or directly: the server-rendered page reads the Checkout session
// through the payments gateway (the SDK against the loopback Stripe double) and says what happened. It used to say
// "your subscription is now active" whatever the session, payments off included.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { json, registerAndSignIn } from "./auth-helpers";
import { type StripeDouble, startStripeDouble } from "./stripe-double";
import { startTestServer, type TestServer } from "./test-server";

const ACTIVE = "your subscription is now active";

let double: StripeDouble;
let paid: TestServer;
let free: TestServer;
let cookie: string;
let username: string;
let freeCookie: string;

beforeAll(async () => {
  double = startStripeDouble();
  [paid, free] = await Promise.all([
    startTestServer({
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PRICE_REGISTRATION: "price_reg",
      STRIPE_PRICE_BASIC: "price_basic",
      STRIPE_PRICE_PREMIUM: "price_premium",
      STRIPE_PRICE_ENTERPRISE: "price_enterprise",
      STRIPE_API_BASE: double.url,
    }),
    startTestServer(),
  ]);
  const me = await registerAndSignIn(paid);
  cookie = me.cookie;
  username = me.account.username;
  ({ cookie: freeCookie } = await registerAndSignIn(free));
});
afterAll(async () => {
  await Promise.all([paid?.stop(), free?.stop(), double?.stop()]);
});

/** A /checkout session of the signed-in user, as the Subscribe button starts it. */
async function startCheckout(as = cookie): Promise<string> {
  const response = await paid.fetch(
    "/api/payments/create-checkout-session",
    json({ productId: "BASIC_SUBSCRIPTION", successUrl: "/payment-success", cancelUrl: "/checkout" }, as),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

async function pageText(server: TestServer, path: string, as: string) {
  const response = await server.fetch(path, { headers: { cookie: as } });
  expect(response.status).toBe(200);
  const html = await response.text();
  return html.replaceAll("&#x27;", "'");
}

const plan = async () =>
  (
    await paid.ctx.db.sql<{ plan: string }[]>`select subscription_plan as plan from users where username = ${username}`
  )[0]?.plan;

describe("/payment-success with payments off", () => {
  test("opened directly, or with a session id, it says payments are not set up and nothing was taken", async () => {
    for (const path of ["/payment-success", "/payment-success?session_id=cs_test_anything"]) {
      const text = await pageText(free, path, freeCookie);
      expect(text).toContain("Payments are not set up");
      expect(text).toContain("Payments are not configured on this server, so no payment was taken");
      expect(text).not.toContain(ACTIVE);
    }
  });
});

describe("/payment-success with payments on", () => {
  test("without a session id: no payment to confirm, and a way back to the plans", async () => {
    const text = await pageText(paid, "/payment-success", cookie);
    expect(text).toContain("No payment to confirm");
    expect(text).toContain('href="/checkout"');
    expect(text).not.toContain(ACTIVE);
  });

  test("an unknown session, or another account's: payment not found", async () => {
    const others = await startCheckout((await registerAndSignIn(paid)).cookie);
    for (const id of ["cs_test_nosuchsession", others]) {
      const text = await pageText(paid, `/payment-success?session_id=${id}`, cookie);
      expect(text).toContain("Payment not found");
      expect(text).not.toContain(ACTIVE);
    }
  });

  test("each state of Checkout says what happened; only a paid one activates the plan", async () => {
    const id = await startCheckout();
    const visit = () => pageText(paid, `/payment-success?session_id=${id}`, cookie);

    expect(await visit()).toContain("This checkout has not been completed, so no payment was taken");
    double.setPaymentStatus(id, "unpaid", "expired");
    const expired = await visit();
    expect(expired).toContain("Checkout cancelled");
    expect(expired).toContain("cancelled or expired before payment, so no payment was taken");
    double.setPaymentStatus(id, "unpaid", "complete");
    expect(await visit()).toContain("Your payment is still being processed.");
    expect(await plan()).toBe("free");

    double.setPaymentStatus(id, "paid", "complete");
    double.sessions.get(id)!.subscription = `sub_${id}`; // Checkout makes the subscription as it takes the payment
    const text = await visit();
    expect(text).toContain("Payment successful");
    expect(text).toContain("Your payment was received and your subscription is now active.");
    expect(await plan()).toBe("basic");
  });

  // Last: the provider stays down. The browser's own check then says "not confirmed yet" (payment-success-page.test.tsx).
  test("the payment provider not answering: still checking, never active", async () => {
    const id = await startCheckout();
    await double.stop();
    const text = await pageText(paid, `/payment-success?session_id=${id}`, cookie);
    expect(text).toContain("Checking your payment");
    expect(text).not.toContain(ACTIVE);
  });
});
