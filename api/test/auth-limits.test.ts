// Sign-in, registration and their limits as they run in production: counters in PostgreSQL keyed by each client's
// own address, shared by every app instance on the database; usernames counted in the form they are looked up by;
// /api/register limited and its welcome mail free of anything the registrant typed; the step-1 username check;
// and checkout errors that name no server setting.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rateLimitDigest } from "@cm/db/queries/rate-limits";
import { createApp } from "../src/app";
import { readOutbox } from "../src/mail/mailer";
import { json, newAccount, register } from "./auth-helpers";
import { startTestServer, type TestServer } from "./test-server";

const servers: TestServer[] = [];
async function start(env: Record<string, string>) {
  const server = await startTestServer(env);
  servers.push(server);
  return server;
}
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

/** A request as the proxy forwards it for client `from` (the server is started with TRUST_PROXY=1). */
const via = (from: string, body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", "x-forwarded-for": from },
  body: JSON.stringify(body),
});

const wrongLogin = (username: string) => ({ username, password: "wrong-password" });

async function expectRateLimited(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(((await response.json()) as { message: string }).message).toStartWith("Too many attempts");
}

let proxied: TestServer;
beforeAll(async () => {
  // Behind a trusted proxy, so each test can be its own client; registrations are not the point here.
  proxied = await start({ TRUST_PROXY: "1", REGISTER_LIMIT_PER_IP: "1000", LOGIN_LIMIT_PER_USERNAME: "3" });
});

describe("the per-address limit counts each client's own address", () => {
  test("a direct client is counted by its socket address, in PostgreSQL, and answers Retry-After", async () => {
    const direct = await start({ LOGIN_LIMIT_PER_IP: "3" });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await direct.fetch("/api/login", json(wrongLogin(`nobody${i}`)))).status);
    }
    expect(statuses).toEqual([401, 401, 401]);
    await expectRateLimited(await direct.fetch("/api/login", json(wrongLogin("nobody9"))));
    const rows = await direct.ctx.db.sql<{ key: string; count: number }[]>`
      select key, count from rate_limits where scope = 'login:ip'`;
    expect(rows.length).toBe(1);
    // The socket's address, not one "unknown" counter for the whole world.
    expect([rateLimitDigest("127.0.0.1"), rateLimitDigest("::ffff:127.0.0.1")]).toContain(rows[0]!.key);
    expect(rows[0]!.key).not.toBe(rateLimitDigest("unknown"));
    expect(rows[0]!.count).toBe(4);
    // A request that reached no socket counts under its own key: the locked-out client locks out nobody else.
    const inProcess = createApp(direct.ctx);
    const other = await inProcess.handle(new Request(`${direct.url}/api/login`, json(wrongLogin("someone-else"))));
    expect(other.status).toBe(401);
  });

  test("the code step and resend are limited per address too, with Retry-After", async () => {
    const limited = await start({ LOGIN_LIMIT_PER_IP: "2" });
    for (let i = 0; i < 2; i++) {
      expect((await limited.fetch("/api/verify-login", json({ userId: 500 + i, code: "123456" }))).status).toBe(401);
    }
    await expectRateLimited(await limited.fetch("/api/verify-login", json({ userId: 600, code: "123456" })));
    for (let i = 0; i < 2; i++) {
      expect((await limited.fetch("/api/resend-verification", json({ userId: 700 + i }))).status).toBe(401);
    }
    await expectRateLimited(await limited.fetch("/api/resend-verification", json({ userId: 800 })));
  });
});

describe("replicas on one database", () => {
  test("two app instances count one client's sign-in attempts together", async () => {
    const shared = await start({ TRUST_PROXY: "1", LOGIN_LIMIT_PER_IP: "4" });
    // A second instance of the app on the same database, as a second process would be.
    const replica = createApp(shared.ctx);
    const client = "198.51.100.40";
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response =
        i % 2 === 0
          ? await shared.fetch("/api/login", via(client, wrongLogin(`spread${i}`)))
          : await replica.handle(new Request(`${shared.url}/api/login`, via(client, wrongLogin(`spread${i}`))));
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401]);
    // Each instance has seen two attempts; together they are over the limit of four on both.
    await expectRateLimited(
      await replica.handle(new Request(`${shared.url}/api/login`, via(client, wrongLogin("spread4")))),
    );
    await expectRateLimited(await shared.fetch("/api/login", via(client, wrongLogin("spread5"))));
    // Another client is not affected.
    expect((await shared.fetch("/api/login", via("198.51.100.41", wrongLogin("spread6")))).status).toBe(401);
  });

  test("concurrent attempts on both instances are all counted", async () => {
    const shared = await start({ TRUST_PROXY: "1", LOGIN_LIMIT_PER_IP: "6" });
    const replica = createApp(shared.ctx);
    const client = "198.51.100.50";
    const attempts = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0
        ? shared.fetch("/api/login", via(client, wrongLogin(`burst${i}`)))
        : replica.handle(new Request(`${shared.url}/api/login`, via(client, wrongLogin(`burst${i}`)))),
    );
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBe(6);
    expect(statuses.filter((s) => s === 429).length).toBe(6);
  });
});

/** Full-width forms of ASCII letters and digits (U+FF01..U+FF5E). */
const fullWidth = (text: string) =>
  [...text].map((c) => (c >= "!" && c <= "~" ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join("");

describe("the per-username limit cannot be dodged by another spelling", () => {
  test("İ, the Kelvin sign, full-width letters and case all meet the same limit or no account", async () => {
    const base = newAccount();
    const account = { ...base, username: `kim${base.username}` };
    await register(proxied, account);
    const sender = "203.0.113.1";
    for (let i = 0; i < 3; i++) {
      const r = await proxied.fetch("/api/login", via(sender, wrongLogin(account.username)));
      expect(r.status).toBe(401);
    }
    const withPassword = (username: string, from: string) =>
      proxied.fetch("/api/login", via(from, { username, password: account.password }));
    // The right password under the same name, from the address that failed: its limit at this account holds.
    await expectRateLimited(await withPassword(account.username, sender));
    await expectRateLimited(await withPassword(account.username.toUpperCase(), sender));
    await expectRateLimited(await withPassword(fullWidth(account.username), sender));
    await expectRateLimited(await withPassword(account.username.replace("k", "\u212A"), sender));
    await expectRateLimited(await withPassword(` ${account.username}\u3000`, sender));
    // İ is not I: the database's lower() maps it to i, but the lookup no longer goes by lower() of the input,
    // so this spelling has its own key and reaches no account (before, it signed in past the limit).
    const dotted = await withPassword(account.username.replace("i", "\u0130"), sender);
    expect(dotted.status).toBe(401);
    const combining = await withPassword(account.username.replace("i", "i\u0307"), sender);
    expect(combining.status).toBe(401);
  });

  test("a successful sign-in clears the username's failures; spellings sign in to the same account", async () => {
    const account = await register(proxied);
    for (let i = 0; i < 2; i++) {
      expect((await proxied.fetch("/api/login", via("203.0.113.70", wrongLogin(account.username)))).status).toBe(401);
    }
    const ok = await proxied.fetch(
      "/api/login",
      via("203.0.113.70", { username: fullWidth(account.username.toUpperCase()), password: account.password }),
    );
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { requiresVerification: boolean }).requiresVerification).toBe(true);
    for (let i = 0; i < 3; i++) {
      expect((await proxied.fetch("/api/login", via("203.0.113.71", wrongLogin(account.username)))).status).toBe(401);
    }
  });
});

describe("/api/register", () => {
  test("is limited per address (REGISTER_LIMIT_PER_IP) with Retry-After, and the refused one mails nothing", async () => {
    const limited = await start({ REGISTER_LIMIT_PER_IP: "2" });
    await register(limited);
    await register(limited);
    const third = newAccount();
    await expectRateLimited(await limited.fetch("/api/register", json({ ...third, subscriptionPlan: "free" })));
    const mails = await readOutbox(limited.ctx.config.dataDir);
    expect(mails.some((m) => m.to === third.email)).toBe(false);
    expect(await limited.ctx.db.sql`select 1 from users where username = ${third.username}`).toHaveLength(0);
  });

  test("is limited per e-mail address across client addresses", async () => {
    const target = "Victim@Example.com";
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await proxied.fetch(
        "/api/register",
        via(`192.0.2.${10 + i}`, { ...newAccount(), email: i % 2 ? target.toUpperCase() : target }),
      );
      statuses.push(response.status);
    }
    // LOGIN_LIMIT_PER_USERNAME (3) per hour per e-mail: the first creates the account, two more answer alike (and
    // only mail the owner).
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  test("the welcome mail carries nothing the registrant typed", async () => {
    const account = {
      ...newAccount(),
      username: `claim-prize.evil-example${Date.now().toString(36)}`,
      fullName: "Claim your $500 prize at https://evil.example/now",
    };
    await register(proxied, account);
    const mails = (await readOutbox(proxied.ctx.config.dataDir)).filter((m) => m.to === account.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    for (const part of [mail.subject, mail.html, mail.text]) {
      expect(part).not.toContain("evil");
      expect(part).not.toContain("prize");
      expect(part).not.toContain(account.username);
    }
    expect(mail.text).toContain("Welcome to Clearminute!");
  });

  test("a username is stored in its NFKC form and counts as taken in any spelling", async () => {
    const base = newAccount();
    const response = await proxied.fetch(
      "/api/register",
      via("192.0.2.90", { ...base, username: fullWidth(base.username), subscriptionPlan: "free" }),
    );
    expect(response.status).toBe(201);
    const [stored] = await proxied.ctx.db.sql<{ username: string }[]>`
      select username from users where lower(email) = lower(${base.email})`;
    expect(stored!.username).toBe(base.username);
    const again = await proxied.fetch(
      "/api/register",
      via("192.0.2.91", { ...newAccount(), username: base.username.toUpperCase(), subscriptionPlan: "free" }),
    );
    expect(again.status).toBe(409);
  });
});

describe("the step-1 username check", () => {
  const check = (server: TestServer, username: unknown, from = "192.0.2.200", extra: object = {}) =>
    server.fetch("/api/register/check", via(from, { username, ...extra }));

  test("answers whether a username is free, in any spelling", async () => {
    const account = await register(proxied);
    expect(await (await check(proxied, `fresh${account.username}`)).json()).toEqual({ available: true });
    expect(await (await check(proxied, account.username)).json()).toEqual({ available: false });
    expect(await (await check(proxied, account.username.toUpperCase())).json()).toEqual({ available: false });
    expect(await (await check(proxied, fullWidth(account.username))).json()).toEqual({ available: false });
  });

  test("never says whether an e-mail address is registered", async () => {
    const account = await register(proxied);
    const withEmail = await check(proxied, `other${account.username}`, "192.0.2.201", { email: account.email });
    expect(await withEmail.json()).toEqual({ available: true });
    const emailOnly = await proxied.fetch("/api/register/check", via("192.0.2.201", { email: account.email }));
    expect(emailOnly.status).toBe(400);
    expect(JSON.stringify(await emailOnly.json())).not.toContain("available");
  });

  test("a malformed username is a validation error", async () => {
    for (const username of ["ab", "has space", "x".repeat(41), "admİn", "<script>"]) {
      const response = await check(proxied, username, "192.0.2.202");
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain("validation");
    }
  });

  test("is limited per address (three times REGISTER_LIMIT_PER_IP an hour)", async () => {
    const limited = await start({ REGISTER_LIMIT_PER_IP: "1" });
    for (let i = 0; i < 3; i++) {
      expect((await limited.fetch("/api/register/check", json({ username: `probe${i}` }))).status).toBe(200);
    }
    await expectRateLimited(await limited.fetch("/api/register/check", json({ username: "probe9" })));
  });
});

describe("checkout errors name no server setting", () => {
  const registrationCheckout = json({
    productId: "REGISTRATION_PREMIUM",
    successUrl: "/register?step=3",
    cancelUrl: "/register",
    metadata: { email: "new@example.com", fullName: "New Person", username: "newperson" },
  });
  const SETTING = /STRIPE|_KEY|SECRET|PRICE_/;

  test("payments off: the 503 says so in words; the log names the settings", async () => {
    const response = await proxied.fetch("/api/payments/create-checkout-session", registrationCheckout);
    expect(response.status).toBe(503);
    const { message } = (await response.json()) as { message: string };
    expect(message).toContain("Payments are not configured");
    expect(message).not.toMatch(SETTING);
    expect(proxied.logger.lines.some((l) => JSON.stringify(l).includes("STRIPE_SECRET_KEY"))).toBe(true);
  });

  test("a plan without a price: the 503 names no variable; the log does", async () => {
    const noPrice = await start({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    const response = await noPrice.fetch("/api/payments/create-checkout-session", registrationCheckout);
    expect(response.status).toBe(503);
    expect(((await response.json()) as { message: string }).message).not.toMatch(SETTING);
    expect(noPrice.logger.lines.some((l) => JSON.stringify(l).includes("STRIPE_PRICE_REGISTRATION"))).toBe(true);
  });
});
