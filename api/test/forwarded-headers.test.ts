// X-Forwarded-Host and X-Forwarded-Proto are the client's own words unless a reverse proxy we trust (TRUST_PROXY=1)
// wrote them: without it the origin guard and the cookie flags ignore them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { latestCodeFor } from "../src/mail/mailer";
import { json, mergeCookies, register } from "./auth-helpers";
import { startTestServer, type TestServer } from "./test-server";

let direct: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([startTestServer(), startTestServer({ TRUST_PROXY: "1" })]);
}, 180_000);
afterAll(async () => {
  await Promise.all([direct?.stop(), proxied?.stop()]);
});

/** A write from evil.example that claims, through X-Forwarded-Host, to have reached evil.example. */
const forgedWrite = (server: TestServer) =>
  server.fetch("/api/register/check", {
    ...json({ username: "someone" }),
    headers: { "content-type": "application/json", origin: "https://evil.example", "x-forwarded-host": "evil.example" },
  });

describe("the origin guard", () => {
  test("without TRUST_PROXY a foreign Origin is refused whatever X-Forwarded-Host says", async () => {
    const response = await forgedWrite(direct);
    expect(response.status).toBe(403);
    expect((await response.json()).message).toContain("cross-site");
  });

  test("with TRUST_PROXY the host the proxy forwarded is ours (the last entry, the one the proxy wrote)", async () => {
    expect((await forgedWrite(proxied)).status).toBe(200);
    const appended = await proxied.fetch("/api/register/check", {
      ...json({ username: "someone" }),
      headers: {
        "content-type": "application/json",
        origin: "https://evil.example",
        "x-forwarded-host": "evil.example, app.clearminute.example",
      },
    });
    expect(appended.status).toBe(403);
  });
});

describe("the session cookie's Secure flag", () => {
  async function sessionCookie(server: TestServer) {
    const account = await register(server);
    const https = { "content-type": "application/json", "x-forwarded-proto": "https" };
    const login = await server.fetch("/api/login", {
      ...json({ username: account.username, password: account.password }),
      headers: https,
    });
    const { userId } = await login.json();
    const verify = await server.fetch("/api/verify-login", {
      ...json({ userId, code: await latestCodeFor(server.ctx.config.dataDir, account.email) }),
      headers: { ...https, cookie: mergeCookies("", login) },
    });
    return verify.headers.getSetCookie().find((c) => c.startsWith("cm_session=")) ?? "";
  }

  test("follows X-Forwarded-Proto only behind a trusted proxy", async () => {
    expect(await sessionCookie(proxied)).toContain("Secure");
    expect(await sessionCookie(direct)).not.toContain("Secure");
  }, 60_000);
});
