// When the code e-mail cannot be sent, the user gets a clear error and loses nothing: the account stays usable,
// a code sent earlier keeps working, and trying again is not blocked by the 60-second resend spacing.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { json, mergeCookies, register } from "./auth-helpers";
import { startTestServer, type TestServer } from "./test-server";

// A loopback imitation of Resend's e-mail API: the server is configured with RESEND_API_KEY and RESEND_BASE_URL
// pointing here, as an operator's would point at Resend. It answers 503 while `failing`, else accepts and keeps
// each message so the test can read the code it carried.
let failing = false;
const sent: { to: string[]; text: string }[] = [];
const resend = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(request) {
    if (request.method !== "POST" || new URL(request.url).pathname !== "/emails") {
      return Response.json({ name: "not_found", message: "Not found", statusCode: 404 }, { status: 404 });
    }
    if (failing) {
      return Response.json(
        { name: "application_error", message: "Service unavailable", statusCode: 503 },
        { status: 503 },
      );
    }
    const body = (await request.json()) as { to: string | string[]; text: string };
    sent.push({ to: Array.isArray(body.to) ? body.to : [body.to], text: body.text });
    return Response.json({ id: crypto.randomUUID() });
  },
});

function latestCodeFor(email: string): string {
  const message = sent.findLast((m) => m.to.includes(email));
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was mailed to ${email}`);
  return code;
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    RESEND_API_KEY: "re_test_key",
    RESEND_BASE_URL: resend.url.toString().replace(/\/$/, ""),
  });
});
afterAll(async () => {
  await server?.stop();
  await resend.stop(true);
});

const passwordStep = (account: { username: string; password: string }) =>
  server.fetch("/api/login", json({ username: account.username, password: account.password }));

test("a failed send at sign-in answers 502 with a clear message; the next try works", async () => {
  const account = await register(server);
  failing = true;
  try {
    const failed = await passwordStep(account);
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { message: string }).message).toContain("could not send the verification e-mail");
  } finally {
    failing = false;
  }
  // No code was left behind to block a new one, and the account signs in.
  const again = await passwordStep(account);
  expect(again.status).toBe(200);
  const { userId } = (await again.json()) as { userId: number };
  const code = latestCodeFor(account.email);
  const verify = await server.fetch("/api/verify-login", json({ userId, code }, mergeCookies("", again)));
  expect(verify.status).toBe(200);
});

test("a failed resend keeps the code sent before working, and does not start the 60-second wait", async () => {
  const account = await register(server);
  const login = await passwordStep(account);
  const cookie = mergeCookies("", login);
  const { userId } = (await login.json()) as { userId: number };
  const firstCode = latestCodeFor(account.email);
  // The first code is older than the resend spacing.
  await server.ctx.db
    .sql`update verification_codes set created_at = now() - interval '61 seconds' where user_id = ${userId}`;

  failing = true;
  try {
    const resend = await server.fetch("/api/resend-verification", json({ userId }, cookie));
    expect(resend.status).toBe(502);
    const retry = await server.fetch("/api/resend-verification", json({ userId }, cookie));
    expect(retry.status).toBe(502); // tried again at once: not 429
  } finally {
    failing = false;
  }
  const verify = await server.fetch("/api/verify-login", json({ userId, code: firstCode }, cookie));
  expect(verify.status).toBe(200);
});
