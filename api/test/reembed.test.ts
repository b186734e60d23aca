import { afterAll, beforeAll, expect, test } from "bun:test";
import { retrievePassages } from "@cm/ai/search";
import { insertUser } from "@cm/db/queries/users";
import { seedDemoData } from "../src/seed/seed-demo-data";
import { startWorker } from "../src/worker/start-worker";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let userId: number;

beforeAll(async () => {
  server = await startTestServer();
  const user = await insertUser(server.ctx.db.sql, {
    username: "reembed",
    passwordHash: "x",
    email: "reembed@example.com",
    fullName: "Re Embed",
  });
  userId = user.id;
  await seedDemoData(server.ctx.db.sql, userId);
  const meetings = await server.ctx.db.sql<{ id: number }[]>`select id from meetings where user_id = ${userId}`;
  for (const m of meetings) await server.ctx.indexer.indexMeeting(m.id);
});
afterAll(async () => {
  await server.stop();
});

const modelCounts = async () =>
  server.ctx.db.sql<{ model: string; n: number }[]>`
    select embedding_model as model, count(*)::int as n from chunks where user_id = ${userId} group by 1`;

test("chunks embedded by another model are skipped by vector search, then re-embedded in the background", async () => {
  const current = server.ctx.ai.embedder.model;
  expect((await modelCounts()).map((r) => r.model)).toEqual([current]);
  // As if the chunks had been made by a model that is no longer configured.
  await server.ctx.db.sql`update chunks set embedding_model = 'retired-model' where user_id = ${userId}`;
  const stale = await retrievePassages(server.ctx.answerStore, server.ctx.ai.embedder, userId, "Hendricks trust", {
    mode: "vector",
  });
  expect(stale).toEqual([]);

  const worker = startWorker(server.ctx, { pollMs: 50 });
  try {
    const deadline = Date.now() + 20_000;
    let counts = await modelCounts();
    while (Date.now() < deadline && counts.some((r) => r.model !== current)) {
      await Bun.sleep(100);
      counts = await modelCounts();
    }
    expect(counts.map((r) => r.model)).toEqual([current]);
  } finally {
    await worker.stop();
  }
  const [jobs] = await server.ctx.db.sql<{ done: number; other: number }[]>`
    select count(*) filter (where status = 'done')::int as done, count(*) filter (where status <> 'done')::int as other
    from jobs where kind = 'reindex-meeting'`;
  expect(jobs!.done).toBe(12);
  expect(jobs!.other).toBe(0);
  const fresh = await retrievePassages(server.ctx.answerStore, server.ctx.ai.embedder, userId, "Hendricks trust", {
    mode: "vector",
  });
  expect(fresh.length).toBeGreaterThan(0);
  // The meetings stay as they were.
  const [statuses] = await server.ctx.db.sql<{ n: number }[]>`
    select count(*)::int as n from meetings where user_id = ${userId} and status <> 'Processed'`;
  expect(statuses!.n).toBe(0);
});
