// The list routes answer from a cache keyed by the user's data version: any change to what they show, made by
// this server or by any other process straight in the database, is seen by the very next request.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createResponseCache } from "../src/cache/response-cache";
import { json, registerAndSignIn } from "./auth-helpers";
import { createClient, uploadTranscript } from "./hostile-fixtures";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await registerAndSignIn(server));
  ({ cookie: otherCookie } = await registerAndSignIn(server));
});
afterAll(async () => {
  await server?.stop();
});

const read = async (path: string, who = cookie) => {
  const response = await server.fetch(path, { headers: { cookie: who } });
  expect(response.status).toBe(200);
  return { body: await response.json(), link: response.headers.get("link") };
};

test("changes made in the database by another process show at once in lists and stats", async () => {
  const client = await createClient(server, cookie, "Cache Client");
  const meeting = await uploadTranscript(server, cookie, client.id, "Original title");
  const first = (await read("/api/meetings")).body as { id: number; title: string; status: string }[];
  expect(first.map((m) => m.title)).toEqual(["Original title"]);
  expect((await read("/api/meetings")).body).toEqual(first); // served again, same answer
  const sql = server.ctx.db.sql;

  // A worker process finishing the meeting: status, transcript, summary.
  await sql`update meetings set status = 'Processed', title = 'Renamed elsewhere' where id = ${meeting.id}`;
  const list = (await read("/api/meetings")).body as { title: string; status: string }[];
  expect(list[0]).toMatchObject({ title: "Renamed elsewhere", status: "Processed" });

  await sql`insert into summaries (meeting_id, executive_summary, key_points, action_items, list_summary, action_item_count)
    values (${meeting.id}, 'We agreed to rebalance. Then more.', '[]', '[]', 'We agreed to rebalance. Then more.', 7)
    on conflict (meeting_id) do update set executive_summary = excluded.executive_summary,
      list_summary = excluded.list_summary, action_item_count = excluded.action_item_count`;
  const summarised = (await read("/api/meetings")).body as { executive_summary: string }[];
  expect(summarised[0]!.executive_summary).toContain("rebalance");
  expect(((await read("/api/stats")).body as { insightsGenerated: number }).insightsGenerated).toBe(7);

  await sql`update clients set name = 'Renamed Client' where id = ${client.id}`;
  expect(((await read("/api/clients")).body as { name: string }[]).map((c) => c.name)).toContain("Renamed Client");
  expect(((await read("/api/meetings")).body as { client_name: string }[])[0]!.client_name).toBe("Renamed Client");

  await sql`delete from meetings where id = ${meeting.id}`;
  expect((await read("/api/meetings")).body).toEqual([]);
  expect(((await read("/api/stats")).body as { processedCount: number }).processedCount).toBe(0);
});

test("writes through the API show at once, and one user's cached answers never reach another", async () => {
  const created = await server.fetch("/api/clients", json({ name: "Fresh Client", type: "Tax" }, cookie));
  expect(created.status).toBe(201);
  const mine = (await read("/api/clients")).body as { name: string }[];
  expect(mine.map((c) => c.name)).toContain("Fresh Client");
  const theirs = (await read("/api/clients", otherCookie)).body as { name: string }[];
  expect(theirs.map((c) => c.name)).not.toContain("Fresh Client");
  const { id } = (await created.json()) as { id: number };
  expect((await server.fetch(`/api/clients/${id}`, { method: "DELETE", headers: { cookie } })).status).toBe(200);
  expect(((await read("/api/clients")).body as { name: string }[]).map((c) => c.name)).not.toContain("Fresh Client");
});

test("the cache holds at most its byte budget, dropping the least recently used first", () => {
  const cache = createResponseCache(4000);
  const body = new Uint8Array(390); // ~400 bytes counted with its key
  for (let i = 0; i < 20; i++) {
    cache.set(`k${i}`, { body, etag: `W/"${i}"`, headers: {} });
    if (i === 5) cache.get("k0"); // k0 recently used: kept over k1..
  }
  expect(cache.size().bytes).toBeLessThanOrEqual(4000);
  expect(cache.get("k19")).toBeDefined();
  expect(cache.get("k1")).toBeUndefined();
  cache.set("huge", { body: new Uint8Array(1001), etag: 'W/"huge"', headers: {} }); // over a quarter of the budget: not kept
  expect(cache.get("huge")).toBeUndefined();
});

test("requests that miss together wait for one build of the answer", async () => {
  const { cachedUserRead } = await import("../src/cache/response-cache");
  const cache = createResponseCache();
  let builds = 0;
  const build = async () => {
    builds++;
    await Bun.sleep(50);
    return { data: { n: builds } };
  };
  const user = { id: 424242, dataVersion: 1 };
  const request = () => new Request("http://127.0.0.1/api/stats");
  const answers = await Promise.all(Array.from({ length: 20 }, () => cachedUserRead(cache, user, request(), build)));
  expect(builds).toBe(1);
  for (const answer of answers) expect(await answer.json()).toEqual({ n: 1 });
  // A failed build is not kept: the next request builds again.
  const failing = async () => Promise.reject(new Error("database unavailable"));
  await expect(cachedUserRead(cache, { id: 424242, dataVersion: 2 }, request(), failing)).rejects.toThrow(
    "unavailable",
  );
  const next = await cachedUserRead(cache, { id: 424242, dataVersion: 2 }, request(), build);
  expect(await next.json()).toEqual({ n: 2 });
});

test("a client holding the current answer's ETag gets 304 without the body; after a change, the new answer", async () => {
  const first = await server.fetch("/api/clients", { headers: { cookie } });
  const etag = first.headers.get("etag")!;
  expect(etag).toStartWith('W/"');
  expect(first.headers.get("cache-control")).toBe("private, no-cache");
  const again = await server.fetch("/api/clients", { headers: { cookie, "if-none-match": etag } });
  expect(again.status).toBe(304);
  expect(await again.text()).toBe("");
  // Another account sending that ETag gets its own answer: the tag only ever matches the body it names.
  const theirs = await server.fetch("/api/clients", { headers: { cookie: otherCookie, "if-none-match": etag } });
  expect(theirs.status).toBe(200);
  const created = await server.fetch("/api/clients", json({ name: "After the tag", type: "Tax" }, cookie));
  expect(created.status).toBe(201);
  const changed = await server.fetch("/api/clients", { headers: { cookie, "if-none-match": etag } });
  expect(changed.status).toBe(200);
  expect(((await changed.json()) as { name: string }[]).map((c) => c.name)).toContain("After the tag");
});
