// Chunk sentences (migration 043): each chunk's candidate sentences' vectors, stored with it by digest; read back to the
// bit, only the user's own and only of the given model; counted in the account's bytes; replaced and removed with the
// chunk.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import type { Database } from "../src/client";
import { findSentenceVectors, replaceMeetingChunks } from "../src/queries/chunks";
import { createTestDatabase } from "../src/testing";
import { meetingOwner } from "./support/meeting-owner";

let db: Database;
const chunkVector = Array.from({ length: 1536 }, (_, i) => (i === 0 ? 1 : 0));
const digest = (text: string) => createHash("sha256").update(text).digest().subarray(0, 16);
const hex = (text: string) => Buffer.from(digest(text)).toString("hex");
/** A vector of 4-byte floats whose shortest decimals are not their exact values (0.1 is not a float). */
const floats = (seed: number) => Array.from({ length: 512 }, (_, i) => Math.fround(Math.sin(seed + i) / 7));

const owner = (name: string) => meetingOwner(db.sql, name);

const bytesOf = async (userId: number) =>
  Number((await db.sql<{ n: number }[]>`select data_bytes as n from account_usage where user_id = ${userId}`)[0]!.n);

const chunkSaying = (sentences: string[], seed: number) => ({
  source: "transcript" as const,
  content: sentences.join(" "),
  metadata: {},
  embedding: chunkVector,
  sentences: sentences.map((text, i) => ({ digest: digest(text), vector: floats(seed + i) })),
});

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

test("a chunk's sentences are found by their digest, each vector exactly as it was written", async () => {
  const alice = await owner("alice");
  // 30 chunks (more than one statement of chunks), two of them sharing a sentence.
  const chunks = Array.from({ length: 30 }, (_, i) => chunkSaying([`Sentence ${i}.`, "The fee is $3,900."], i * 10));
  await replaceMeetingChunks(db.sql, { ...alice, sources: ["transcript"], model: "m" }, chunks);
  const found = await findSentenceVectors(db.sql, {
    userId: alice.userId,
    model: "m",
    digests: [hex("Sentence 7."), hex("The fee is $3,900."), hex("Never said.")],
  });
  expect([...found.keys()].sort()).toEqual([hex("Sentence 7."), hex("The fee is $3,900.")].sort());
  expect(found.get(hex("Sentence 7."))).toEqual(floats(70));
  expect(found.get(hex("The fee is $3,900."))).toHaveLength(512);
  expect((await findSentenceVectors(db.sql, { userId: alice.userId, model: "m", digests: [] })).size).toBe(0);
});

test("another user's and another model's sentences are not found; they count, and go, with their chunk", async () => {
  const bob = await owner("bob");
  const carol = await owner("carol");
  const before = await bytesOf(bob.userId);
  await replaceMeetingChunks(db.sql, { ...bob, sources: ["transcript"], model: "m" }, [
    chunkSaying(["Bob's only sentence."], 1),
  ]);
  const withSentence = await bytesOf(bob.userId);
  const look = (userId: number, model: string) =>
    findSentenceVectors(db.sql, { userId, model, digests: [hex("Bob's only sentence.")] });
  expect((await look(carol.userId, "m")).size).toBe(0);
  expect((await look(bob.userId, "other-model")).size).toBe(0);
  expect((await look(bob.userId, "m")).size).toBe(1);

  // The same chunk without its sentence counts its vector (512 four-byte floats) less.
  await replaceMeetingChunks(db.sql, { ...bob, sources: ["transcript"], model: "m" }, [
    { ...chunkSaying(["Bob's only sentence."], 1), sentences: [] },
  ]);
  expect(withSentence - (await bytesOf(bob.userId))).toBeGreaterThanOrEqual(4 * 512);
  expect(withSentence - before).toBeGreaterThan(4 * 512);
  const [left] = await db.sql<
    { n: number }[]
  >`select count(*)::int as n from chunk_sentences where user_id = ${bob.userId}`;
  expect(left!.n).toBe(0);
  expect((await look(bob.userId, "m")).size).toBe(0);
});
