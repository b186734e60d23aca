// When the code e-mail cannot be sent, the user gets a clear error and loses nothing: the account stays usable,
// a code sent earlier keeps working, and trying again is not blocked by the 60-second resend spacing.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Mailer } from "../src/mail/mailer";
import { latestCodeFor } from "../src/mail/mailer";
import { json, mergeCookies, register } from "./auth-helpers";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let realMailer: Mailer;
const failingMailer: Mailer = {
  transport: "resend",
  send: async () => {
    throw new Error("Resend answered 503");
  },
};

beforeAll(async () => {
  server = await startTestServer();
  realMailer = server.ctx.mailer;
});
afterAll(async () => {
  await server?.stop();
});

const passwordStep = (account: { username: string; password: string }) =>
  server.fetch("/api/login", json({ username: account.username, password: account.password }));

test("a failed send at sign-in answers 502 with a clear message; the next try works", async () => {
  const account = await register(server);
  server.ctx.mailer = failingMailer;
  try {
    const failed = await passwordStep(account);
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { message: string }).message).toContain("could not send the verification e-mail");
  } finally {
    server.ctx.mailer = realMailer;
  }
  // No code was left behind to block a new one, and the account signs in.
  const again = await passwordStep(account);
  expect(again.status).toBe(200);
  const { userId } = (await again.json()) as { userId: number };
  const code = await latestCodeFor(server.ctx.config.dataDir, account.email);
  const verify = await server.fetch("/api/verify-login", json({ userId, code }, mergeCookies("", again)));
  expect(verify.status).toBe(200);
});

test("a failed resend keeps the code sent before working, and does not start the 60-second wait", async () => {
  const account = await register(server);
  const login = await passwordStep(account);
  const cookie = mergeCookies("", login);
  const { userId } = (await login.json()) as { userId: number };
  const firstCode = await latestCodeFor(server.ctx.config.dataDir, account.email);
  // The first code is older than the resend spacing.
  await server.ctx.db
    .sql`update verification_codes set created_at = now() - interval '61 seconds' where user_id = ${userId}`;

  server.ctx.mailer = failingMailer;
  try {
    const resend = await server.fetch("/api/resend-verification", json({ userId }, cookie));
    expect(resend.status).toBe(502);
    const retry = await server.fetch("/api/resend-verification", json({ userId }, cookie));
    expect(retry.status).toBe(502); // tried again at once: not 429
  } finally {
    server.ctx.mailer = realMailer;
  }
  const verify = await server.fetch("/api/verify-login", json({ userId, code: firstCode }, cookie));
  expect(verify.status).toBe(200);
});
