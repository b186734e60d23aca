// Migration 039 on a database with meetings in it: each stored summary becomes its version 1 (the AI's draft when it
// was never edited, "found" when it was), each note its version 1, follow-ups gain their kept-as-sent columns, and
// every account's stored bytes are counted again with the versions (the counter equals a count from scratch).
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { loadMigrations, migrate } from "../src/migrate";
import { createTestDatabase } from "../src/testing";

let db: Database;
let userId: number;
let drafted: number;
let edited: number;

beforeAll(async () => {
  db = await createTestDatabase({ empty: true });
  await migrate(
    db.sql,
    loadMigrations().filter((m) => m.version < "039"),
  );
  const [user] = await db.sql<{ id: number }[]>`insert into users (username, password) values ('u', 'x') returning id`;
  userId = user!.id;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${userId}, 'Okafor', 'Legal') returning id`;
  const meeting = async (title: string, editedParts: string[]) => {
    const [row] = await db.sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, status)
      values (${userId}, ${client!.id}, ${title}, now(), 'Processed') returning id`;
    await db.sql`insert into summaries (meeting_id, executive_summary, key_points, action_items, list_summary,
        edited_parts)
      values (${row!.id}, ${`${title}: the trustees approved the move.`}, '[]', '[]', 'x', ${db.sql.array(editedParts)})`;
    return row!.id;
  };
  drafted = await meeting("Drafted", []);
  edited = await meeting("Edited", ["executiveSummary"]);
  await db.sql`insert into notes (meeting_id, user_id, content) values (${edited}, ${userId}, 'Call the bank.')`;
  await db.sql`insert into follow_ups (meeting_id, user_id, recipients, subject)
    values (${edited}, ${userId}, array['dana@example.com'], 'Our review')`;
  // Through 039 only: a later migration that adds columns changes what the rows measure (its own to recount).
  expect(
    await migrate(
      db.sql,
      loadMigrations().filter((m) => m.version < "040"),
    ),
  ).toContain("039_record_versions_and_sent_emails");
}, 120_000);
afterAll(async () => {
  await db?.close();
});

test("stored summaries and notes become version 1: the AI's draft when never edited, 'found' otherwise", async () => {
  const versions = await db.sql`select meeting_id, kind, version, source, actor_user_id, content from record_versions
    order by meeting_id, kind`;
  expect(versions.map((v) => [v.meeting_id, v.kind, v.version, v.source])).toEqual([
    [drafted, "summary", 1, "ai"],
    [edited, "notes", 1, "found"],
    [edited, "summary", 1, "found"],
  ]);
  expect(versions[0]?.content.executiveSummary).toBe("Drafted: the trustees approved the move.");
  expect(versions[1]?.content).toEqual({ content: "Call the bank." });
});

test("a follow-up sent before keeps its row with empty bodies; the account's bytes are counted again", async () => {
  const [sent] = await db.sql`select body_text, summary_version from follow_ups`;
  expect(sent).toEqual({ body_text: "", summary_version: null });
  const [usage] = await db.sql<{ counter: number; recount: number }[]>`
    select data_bytes::float8 as counter, cm_count_account_bytes(${userId})::float8 as recount
    from account_usage where user_id = ${userId}`;
  expect(usage!.counter).toBe(usage!.recount);
  const [versions] = await db.sql<{ bytes: number }[]>`
    select sum(octet_length(v::text))::float8 as bytes from record_versions v`;
  expect(usage!.counter).toBeGreaterThan(versions!.bytes);
});
