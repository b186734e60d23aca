// Chunk windows (migration 015): stored with their chunk, in order; a candidate chunk scores by its nearest window,
// only the user's own and only of the given model; replaced and removed with the chunk.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { replaceMeetingChunks, scoreChunksByWindows } from "../src/queries/chunks";
import { createTestDatabase } from "../src/testing";
import { meetingOwner } from "./support/meeting-owner";

let db: Database;
const unit = (axis: number, size: number) => Array.from({ length: size }, (_, i) => (i === axis ? 1 : 0));
const chunkVector = unit(0, 1536);

const owner = (name: string) => meetingOwner(db.sql, name);

const idsOf = async (meetingId: number) =>
  (await db.sql<{ id: number }[]>`select id from chunks where meeting_id = ${meetingId} order by id`).map((r) =>
    Number(r.id),
  );

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

test("each chunk keeps its windows in order, and scores by its nearest one", async () => {
  const alice = await owner("alice");
  // 45 chunks: more than one insert statement of chunks, each chunk with windows along different axes.
  const chunks = Array.from({ length: 45 }, (_, i) => ({
    source: "transcript" as const,
    content: `chunk ${i}`,
    metadata: {},
    embedding: chunkVector,
    windows: [unit(i % 8, 8), unit(4 + (i % 4), 8)],
  }));
  await replaceMeetingChunks(db.sql, { ...alice, sources: ["transcript"], model: "m" }, chunks);
  const ids = await idsOf(alice.meetingId);
  const rows = await db.sql<{ chunkId: number; position: number; dims: number; first: number }[]>`
    select chunk_id as "chunkId", position, vector_dims(embedding) as dims, (embedding::real[])[1] as first
    from chunk_windows where chunk_id in ${db.sql(ids)} order by chunk_id, position`;
  expect(rows).toHaveLength(90);
  expect(rows.every((r) => r.dims === 8)).toBe(true);
  // Chunk 8 (i % 8 == 0) holds a window along the first axis, in position 0.
  const eighth = rows.filter((r) => Number(r.chunkId) === ids[8]);
  expect(eighth.map((r) => [r.position, r.first])).toEqual([
    [0, 1],
    [1, 0],
  ]);

  const scores = await scoreChunksByWindows(db.sql, {
    userId: alice.userId,
    chunkIds: ids.slice(0, 10),
    embedding: unit(1, 8),
    model: "m",
  });
  expect(scores[0]).toMatchObject({ id: ids[1]!, score: 1 });
  expect(scores[1]).toMatchObject({ id: ids[9]!, score: 1 });
  expect(scores).toHaveLength(10);
  // Every window's similarity, by position: chunk 1's first window lies along the question, its second across it.
  expect(scores.find((s) => s.id === ids[1])?.windows).toEqual([1, 0]);
  expect(scores.find((s) => s.id === ids[8])?.windows).toEqual([0, 0]);
});

test("another user's chunks and another model's chunks score nothing; windows go with their chunks", async () => {
  const bob = await owner("bob");
  const carol = await owner("carol");
  const window = [unit(2, 8)];
  await replaceMeetingChunks(db.sql, { ...bob, sources: ["transcript"], model: "m" }, [
    { source: "transcript", content: "bob", metadata: {}, embedding: chunkVector, windows: window },
  ]);
  const bobIds = await idsOf(bob.meetingId);
  const ask = (userId: number, model: string) =>
    scoreChunksByWindows(db.sql, { userId, chunkIds: bobIds, embedding: unit(2, 8), model });
  expect(await ask(carol.userId, "m")).toEqual([]);
  expect(await ask(bob.userId, "other-model")).toEqual([]);
  expect(await ask(bob.userId, "m")).toHaveLength(1);

  // Replaced: the old chunk's windows are gone with it.
  await replaceMeetingChunks(db.sql, { ...bob, sources: ["transcript"], model: "m" }, [
    { source: "transcript", content: "bob again", metadata: {}, embedding: chunkVector },
  ]);
  const [left] = await db.sql<{ n: number }[]>`
    select count(*)::int as n from chunk_windows where chunk_id in ${db.sql(bobIds)}`;
  expect(left!.n).toBe(0);
  expect(
    await scoreChunksByWindows(db.sql, { userId: bob.userId, chunkIds: [], embedding: unit(2, 8), model: "m" }),
  ).toEqual([]);
});
