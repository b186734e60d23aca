import { afterAll, afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMemoryLogger } from "../logger";
import { SUPPORT_EMAIL, VERIFICATION_SUBJECT } from "./mail-brand";
import { createMailer, latestCodeFor, readOutbox } from "./mailer";
import { renderVerificationCodeEmail } from "./verification-code-email";

const message = { to: "ada@example.com", subject: "Hello", html: "<p>Hi</p>", text: "Hi" };
let dataDir = "";

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "cm-mail-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("outbox transport", () => {
  test("writes one JSON file with the message fields and logs the subject", async () => {
    const log = createMemoryLogger();
    const mailer = createMailer({ dataDir, log });
    expect(mailer.transport).toBe("outbox");
    await mailer.send(message);

    const names = await readdir(join(dataDir, "outbox"));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d{13}-[0-9a-f]{8}\.json$/);
    const stored = JSON.parse(await readFile(join(dataDir, "outbox", names[0] ?? ""), "utf8"));
    expect(Object.keys(stored).sort()).toEqual(["html", "sentAt", "subject", "text", "to"]);
    expect(stored).toMatchObject(message);
    expect(new Date(stored.sentAt).toISOString()).toBe(stored.sentAt);
    expect(log.lines).toEqual([{ level: "info", msg: "mail written to outbox", subject: "Hello", to: message.to }]);
  });

  test("readOutbox returns messages oldest first, and nothing for a fresh data dir", async () => {
    expect(await readOutbox(dataDir)).toEqual([]);
    const mailer = createMailer({ dataDir, log: createMemoryLogger() });
    for (const subject of ["one", "two", "three"]) await mailer.send({ ...message, subject });
    const stored = await readOutbox(dataDir);
    expect(stored.map((m) => m.subject)).toEqual(["one", "two", "three"]);
    expect((stored[0]?.sentAt ?? "") < (stored[1]?.sentAt ?? "")).toBe(true);
  });

  test("latestCodeFor finds the newest verification code for an address", async () => {
    const mailer = createMailer({ dataDir, log: createMemoryLogger() });
    const send = async (to: string, code: string) =>
      mailer.send({ to, ...(await renderVerificationCodeEmail({ code })) });
    expect(await latestCodeFor(dataDir, "ada@example.com")).toBeUndefined();
    await send("ada@example.com", "111111");
    await send("ada@example.com", "222222");
    await send("bob@example.com", "333333");
    await mailer.send({ ...message, text: "Order 999999" });
    expect(await latestCodeFor(dataDir, "ada@example.com")).toBe("222222");
    expect(await latestCodeFor(dataDir, " ADA@example.com ")).toBe("222222");
    expect(await latestCodeFor(dataDir, "bob@example.com")).toBe("333333");
    expect(await latestCodeFor(dataDir, "eve@example.com")).toBeUndefined();
  });
});

describe("resend transport", () => {
  const apiKey = "re_test_secret_key_123";
  let answer: { status: number; body: unknown } = { status: 200, body: { id: "email-1" } };
  const requests: { method: string; path: string; authorization: string | null; body: Record<string, unknown> }[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const body = (await request.json()) as Record<string, unknown>;
      requests.push({
        method: request.method,
        path: url.pathname,
        authorization: request.headers.get("authorization"),
        body,
      });
      return Response.json(answer.body, { status: answer.status });
    },
  });
  const resendBaseUrl = `http://127.0.0.1:${server.port}`;
  afterAll(() => server.stop(true));
  beforeEach(() => {
    requests.length = 0;
  });

  test("posts the message to /emails with the key and sender", async () => {
    answer = { status: 200, body: { id: "email-1" } };
    const mailer = createMailer({
      resendApiKey: apiKey,
      from: "CM <no-reply@clearminute.app>",
      dataDir,
      resendBaseUrl,
    });
    expect(mailer.transport).toBe("resend");
    await mailer.send(message);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/emails");
    expect(request?.authorization).toBe(`Bearer ${apiKey}`);
    expect(request?.body).toMatchObject({ ...message, from: "CM <no-reply@clearminute.app>" });
    expect(await readOutbox(dataDir)).toEqual([]);
  });

  test("uses the default sender when MAIL_FROM is not set", async () => {
    answer = { status: 200, body: { id: "email-2" } };
    await createMailer({ resendApiKey: apiKey, dataDir, resendBaseUrl }).send(message);
    expect(requests[0]?.body.from).toBe("Clearminute <no-reply@clearminute.app>");
  });

  test("several recipients and a reply-to reach Resend as given; without a reply-to, replies go to support", async () => {
    answer = { status: 200, body: { id: "email-3" } };
    const mailer = createMailer({ resendApiKey: apiKey, dataDir, resendBaseUrl });
    await mailer.send({ ...message, to: ["a@example.com", "b@example.com"], replyTo: "advisor@example.com" });
    expect(requests[0]?.body.to).toEqual(["a@example.com", "b@example.com"]);
    expect(requests[0]?.body.reply_to).toBe("advisor@example.com");
    await mailer.send(message);
    expect(requests[1]?.body.reply_to).toBe(SUPPORT_EMAIL);
  });

  test("throws a clear error when Resend answers an error, without the key", async () => {
    answer = {
      status: 422,
      body: { statusCode: 422, name: "validation_error", message: `Invalid \`to\` field (key ${apiKey})` },
    };
    const mailer = createMailer({ resendApiKey: apiKey, dataDir, resendBaseUrl });
    const error = (await mailer.send(message).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain('Resend rejected "Hello" (HTTP 422): validation_error: Invalid `to` field');
    expect(error.message).not.toContain(apiKey);
  });

  test("throws when Resend cannot be reached", async () => {
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
    const url = `http://127.0.0.1:${closed.port}`;
    await closed.stop(true);
    const mailer = createMailer({ resendApiKey: apiKey, dataDir, resendBaseUrl: url });
    await expect(mailer.send({ ...message, subject: VERIFICATION_SUBJECT })).rejects.toThrow(
      `Resend could not send "${VERIFICATION_SUBJECT}": application_error: Unable to fetch data`,
    );
  });
});
