// The chunks' full-text index keeps no pending list (migration 025): a GIN index with one merges the pending entries
// inside whichever insert fills it, and that one statement holds the embedded database many times longer than the rest.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src";
import { createTestDatabase } from "../src/testing";

let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.close();
});

test("the chunks' full-text index is written directly, without a pending list", async () => {
  const [index] = await db.sql<{ options: string[] | null }[]>`
    select reloptions as options from pg_class where relname = 'chunks_tsv_idx'`;
  expect(index?.options ?? []).toContain("fastupdate=off");
});
