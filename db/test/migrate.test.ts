import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Database, DatabaseStartError } from "../src/client";
import { loadMigrations, migrate } from "../src/migrate";
import { createTestDatabase } from "../src/testing";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

test("every migration is recorded and a second run applies nothing", async () => {
  const rows = await db.sql<{ version: string }[]>`select version from schema_migrations order by version`;
  expect(rows.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version));
  expect(await migrate(db.sql)).toEqual([]);
});

test("two concurrent migrators apply each migration once", async () => {
  const results = await Promise.all([migrate(db.sql), migrate(db.sql)]);
  expect(results.flat()).toEqual([]);
});

test("the spec's tables exist with their constraints", async () => {
  const tables = await db.sql<{ table_name: string }[]>`
    select table_name from information_schema.tables where table_schema = 'public'`;
  const names = tables.map((t) => t.table_name);
  for (const t of [
    "users",
    "clients",
    "meetings",
    "transcripts",
    "summaries",
    "notes",
    "verification_codes",
    "sessions",
    "chunks",
    "jobs",
    "payments",
  ]) {
    expect(names).toContain(t);
  }
  const [user] = await db.sql<
    { id: number }[]
  >`insert into users (username, password, email) values ('Ann', 'x', 'ann@example.com') returning id`;
  await expect(
    db.sql`insert into users (username, password, email) values ('ann', 'x', 'other@example.com')`,
  ).rejects.toThrow(/duplicate/);
  await expect(
    db.sql`insert into users (username, password, email) values ('bob', 'x', 'ANN@example.com')`,
  ).rejects.toThrow(/duplicate/);
  const [client] = await db.sql<
    { id: number }[]
  >`insert into clients (user_id, name, type) values (${user!.id}, 'Acme', 'Legal') returning id`;
  const [meeting] = await db.sql<
    { id: number }[]
  >`insert into meetings (user_id, client_id, title, date, status) values (${user!.id}, ${client!.id}, 'Kickoff', now(), 'Processed') returning id`;
  await db.sql`insert into notes (meeting_id, user_id, content) values (${meeting!.id}, ${user!.id}, 'a')`;
  await expect(
    db.sql`insert into notes (meeting_id, user_id, content) values (${meeting!.id}, ${user!.id}, 'b')`,
  ).rejects.toThrow(/duplicate/);
  await db.sql`delete from clients where id = ${client!.id}`;
  const [left] = await db.sql<{ n: number }[]>`select count(*)::int as n from meetings`;
  expect(left!.n).toBe(0);
});

test("chunks support a filtered cosine kNN and full-text match", async () => {
  const [user] = await db.sql<
    { id: number }[]
  >`insert into users (username, password) values ('knn', 'x') returning id`;
  const vec = (i: number) => `[${Array.from({ length: 1536 }, (_, j) => (j === i ? 1 : 0.001)).join(",")}]`;
  for (let i = 0; i < 5; i++) {
    await db.sql`insert into chunks (user_id, source, content, embedding) values (${user!.id}, 'note', ${`rebalance portfolio number ${i}`}, ${vec(i)}::vector)`;
  }
  const near = await db.sql<{ content: string }[]>`
    select content from chunks where user_id = ${user!.id} order by embedding <=> ${vec(3)}::vector limit 1`;
  expect(near[0]?.content).toBe("rebalance portfolio number 3");
  const text = await db.sql`select id from chunks where tsv @@ websearch_to_tsquery('english', 'portfolios')`;
  expect(text.length).toBe(5);
});

test("a server without pgvector stops start-up with what to do, in PostgreSQL's own words", async () => {
  // What PostgreSQL 15 answers to `create extension vector` when pgvector is not installed.
  const missing = Object.assign(
    new Error(
      'could not open extension control file "/usr/share/postgresql/15/extension/vector.control": No such file or directory',
    ),
    { name: "PostgresError", code: "58P01" },
  );
  const server = {
    begin: async () => {
      throw missing;
    },
  } as unknown as Parameters<typeof migrate>[0];
  const error = await migrate(server).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DatabaseStartError);
  const message = (error as Error).message;
  expect(message).toContain("no pgvector extension");
  expect(message).toContain("bash db/scripts/install-pgvector.sh");
  expect(message).toContain("unset DATABASE_URL");
  // Any other failure is not dressed up as a missing extension.
  const other = { begin: async () => Promise.reject(new Error("permission denied for schema public")) };
  const plain = await migrate(other as unknown as Parameters<typeof migrate>[0]).catch((e: unknown) => e);
  expect(plain).not.toBeInstanceOf(DatabaseStartError);
});
