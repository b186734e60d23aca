// Registration never tells whether an e-mail address has an account: a taken address answers exactly like a free one
// (status, body, about the same time) and only its owner learns, from the mail sent to it. A taken username is the
// registrant's to fix and keeps its 409, which says nothing about the e-mail.
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { readOutbox } from "../src/mail/mailer";
import { json, newAccount, register } from "./auth-helpers";
import { type StripeDouble, signEvent, startStripeDouble, webhookRequest } from "./stripe-double";
import { startTestServer, type TestServer } from "./test-server";

const SECRET = "whsec_privacy";
let server: TestServer;
let double: StripeDouble;

beforeAll(async () => {
  double = startStripeDouble();
  server = await startTestServer({
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PRICE_REGISTRATION: "price_reg",
    STRIPE_PRICE_BASIC: "price_basic",
    STRIPE_PRICE_PREMIUM: "price_premium",
    STRIPE_PRICE_ENTERPRISE: "price_enterprise",
    STRIPE_API_BASE: double.url,
  });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await double?.stop();
});

const signUp = (account: object) =>
  server.fetch("/api/register", json({ ...account, role: "user", subscriptionPlan: "free" }));
const mailsTo = async (address: string) =>
  (await readOutbox(server.ctx.config.dataDir)).filter((m) => m.to.toLowerCase() === address.toLowerCase());
const userCount = async () => (await server.ctx.db.sql<{ n: number }[]>`select count(*)::int as n from users`)[0]!.n;

describe("a free sign-up", () => {
  test("with a taken e-mail answers like one with a free e-mail, creates and changes nothing, and mails the owner", async () => {
    const owner = await register(server);
    const [before] = await server.ctx.db.sql`select * from users where username = ${owner.username}`;
    const count = await userCount();

    const fresh = await signUp(newAccount());
    const taken = await signUp({ ...newAccount(), email: owner.email.toUpperCase() });
    expect(taken.status).toBe(fresh.status);
    expect(taken.status).toBe(201);
    expect(await taken.text()).toBe(await fresh.text());
    expect([...taken.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());

    expect(await userCount()).toBe(count + 1); // the fresh one only
    const [after] = await server.ctx.db.sql`select * from users where username = ${owner.username}`;
    expect(after).toEqual(before!);
    const mails = await mailsTo(owner.email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Welcome to Clearminute: your account is ready",
      "Your Clearminute account already exists",
    ]);
    expect(mails[1]!.text).toContain("No new account was created");
  }, 60_000);

  // The same work on both paths, counted rather than timed (a time ratio is a loaded machine's to break): each hashes
  // the password once and sends one mail, so neither answers sooner.
  test("does the same work for a taken e-mail as for a free one: one password hash and one mail", async () => {
    const owner = await register(server);
    const hash = spyOn(Bun.password, "hash");
    const workOf = async (account: { email: string }) => {
      const hashesBefore = hash.mock.calls.length;
      const mailsBefore = (await mailsTo(account.email)).length;
      expect((await signUp(account)).status).toBe(201);
      return {
        hashes: hash.mock.calls.length - hashesBefore,
        mails: (await mailsTo(account.email)).length - mailsBefore,
      };
    };
    try {
      const free = await workOf(newAccount());
      const taken = await workOf({ ...newAccount(), email: owner.email });
      expect(free).toEqual({ hashes: 1, mails: 1 });
      expect(taken).toEqual(free);
    } finally {
      hash.mockRestore();
    }
  }, 120_000);

  test("a taken username answers 409 asking for another, the same whether the e-mail is taken or free", async () => {
    const owner = await register(server);
    const withFreeEmail = await signUp({ ...newAccount(), username: owner.username });
    const withTakenEmail = await signUp({ ...newAccount(), username: owner.username, email: owner.email });
    expect(withFreeEmail.status).toBe(409);
    const message = (await withFreeEmail.json()).message as string;
    expect(message).toContain("username is already taken");
    expect(message).not.toMatch(/e-?mail/i);
    expect(withTakenEmail.status).toBe(409);
    expect((await withTakenEmail.json()).message).toBe(message);
  });
});

describe("a paid sign-up", () => {
  const checkout = (account: { email: string; username: string; fullName: string }) =>
    server.fetch(
      "/api/payments/create-checkout-session",
      json({
        productId: "REGISTRATION_PREMIUM",
        successUrl: "/register?step=3",
        cancelUrl: "/register",
        priceId: "price_chosen_by_the_browser",
        metadata: { tempUserId: "11111111-2222-3333-4444-555555555555", ...account },
      }),
    );

  test("with a taken e-mail starts checkout alike, mails the owner at once, and after payment creates nothing", async () => {
    const owner = await register(server);
    const fresh = await checkout(newAccount());
    expect(`${fresh.status} ${await fresh.clone().text()}`).toStartWith("200");
    const account = { ...newAccount(), email: owner.email };
    const taken = await checkout(account);
    expect(taken.status).toBe(fresh.status);
    expect(taken.status).toBe(200);
    expect(Object.keys(await taken.clone().json()).sort()).toEqual(Object.keys(await fresh.json()).sort());
    expect((await mailsTo(owner.email)).at(-1)?.subject).toBe("Your Clearminute account already exists");

    const session = double.sessions.get((await taken.json()).sessionId)!;
    const event = await signEvent(SECRET, "checkout.session.completed", {
      id: session.id,
      object: "checkout.session",
      status: "complete",
      payment_status: "paid",
      metadata: session.metadata,
    });
    expect((await server.fetch("/api/payments/webhook", webhookRequest(event))).status).toBe(200);
    const count = await userCount();
    const completed = await server.fetch(
      "/api/register",
      json({ ...account, role: "user", subscriptionPlan: "premium", tempUserId: session.metadata.tempUserId }),
    );
    expect(completed.status).toBe(201);
    expect(await userCount()).toBe(count);
    const mails = await mailsTo(owner.email);
    expect(mails.filter((m) => m.subject === "Your Clearminute account already exists")).toHaveLength(2);
  }, 60_000);
});
