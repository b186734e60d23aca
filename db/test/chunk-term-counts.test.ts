// A meeting's document frequencies (chunk_term_counts) change in the same statements as its chunks, batch by batch,
// instead of one recount of the whole meeting at the end (which held the embedded database for seconds on a long
// meeting): after any replacement they must equal a recount from the chunks there are.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { type NewChunk, replaceMeetingChunks, startChunkReplacement } from "../src/queries/chunks";
import { createTestDatabase } from "../src/testing";

let db: Database;
let target: { userId: number; meetingId: number; clientId: number };
const embedding = Array.from({ length: 1536 }, (_, i) => (i === 1 ? 1 : 0));

beforeAll(async () => {
  db = await createTestDatabase();
  const [user] = await db.sql<{ id: number }[]>`
    insert into users (username, password) values ('counts', 'x') returning id`;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, 'Lindgren', 'Estate') returning id`;
  const [meeting] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status)
    values (${user!.id}, ${client!.id}, 'Review', now(), 'Processing') returning id`;
  target = { userId: user!.id, meetingId: meeting!.id, clientId: client!.id };
});

afterAll(async () => {
  await db?.close();
});

const chunksOf = (source: NewChunk["source"], texts: string[]): NewChunk[] =>
  texts.map((content) => ({ source, content, metadata: {}, embedding }));

/** The stored counts, and the counts a full recount of the meeting's chunks gives, as sorted "term=n" lists. */
async function storedAndRecounted() {
  const stored = await db.sql<{ term: string; ndoc: number }[]>`
    select term, ndoc from chunk_term_counts where meeting_id = ${target.meetingId} order by term`;
  const recounted = await db.sql<{ term: string; ndoc: number }[]>`
    select t.term, count(*)::int as ndoc
    from chunks c cross join lateral unnest(tsvector_to_array(c.tsv)) as t (term)
    where c.meeting_id = ${target.meetingId} group by t.term
    union all select '', count(*)::int from chunks where meeting_id = ${target.meetingId}
    order by term`;
  const list = (rows: { term: string; ndoc: number }[]) => rows.map((r) => `${r.term}=${r.ndoc}`);
  return { stored: list(stored), recounted: list(recounted) };
}

test("counts match a recount after many statements of chunks, a second run and a replacement of one source", async () => {
  const transcript = (word: string, n: number) =>
    Array.from({ length: n }, (_, i) => `The ${word} ledger entry ${i} for the orchard cooperative, item ${i % 7}.`);
  await replaceMeetingChunks(
    db.sql,
    { ...target, sources: ["transcript"], model: "m" },
    chunksOf("transcript", transcript("walnut", 90)),
  );
  await replaceMeetingChunks(
    db.sql,
    { ...target, sources: ["note"], model: "m" },
    chunksOf("note", ["A note on the walnut harvest."]),
  );
  let counts = await storedAndRecounted();
  expect(counts.stored).toEqual(counts.recounted);
  expect(counts.stored).toContain("walnut=91");

  // A second run of the transcript replaces its 90 chunks with 70 others; the note keeps its own.
  await replaceMeetingChunks(
    db.sql,
    { ...target, sources: ["transcript"], model: "m" },
    chunksOf("transcript", transcript("chestnut", 70)),
  );
  counts = await storedAndRecounted();
  expect(counts.stored).toEqual(counts.recounted);
  expect(counts.stored).toContain("walnut=1");
  expect(counts.stored).toContain("chestnut=70");
  expect(counts.stored).toContain("=71");
});

test("while a replacement is written, the counts hold both sets; finishing leaves only the new one", async () => {
  const replacement = await startChunkReplacement(db.sql, { ...target, sources: ["transcript"], model: "m" });
  await replacement.write(chunksOf("transcript", ["The almond contract is renewed."]));
  let counts = await storedAndRecounted();
  expect(counts.stored).toEqual(counts.recounted);
  expect(counts.stored).toContain("chestnut=70");
  await replacement.finish();
  counts = await storedAndRecounted();
  expect(counts.stored).toEqual(counts.recounted);
  expect(counts.stored.some((entry) => entry.startsWith("chestnut="))).toBe(false);
  expect(counts.stored).toContain("=2");
});
