import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PAYMENTS_OFF_MESSAGE } from "../src/modules/payments/checkout-service";
import { json, newAccount, registerAndSignIn } from "./auth-helpers";
import { type StripeDouble, signEvent, startStripeDouble, webhookRequest } from "./stripe-double";
import { startTestServer, type TestServer } from "./test-server";

const SECRET = "whsec_x";

/** The real app with payments built from its STRIPE_* configuration, as production builds them. */
async function startPaymentsTestServer(env: Record<string, string> = {}) {
  return startTestServer(env);
}

let double: StripeDouble;
let paid: TestServer;
let free: TestServer;

beforeAll(async () => {
  double = startStripeDouble();
  [paid, free] = await Promise.all([
    startPaymentsTestServer({
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_REGISTRATION: "price_reg",
      STRIPE_PRICE_BASIC: "price_basic",
      STRIPE_PRICE_PREMIUM: "price_premium",
      STRIPE_PRICE_ENTERPRISE: "price_enterprise",
      STRIPE_API_BASE: double.url,
    }),
    startPaymentsTestServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([paid?.stop(), free?.stop(), double?.stop()]);
});

const registrationCheckout = (account: { email: string; username: string; fullName: string }) =>
  json({
    productId: "REGISTRATION_PREMIUM",
    successUrl: "/register?step=3",
    cancelUrl: "/register",
    priceId: "price_chosen_by_the_browser",
    metadata: { tempUserId: "11111111-2222-3333-4444-555555555555", ...account },
  });

async function startRegistration(account = newAccount()) {
  const response = await paid.fetch("/api/payments/create-checkout-session", registrationCheckout(account));
  expect(response.status).toBe(200);
  const body = (await response.json()) as { url: string; sessionId: string };
  const session = double.sessions.get(body.sessionId)!;
  return { account, ...body, session, tid: session.metadata.tempUserId! };
}

const completedEvent = (session: { id: string; metadata: Record<string, string> }, extra = {}) =>
  signEvent(SECRET, "checkout.session.completed", {
    id: session.id,
    object: "checkout.session",
    status: "complete",
    payment_status: "paid",
    metadata: session.metadata,
    ...extra,
  });

const handledLines = (server: TestServer, eventId: string) =>
  server.logger.lines.filter((line) => line.msg === "stripe event handled" && line.eventId === eventId);

describe("plan catalogue", () => {
  test("lists the three /checkout plans of the spec, the registration plan and whether payments are on", async () => {
    const body = await (await free.fetch("/api/payments/plans")).json();
    expect(body.paymentsEnabled).toBe(false);
    expect(body.plans.map((p: { id: string; name: string; price: number }) => [p.id, p.name, p.price])).toEqual([
      ["BASIC_SUBSCRIPTION", "Basic", 20],
      ["PREMIUM_SUBSCRIPTION", "Premium", 40],
      ["ENTERPRISE_SUBSCRIPTION", "Enterprise", 100],
    ]);
    expect(body.plans[0].features).toEqual([
      "10 transcriptions per month",
      "basic summaries",
      "recordings kept 30 days",
      "e-mail support",
    ]);
    expect(body.plans[2].features).toContain("custom AI training");
    expect(body.registrationPlan).toMatchObject({ id: "REGISTRATION_PREMIUM", name: "Clearminute Premium", price: 99 });
    expect(body.registrationPlan.features).toHaveLength(5);
    expect((await (await paid.fetch("/api/payments/plans")).json()).paymentsEnabled).toBe(true);
  });
});

describe("checkout session", () => {
  test("without Stripe keys checkout answers 503 with a clear message", async () => {
    const response = await free.fetch("/api/payments/create-checkout-session", registrationCheckout(newAccount()));
    expect(response.status).toBe(503);
    expect((await response.json()).message).toBe(PAYMENTS_OFF_MESSAGE);
    const webhook = await free.fetch(
      "/api/payments/webhook",
      webhookRequest(await completedEvent({ id: "cs_x", metadata: {} })),
    );
    expect(webhook.status).toBe(503);
  });

  test("an unknown plan and a foreign return address are validation errors", async () => {
    const before = double.requests.length;
    const unknown = await paid.fetch(
      "/api/payments/create-checkout-session",
      json({ productId: "GOLD_PLAN", successUrl: "/checkout", cancelUrl: "/checkout" }),
    );
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toContain("validation");
    for (const successUrl of ["https://evil.example/register", "//evil.example/x", "javascript:alert(1)"]) {
      const response = await paid.fetch(
        "/api/payments/create-checkout-session",
        json({ productId: "REGISTRATION_PREMIUM", successUrl, cancelUrl: "/register", metadata: newAccount() }),
      );
      expect(response.status).toBe(400);
      expect((await response.json()).message).toContain("successUrl");
    }
    expect(double.requests.length).toBe(before);
  });

  test("registration: the server's price and temporary id go to Stripe and the pending sign-up is stored", async () => {
    const { account, url, sessionId, session, tid } = await startRegistration();
    expect(url).toStartWith("https://checkout.stripe.test/");
    expect(sessionId).toStartWith("cs_test_");
    const sent = double.requests.findLast((r) => r.method === "POST")!;
    expect(sent.form["line_items[0][price]"]).toBe("price_reg");
    expect(sent.form.mode).toBe("subscription");
    expect(session.metadata.kind).toBe("registration");
    expect(tid).toMatch(/^[0-9a-f-]{36}$/);
    expect(tid).not.toBe("11111111-2222-3333-4444-555555555555");
    const success = new URL(session.success_url);
    expect(success.origin + success.pathname).toBe(`${paid.ctx.config.appUrl}/register`);
    expect(Object.fromEntries(success.searchParams)).toEqual({
      step: "3",
      tid,
      email: account.email,
      name: account.fullName,
      username: account.username,
    });
    expect(session.cancel_url).toBe(`${paid.ctx.config.appUrl}/register`);
    const [row] = await paid.ctx.db
      .sql`select stripe_session_id, paid_at, email from pending_registrations where id = ${tid}`;
    expect(row).toMatchObject({ stripe_session_id: sessionId, paid_at: null, email: account.email });
  });

  test("a plan of /checkout needs a signed-in user", async () => {
    const response = await paid.fetch(
      "/api/payments/create-checkout-session",
      json({ productId: "BASIC_SUBSCRIPTION", successUrl: "/payment-success", cancelUrl: "/checkout" }),
    );
    expect(response.status).toBe(401);
  });
});

describe("webhook and paid registration", () => {
  test("a bad or missing signature is refused with 400 and nothing is recorded", async () => {
    const { session } = await startRegistration();
    const event = await completedEvent(session);
    const forged = await paid.fetch(
      "/api/payments/webhook",
      webhookRequest({ ...event, signature: "t=1,v1=deadbeef" }),
    );
    expect(forged.status).toBe(400);
    expect((await forged.json()).message).toContain("signature");
    const tampered = await paid.fetch(
      "/api/payments/webhook",
      webhookRequest({ ...event, payload: event.payload.replace('"paid"', '"paid" ') }),
    );
    expect(tampered.status).toBe(400);
    const unsigned = await paid.fetch("/api/payments/webhook", { method: "POST", body: event.payload });
    expect(unsigned.status).toBe(400);
    expect(await paid.ctx.db.sql`select 1 from payments where stripe_event_id = ${event.id}`).toHaveLength(0);
  });

  test("checkout.session.completed marks the sign-up paid once; a redelivery changes nothing", async () => {
    const { account, session, tid } = await startRegistration();
    const event = await completedEvent(session);
    const first = await paid.fetch("/api/payments/webhook", webhookRequest(event));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const [pending] = await paid.ctx.db.sql`select paid_at from pending_registrations where id = ${tid}`;
    expect(pending!.paid_at).toBeInstanceOf(Date);

    const again = await paid.fetch("/api/payments/webhook", webhookRequest(event));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(handledLines(paid, event.id)).toHaveLength(1);
    const rows = await paid.ctx.db.sql`select status from payments where stripe_event_id = ${event.id}`;
    expect([...rows]).toEqual([{ status: "fulfilled" }]);

    const register = () =>
      paid.fetch("/api/register", json({ ...account, role: "user", subscriptionPlan: "premium", tempUserId: tid }));
    const created = await register();
    expect(created.status).toBe(201);
    const [plan] = await paid.ctx.db.sql`select subscription_plan from users where username = ${account.username}`;
    expect(plan!.subscription_plan).toBe("premium");
    expect((await register()).status).toBe(409);
    const users = await paid.ctx.db.sql`select id from users where username = ${account.username}`;
    expect(users).toHaveLength(1);
  });

  test("two simultaneous step-3 submissions create one account", async () => {
    const { account, session, tid } = await startRegistration();
    await paid.fetch("/api/payments/webhook", webhookRequest(await completedEvent(session)));
    const body = json({ ...account, role: "user", subscriptionPlan: "premium", tempUserId: tid });
    const statuses = (await Promise.all([paid.fetch("/api/register", body), paid.fetch("/api/register", body)])).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([201, 409]);
    expect(await paid.ctx.db.sql`select id from users where username = ${account.username}`).toHaveLength(1);
  });

  test("step 3 for an unpaid session answers 402; once Stripe reports it paid the account is created", async () => {
    const { account, sessionId, tid } = await startRegistration();
    const body = json({ ...account, role: "user", subscriptionPlan: "premium", tempUserId: tid });
    const unpaid = await paid.fetch("/api/register", body);
    expect(unpaid.status).toBe(402);
    expect(await paid.ctx.db.sql`select id from users where username = ${account.username}`).toHaveLength(0);
    double.setPaymentStatus(sessionId, "paid");
    expect((await paid.fetch("/api/register", body)).status).toBe(201);
  });
});

describe("subscriptions from /checkout", () => {
  test("checkout, payment-success check, then subscription updated and deleted events", async () => {
    const { account, cookie } = await registerAndSignIn(paid);
    const response = await paid.fetch(
      "/api/payments/create-checkout-session",
      json({ productId: "BASIC_SUBSCRIPTION", successUrl: "/payment-success", cancelUrl: "/checkout" }, cookie),
    );
    expect(response.status).toBe(200);
    const { sessionId } = await response.json();
    const session = double.sessions.get(sessionId)!;
    const [user] = await paid.ctx.db.sql`select id from users where username = ${account.username}`;
    const userId = String(user!.id);
    expect(session.metadata).toEqual({ userId, planId: "BASIC_SUBSCRIPTION", kind: "subscription" });
    expect(double.requests.findLast((r) => r.method === "POST")!.form["line_items[0][price]"]).toBe("price_basic");
    expect(session.success_url).toBe(`${paid.ctx.config.appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`);

    const check = (as = cookie) => paid.fetch(`/api/payments/session/${sessionId}`, { headers: { cookie: as } });
    expect(await (await check()).json()).toEqual({ paid: false, state: "open", planId: "BASIC_SUBSCRIPTION" });
    expect((await check("")).status).toBe(401);
    const other = await registerAndSignIn(paid);
    expect((await check(other.cookie)).status).toBe(404);

    const event = await completedEvent(session, { customer: "cus_1", subscription: `sub_${userId}` });
    expect((await paid.fetch("/api/payments/webhook", webhookRequest(event))).status).toBe(200);
    const read = async () =>
      (
        await paid.ctx.db.sql`select subscription_plan, subscription_status, stripe_customer_id, stripe_subscription_id
          from users where id = ${user!.id}`
      )[0];
    expect(await read()).toEqual({
      subscription_plan: "basic",
      subscription_status: "active",
      stripe_customer_id: "cus_1",
      stripe_subscription_id: `sub_${userId}`,
    });

    const updated = await signEvent(SECRET, "customer.subscription.updated", {
      id: `sub_${userId}`,
      object: "subscription",
      status: "past_due",
      items: { data: [{ price: { id: "price_premium" } }] },
    });
    expect((await paid.fetch("/api/payments/webhook", webhookRequest(updated))).status).toBe(200);
    expect(await read()).toMatchObject({ subscription_plan: "premium", subscription_status: "past_due" });

    const deleted = await signEvent(SECRET, "customer.subscription.deleted", {
      id: `sub_${userId}`,
      object: "subscription",
      status: "canceled",
    });
    expect((await paid.fetch("/api/payments/webhook", webhookRequest(deleted))).status).toBe(200);
    expect(await read()).toMatchObject({ subscription_plan: "free", subscription_status: "canceled" });
    // Each change of plan is in the account's audit trail, by the system (issue 39).
    const trail = await paid.ctx.db.sql`select actor_user_id, details from audit_log
      where account_id = ${user!.id} and action = 'settings.changed' order by seq`;
    expect(trail.map((row) => [row.actor_user_id, row.details.plan, row.details.status])).toEqual([
      [null, "basic", "active"],
      [null, "premium", "past_due"],
      [null, "free", "canceled"],
    ]);

    // Revisiting the success page of the old, paid session does not bring the cancelled plan back.
    double.setPaymentStatus(sessionId, "paid");
    session.subscription = `sub_${userId}`;
    expect(await (await check()).json()).toEqual({ paid: true, state: "paid", planId: "BASIC_SUBSCRIPTION" });
    expect(await read()).toMatchObject({ subscription_plan: "free" });
  });
});
