// GET /api/live in the production process (`bun run start`): the stream passes the security headers, carries the
// user's changes, and an open stream does not keep a graceful stop (SIGTERM) waiting.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { latestCodeFor } from "../src/mail/mailer";
import { mergeSetCookies, newAccount } from "./auth-helpers";
import { readEventStream } from "./support/event-stream-reader";
import { type ProductionProcess, type RawResponse, startProductionProcess } from "./support/production-process";

let app: ProductionProcess | undefined;

beforeAll(async () => {
  app = await startProductionProcess({ SESSION_SECRET: "production-live-secret-".padEnd(64, "x") });
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

const postJson = (path: string, body: unknown, cookie?: string) =>
  app!.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

const cookiesOf = (response: RawResponse, existing = "") =>
  mergeSetCookies(existing, response.headers["set-cookie"] ?? []);

async function registerAndSignIn(): Promise<string> {
  const account = newAccount();
  const registered = await postJson("/api/register", { ...account, role: "user", subscriptionPlan: "free" });
  expect(registered.status).toBe(201);
  const login = await postJson("/api/login", { username: account.username, password: account.password });
  expect(login.status).toBe(200);
  const { userId } = login.json<{ userId: number }>();
  const code = await latestCodeFor(app!.dataDir, account.email);
  const verify = await postJson("/api/verify-login", { userId, code }, cookiesOf(login));
  expect(verify.status).toBe(200);
  return cookiesOf(verify, cookiesOf(login));
}

describe("live updates in the production process", () => {
  test("the stream carries changes, with the security headers, and SIGTERM does not wait for it", async () => {
    const cookie = await registerAndSignIn();
    const response = await fetch(`${app!.url}/api/live`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toStartWith("text/event-stream");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const reader = readEventStream(response);
    const first = await reader.next();
    expect(first?.event).toBe("version");

    const created = await postJson("/api/clients", { name: "Fenwick Estates", type: "Property" }, cookie);
    expect(created.status).toBe(201);
    const next = await reader.next();
    expect(next?.event).toBe("version");
    expect(Number(next?.data)).toBeGreaterThan(Number(first?.data));

    // A graceful stop with the stream open: the stream ends and the process exits by itself (stop() would SIGKILL
    // it after 20 s otherwise, leaving the stream open until then).
    const stopping = app!.stop();
    expect(await reader.next(15_000)).toBeUndefined();
    expect(reader.ended()).toBe(true);
    await stopping;
    app = undefined;
  }, 120_000);
});
