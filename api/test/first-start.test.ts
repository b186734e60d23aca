// The first start of the embedded default: the demo account (user id 1) with its sample data, indexed
// for Meeting Intelligence by the in-process worker, and nothing seeded twice on the next start.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config";
import { createMemoryLogger } from "../src/logger";
import { DEMO_PASSWORD, DEMO_USERNAME } from "../src/seed/demo-account";
import { type RunningServer, startServer } from "../src/server";
import { json } from "./auth-helpers";
import { ensureWebBuild } from "./test-server";

const dataDir = mkdtempSync(join(tmpdir(), "cm-first-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start(): Promise<RunningServer> {
  await ensureWebBuild();
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", DEMO_ACCOUNT: "on" });
  return startServer(config, createMemoryLogger());
}

async function signInAsDemo(url: string): Promise<string> {
  const response = await fetch(`${url}/api/login`, json({ username: DEMO_USERNAME, password: DEMO_PASSWORD }));
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body.requiresVerification).toBeFalsy();
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("cm_session="));
  expect(cookie).toBeDefined();
  return cookie!.split(";")[0]!;
}

test("the first start creates the demo account with its data, searchable; a restart seeds nothing again", async () => {
  let server = await start();
  try {
    const cookie = await signInAsDemo(server.url);
    const stats = await (await fetch(`${server.url}/api/stats`, { headers: { cookie } })).json();
    expect(stats).toEqual({ processedCount: 12, clientCount: 5, insightsGenerated: 36 });
    // The worker indexes the twelve meetings in the background, with the default (sentence encoder) embedder. The
    // deadline is a hang guard, not a verdict on speed: beside the other suites at load 17 it took over 120 s.
    const deadline = Date.now() + 400_000;
    let indexed = 0;
    while (Date.now() < deadline && indexed < 12) {
      const [row] = await server.ctx.db.sql<{ n: number }[]>`
        select count(distinct meeting_id)::int as n from chunks where user_id = 1`;
      indexed = row?.n ?? 0;
      if (indexed < 12) await Bun.sleep(100);
    }
    expect(indexed).toBe(12);
    const answer = await fetch(
      `${server.url}/api/search`,
      json({ query: "When was my last meeting with the Hendricks trust?" }, cookie),
    );
    const { result, sources } = await answer.json();
    expect(result).toContain("Hendricks");
    expect(sources.length).toBeGreaterThan(0);
  } finally {
    await server.stop();
  }
  server = await start();
  try {
    const [counts] = await server.ctx.db.sql<{ users: number; meetings: number }[]>`
      select (select count(*)::int from users) as users, (select count(*)::int from meetings) as meetings`;
    expect(counts).toEqual({ users: 1, meetings: 12 });
  } finally {
    await server.stop();
  }
}, 480_000);
