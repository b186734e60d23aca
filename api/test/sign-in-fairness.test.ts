// Sign-in limits that hold a sender back without locking anyone else out: an IPv6 client is one /64 (it cannot walk
// its own block for fresh counters), and wrong passwords for an account from many addresses refuse those addresses,
// never the owner's right password from another one.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { latestCodeFor } from "../src/mail/mailer";
import { mergeCookies, register } from "./auth-helpers";
import { startTestServer, type TestServer } from "./test-server";

/** A request as the trusted proxy forwards it for client `from`. */
const via = (from: string, body: unknown, cookie = ""): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", "x-forwarded-for": from, ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

// One server whose per-address limit is low (the /64 tests), one where only the per-account limits bite.
let byAddress: TestServer;
let server: TestServer;
beforeAll(async () => {
  const env = { TRUST_PROXY: "1", LOGIN_LIMIT_PER_USERNAME: "3", REGISTER_LIMIT_PER_IP: "1000" };
  [byAddress, server] = await Promise.all([
    startTestServer({ ...env, LOGIN_LIMIT_PER_IP: "3" }),
    startTestServer({ ...env, LOGIN_LIMIT_PER_IP: "1000" }),
  ]);
});
afterAll(async () => {
  await Promise.all([byAddress.stop(), server.stop()]);
});

const attempt = (target: TestServer, from: string, username: string, password = "wrong-password") =>
  target.fetch("/api/login", via(from, { username, password }));
const login = (from: string, username: string, password?: string) => attempt(server, from, username, password);
const loginByAddress = (from: string, username: string) => attempt(byAddress, from, username);

describe("an IPv6 client is counted by its /64", () => {
  test("addresses of one /64, however written, share one count; the next /64 has its own", async () => {
    const spellings = ["2001:db8:0:1::1", "2001:DB8:0:1:0:0:0:2", "[2001:db8:0:1::3]:443"];
    for (const [i, from] of spellings.entries())
      expect((await loginByAddress(from, `nobody-v6-${i}`)).status).toBe(401);
    expect((await loginByAddress("2001:db8:0:1:ffff::9%eth0", "nobody-v6-9")).status).toBe(429);
    expect((await loginByAddress("2001:db8:0:2::1", "nobody-v6-10")).status).toBe(401);
  });

  test("an IPv4-mapped IPv6 address is the IPv4 client", async () => {
    expect((await loginByAddress("198.51.100.90", "nobody-v4-1")).status).toBe(401);
    expect((await loginByAddress("::ffff:198.51.100.90", "nobody-v4-2")).status).toBe(401);
    expect((await loginByAddress("::FFFF:c633:645a", "nobody-v4-3")).status).toBe(401);
    expect((await loginByAddress("198.51.100.90", "nobody-v4-4")).status).toBe(429);
  });
});

describe("wrong passwords from many addresses", () => {
  test("refuse those addresses and never the owner's right password from another one", async () => {
    const account = await register(server);
    // Twelve addresses, each sending wrong passwords until it is refused: the account has seen 36 failures.
    const attackers = Array.from({ length: 12 }, (_, i) => `203.0.113.${100 + i}`);
    const statuses = await Promise.all(
      attackers.map(async (from) => {
        const seen: number[] = [];
        for (let i = 0; i < 4; i++) seen.push((await login(from, account.username)).status);
        return seen;
      }),
    );
    for (const seen of statuses) expect(seen).toEqual([401, 401, 401, 429]);
    // An address over its limit is refused even with the right password.
    expect((await login(attackers[0]!, account.username, account.password)).status).toBe(429);
    // The owner, from an address that has not failed, signs in: password step, then the e-mailed code.
    const owner = "192.0.2.10";
    const first = await login(owner, account.username, account.password);
    expect(first.status).toBe(200);
    const { userId } = (await first.json()) as { userId: number };
    const code = await latestCodeFor(server.ctx.config.dataDir, account.email);
    const verify = await server.fetch("/api/verify-login", via(owner, { userId, code }, mergeCookies("", first)));
    expect(verify.status).toBe(200);
  });

  test("one address's failures at one account are counted under every spelling of the name", async () => {
    const account = await register(server);
    const from = "203.0.113.200";
    const upper = account.username.toUpperCase();
    expect((await login(from, account.username)).status).toBe(401);
    expect((await login(from, upper)).status).toBe(401);
    expect((await login(from, ` ${account.username}\u3000`)).status).toBe(401);
    expect((await login(from, upper, account.password)).status).toBe(429);
  });
});
