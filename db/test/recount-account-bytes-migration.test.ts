// Migrations 037 and 040 widen rows the byte counter measures whole (a summary's possible action items; a client's
// and a meeting's closed, held and deleting marks). Migrating a database that already holds an account's rows through
// every migration leaves its counter equal to a count from scratch (041 counts every account again).
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { loadMigrations, migrate } from "../src/migrate";
import { createTestDatabase } from "../src/testing";

let db: Database;
let userId: number;

beforeAll(async () => {
  db = await createTestDatabase({ empty: true });
  await migrate(
    db.sql,
    loadMigrations().filter((m) => m.version < "037"),
  );
  const [user] = await db.sql<{ id: number }[]>`insert into users (username, password) values ('u', 'x') returning id`;
  userId = user!.id;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${userId}, 'Lindqvist', 'Estate') returning id`;
  const [meeting] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status)
    values (${userId}, ${client!.id}, 'Estate review', now(), 'Processed') returning id`;
  await db.sql`insert into summaries (meeting_id, executive_summary, key_points, action_items, list_summary)
    values (${meeting!.id}, 'The will was reviewed.', '[]', '[]', 'x')`;
  await migrate(db.sql, loadMigrations());
}, 120_000);
afterAll(async () => {
  await db?.close();
});

test("after every migration the account's byte counter equals a count from scratch", async () => {
  const [usage] = await db.sql<{ counter: number; recount: number }[]>`
    select data_bytes::float8 as counter, cm_count_account_bytes(${userId})::float8 as recount
    from account_usage where user_id = ${userId}`;
  expect(usage!.counter).toBe(usage!.recount);
});
