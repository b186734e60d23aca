import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { rateLimitDigest } from "@cm/db/queries/rate-limits";
import { latestCodeFor, readOutbox } from "../src/mail/mailer";
import { json, mergeCookies, newAccount, register, registerAndSignIn, signIn } from "./auth-helpers";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
beforeAll(async () => {
  // Many sign-ups from one address here; the registration limit has its own tests (auth-limits.test.ts).
  server = await startTestServer({ REGISTER_LIMIT_PER_IP: "10000" });
});
afterAll(async () => {
  await server.stop();
});

const me = async (cookie: string) => (await server.fetch("/api/auth/user", { headers: { cookie } })).json();

describe("registration", () => {
  test("a free account is created with role user and a hashed password", async () => {
    const account = newAccount();
    const response = await server.fetch("/api/register", json({ ...account, role: "admin", subscriptionPlan: "free" }));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(JSON.stringify(body)).not.toContain(account.password);
    const [row] = await server.ctx.db.sql`select password, role from users where username = ${account.username}`;
    expect(row!.role).toBe("user");
    expect(row!.password).toStartWith("$argon2id$");
    const mails = await readOutbox(server.ctx.config.dataDir);
    expect(mails.some((m: { to: string }) => m.to === account.email)).toBe(true);
  });

  test("a short password is refused by the server too", async () => {
    const response = await server.fetch(
      "/api/register",
      json({ ...newAccount(), password: "short7!", subscriptionPlan: "free" }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain("validation");
  });

  test("a taken username answers 409 asking for another; a taken e-mail answers like a new one", async () => {
    const account = await register(server);
    const byName = await server.fetch("/api/register", json({ ...newAccount(), username: account.username }));
    const byEmail = await server.fetch("/api/register", json({ ...newAccount(), email: account.email.toUpperCase() }));
    expect(byName.status).toBe(409);
    expect((await byName.json()).message).toContain("username is already taken");
    expect(byEmail.status).toBe(201);
  });

  test("a premium sign-up without payments configured is refused", async () => {
    const response = await server.fetch(
      "/api/register",
      json({ ...newAccount(), subscriptionPlan: "premium", tempUserId: "0f8e1a52-8a5e-4a3e-9f0e-0d9b5c7c1a11" }),
    );
    expect([402, 404]).toContain(response.status);
  });
});

describe("sign-in with an e-mailed code", () => {
  test("password step then code step signs in; the response holds no secret", async () => {
    const account = await register(server);
    const login = await server.fetch("/api/login", json({ username: account.username, password: account.password }));
    const body = await login.json();
    expect(body.requiresVerification).toBe(true);
    expect(typeof body.userId).toBe("number");
    expect(body.email).toContain("@example.com");
    const code = await latestCodeFor(server.ctx.config.dataDir, account.email);
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(body)).not.toContain(code!);
    const [stored] = await server.ctx.db
      .sql`select code from verification_codes where user_id = ${body.userId} order by id desc limit 1`;
    expect(stored!.code).not.toContain(code!);
    const cookie = mergeCookies("", login);
    const verify = await server.fetch("/api/verify-login", json({ userId: body.userId, code }, cookie));
    expect(verify.status).toBe(200);
    const session = mergeCookies(cookie, verify);
    expect((await me(session)).authenticated).toBe(true);
    expect((await me(session)).user.id).toBe(body.userId);
    const line = JSON.stringify(server.logger.lines);
    expect(line).not.toContain(code!);
    expect(line).not.toContain(account.password);
  });

  test("an unknown user costs a full argon2id verification, as a wrong password does (same time, no timing test)", async () => {
    const account = await register(server);
    const verify = spyOn(Bun.password, "verify");
    try {
      await server.fetch("/api/login", json({ username: "nobody-at-all", password: "whatever-123" }));
      await server.fetch("/api/login", json({ username: account.username, password: "wrong-password" }));
      expect(verify).toHaveBeenCalledTimes(2);
      for (const [, hash] of verify.mock.calls) expect(String(hash)).toStartWith("$argon2id$");
    } finally {
      verify.mockRestore();
    }
  });

  test("unknown user and wrong password answer alike", async () => {
    const account = await register(server);
    const unknown = await server.fetch("/api/login", json({ username: "nobody-here", password: "whatever-123" }));
    const wrong = await server.fetch("/api/login", json({ username: account.username, password: "wrong-password" }));
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
  });

  test("the session cookie is httpOnly, SameSite=Lax, and a new id at each sign-in", async () => {
    const account = await register(server);
    const first = await signIn(server, account);
    await Bun.sleep(1100); // resend spacing does not apply to a fresh login, but codes differ by time
    const second = await signIn(server, account);
    expect(first).not.toBe(second);
    const login = await server.fetch("/api/login", json({ username: account.username, password: account.password }));
    const { userId } = await login.json();
    const verify = await server.fetch(
      "/api/verify-login",
      json({ userId, code: await latestCodeFor(server.ctx.config.dataDir, account.email) }, mergeCookies("", login)),
    );
    const setCookie = verify.headers.getSetCookie().find((c) => c.startsWith("cm_session="));
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).not.toContain("Secure");
    // The browser keeps it until the absolute expiry (30 days); idle expiry is the server's, from the row.
    expect(setCookie).toContain(`Max-Age=${30 * 24 * 3600}`);
  });

  test("a code is bound to the browser that passed the password step", async () => {
    const account = await register(server);
    const login = await server.fetch("/api/login", json({ username: account.username, password: account.password }));
    const { userId } = await login.json();
    const code = await latestCodeFor(server.ctx.config.dataDir, account.email);
    const elsewhere = await server.fetch("/api/verify-login", json({ userId, code }));
    expect(elsewhere.status).toBe(401);
  });

  test("a code is single use", async () => {
    const account = await register(server);
    const login = await server.fetch("/api/login", json({ username: account.username, password: account.password }));
    const cookie = mergeCookies("", login);
    const { userId } = await login.json();
    const code = await latestCodeFor(server.ctx.config.dataDir, account.email);
    expect((await server.fetch("/api/verify-login", json({ userId, code }, cookie))).status).toBe(200);
    expect((await server.fetch("/api/verify-login", json({ userId, code }, cookie))).status).toBe(400);
  });

  test("five wrong tries retire the code", async () => {
    const account = await register(server);
    const login = await server.fetch("/api/login", json({ username: account.username, password: account.password }));
    const cookie = mergeCookies("", login);
    const { userId } = await login.json();
    const code = (await latestCodeFor(server.ctx.config.dataDir, account.email))!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) {
      const r = await server.fetch("/api/verify-login", json({ userId, code: wrong }, cookie));
      expect(r.status).toBe(400);
      expect((await r.json()).message).toContain("invalid or has expired");
    }
    expect((await server.fetch("/api/verify-login", json({ userId, code }, cookie))).status).toBe(400);
  });

  test("an expired code is refused", async () => {
    const account = await register(server);
    const login = await server.fetch("/api/login", json({ username: account.username, password: account.password }));
    const cookie = mergeCookies("", login);
    const { userId } = await login.json();
    const code = await latestCodeFor(server.ctx.config.dataDir, account.email);
    await server.ctx.db
      .sql`update verification_codes set expires_at = now() - interval '1 second' where user_id = ${userId}`;
    expect((await server.fetch("/api/verify-login", json({ userId, code }, cookie))).status).toBe(400);
  });

  test("resend is refused within 60 seconds and a resend retires the previous code", async () => {
    const account = await register(server);
    const login = await server.fetch("/api/login", json({ username: account.username, password: account.password }));
    const cookie = mergeCookies("", login);
    const { userId } = await login.json();
    const firstCode = await latestCodeFor(server.ctx.config.dataDir, account.email);
    const early = await server.fetch("/api/resend-verification", json({ userId }, cookie));
    expect(early.status).toBe(429);
    expect(Number(early.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(early.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    await server.ctx.db
      .sql`update verification_codes set created_at = now() - interval '61 seconds' where user_id = ${userId}`;
    const resend = await server.fetch("/api/resend-verification", json({ userId }, cookie));
    expect(resend.status).toBe(200);
    const secondCode = await latestCodeFor(server.ctx.config.dataDir, account.email);
    if (secondCode !== firstCode) {
      expect((await server.fetch("/api/verify-login", json({ userId, code: firstCode }, cookie))).status).toBe(400);
    }
    expect((await server.fetch("/api/verify-login", json({ userId, code: secondCode }, cookie))).status).toBe(200);
  });

  test("too many sign-in attempts for one username answer 429", async () => {
    const account = await register(server);
    let last = 0;
    for (let i = 0; i < 12; i++) {
      last = (await server.fetch("/api/login", json({ username: account.username, password: "wrong-password" })))
        .status;
    }
    expect(last).toBe(429);
  });

  test("the per-username limit lives in the database, keyed by a digest of the normalised username", async () => {
    const account = await register(server);
    await server.fetch("/api/login", json({ username: ` ${account.username.toUpperCase()} `, password: "nope-nope" }));
    const rows = await server.ctx.db.sql<{ key: string }[]>`select key from rate_limits where scope = 'login:username'`;
    expect(rows.map((r) => r.key)).toContain(rateLimitDigest(account.username.toLowerCase()));
    expect(rows.some((r) => r.key.includes(account.username))).toBe(false);
  });
});

test("too many sign-in attempts from one address answer 429", async () => {
  const limited = await startTestServer({ LOGIN_LIMIT_PER_IP: "3" });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await limited.fetch("/api/login", json({ username: `someone${i}`, password: "wrong-password" }));
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses[4]).toBe(429);
  } finally {
    await limited.stop();
  }
});

test("behind a trusted proxy the limit counts each client's address, not the proxy's", async () => {
  const proxied = await startTestServer({ LOGIN_LIMIT_PER_IP: "3", TRUST_PROXY: "1" });
  const attempt = (from: string, i: number) =>
    proxied.fetch("/api/login", {
      ...json({ username: `visitor${i}`, password: "wrong-password" }),
      // What the client wrote first is ignored: the proxy appends the address it saw.
      headers: { "content-type": "application/json", "x-forwarded-for": `6.6.6.6, ${from}` },
    });
  try {
    const a: number[] = [];
    for (let i = 0; i < 4; i++) a.push((await attempt("203.0.113.7", i)).status);
    expect(a).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy is not locked out with the first.
    expect((await attempt("198.51.100.23", 9)).status).toBe(401);
  } finally {
    await proxied.stop();
  }
  // Without TRUST_PROXY the header is not believed: a client cannot dodge the limit by writing it.
  const direct = await startTestServer({ LOGIN_LIMIT_PER_IP: "2" });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await direct.fetch("/api/login", {
        ...json({ username: `dodger${i}`, password: "wrong-password" }),
        headers: { "content-type": "application/json", "x-forwarded-for": `10.0.0.${i}` },
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([401, 401, 429]);
  } finally {
    await direct.stop();
  }
});

describe("sessions", () => {
  test("logout destroys the session: the old cookie no longer works", async () => {
    const { cookie } = await registerAndSignIn(server);
    expect((await me(cookie)).authenticated).toBe(true);
    const out = await server.fetch("/api/logout", { method: "POST", headers: { cookie } });
    expect(out.status).toBe(200);
    // The browser forgets the account's cookies, cache and storage too (web/e2e/sign-out-clears-site.test.ts).
    expect(out.headers.get("clear-site-data")).toBe('"cache", "cookies", "storage"');
    expect((await me(cookie)).authenticated).toBe(false);
  });

  test("a tampered session cookie is not accepted", async () => {
    const { cookie } = await registerAndSignIn(server);
    const tampered = cookie.replace(/cm_session=([^;]+)/, (_m, v: string) => `cm_session=${v.slice(0, -2)}xx`);
    expect((await me(tampered)).authenticated).toBe(false);
  });

  test("expired sessions are refused and swept", async () => {
    const { cookie } = await registerAndSignIn(server);
    await server.ctx.db.sql`update sessions set expire = now() - interval '1 minute'`;
    expect((await me(cookie)).authenticated).toBe(false);
    const { sweepExpiredSessions } = await import("../src/modules/auth/session-service");
    await sweepExpiredSessions(server.ctx.db.sql);
    const [left] = await server.ctx.db.sql`select count(*)::int as n from sessions where expire <= now()`;
    expect(left!.n).toBe(0);
  });
});

describe("cross-site requests", () => {
  test("a foreign Origin or Sec-Fetch-Site cross-site is refused with 403", async () => {
    const account = newAccount();
    const foreign = await server.fetch("/api/register", {
      ...json({ ...account, subscriptionPlan: "free" }),
      headers: { "content-type": "application/json", origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    const crossSite = await server.fetch("/api/login", {
      ...json({ username: "x", password: "y" }),
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const sameOrigin = await server.fetch("/api/login", {
      ...json({ username: "nobody", password: "y" }),
      headers: { "content-type": "application/json", origin: server.url },
    });
    expect(sameOrigin.status).toBe(401);
  });
});
