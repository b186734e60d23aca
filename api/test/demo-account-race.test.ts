// DEMO_ACCOUNT=on with several processes starting at once on one database (a supervised group): exactly one of them
// creates the demo account and its sample data, and none fails to start because another got there first.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "@cm/db";
import { createTestDatabase } from "@cm/db/testing";
import { loadConfig } from "../src/config";
import { createMemoryLogger } from "../src/logger";
import { DEMO_MEETINGS } from "../src/seed/demo-data";
import { type RunningServer, startServer } from "../src/server";
import { ensureWebBuild } from "./test-server";

const PROCESSES = 3;
let db: Database;
const dataDirs: string[] = [];

beforeAll(async () => {
  await ensureWebBuild();
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function startOne() {
  const dataDir = mkdtempSync(join(tmpdir(), "cm-demo-race-"));
  dataDirs.push(dataDir);
  const config = loadConfig({ NODE_ENV: "test", PORT: "0", DATA_DIR: dataDir, WORKER: "off", DEMO_ACCOUNT: "on" });
  const logger = createMemoryLogger();
  // Each server closes the database it was given when it stops: these get one that stays open for the next.
  const shared = { ...db, close: async () => {} };
  return { logger, started: startServer(config, logger, { database: shared }) };
}

test("servers starting at once on an empty database create the demo account once", async () => {
  const starts = Array.from({ length: PROCESSES }, startOne);
  const results = await Promise.allSettled(starts.map((start) => start.started));
  const servers = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  try {
    expect(results.filter((result) => result.status === "rejected").map((r) => String(r.reason))).toEqual([]);
    const created = starts.filter((start) => start.logger.lines.some((line) => line.msg === "demo account created"));
    expect(created).toHaveLength(1);
    const [counts] = await db.sql<{ users: number; meetings: number }[]>`
      select (select count(*)::int from users) as users, (select count(*)::int from meetings) as meetings`;
    expect(counts).toEqual({ users: 1, meetings: DEMO_MEETINGS.length });
    const [demo] = await db.sql<{ id: number; username: string }[]>`select id, username from users`;
    expect(demo).toEqual({ id: 1, username: "demo" });
  } finally {
    await Promise.all(servers.map((server: RunningServer) => server.stop({ closeConnections: true })));
  }
});
