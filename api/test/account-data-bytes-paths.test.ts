// The byte counter of migration 032 on the tables no route test reaches in full: rows that find their owner through
// a parent (transcript parts and segments, pieces, summaries, a client's tasks, conversation messages), removed by a
// cascade rather than one by one, search chunks (their windows counted with them), and an account deleted with
// everything it had.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "@cm/db";
import { createTestDatabase } from "@cm/db/testing";
import { countedBytes } from "./support/account-limits";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const text = (n: number) => "pension transfer and fees ".repeat(Math.ceil(n / 26)).slice(0, n);
const vector = (dims: number) => `[${Array.from({ length: dims }, (_, i) => ((i % 7) / 7).toFixed(5)).join(",")}]`;

let accounts = 0;
async function account() {
  const { sql } = db;
  const [user] = await sql<{ id: number }[]>`
    insert into users (username, password) values (${`paths${++accounts}`}, 'x') returning id`;
  const [client] = await sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, 'Haddad Estate', 'Trust') returning id`;
  return { userId: user!.id, clientId: client!.id };
}

async function meetingWithEverything(userId: number, clientId: number) {
  const { sql } = db;
  const [meeting] = await sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status) values (${userId}, ${clientId}, 'Review', now(),
      'Processed') returning id`;
  const id = meeting!.id;
  await sql`insert into transcripts (meeting_id, speakers, preview, segment_count) values (${id}, '{Advisor}', 'x', 2)`;
  await sql`insert into transcript_text_parts (meeting_id, part, starts_at, text_length, text)
    values (${id}, 0, 0, 5000, ${text(5000)}), (${id}, 1, 5000, 3000, ${text(3000)})`;
  await sql`insert into transcript_segments (meeting_id, position, segment, text_length)
    values (${id}, 0, ${sql.json({ speaker: "Advisor", text: text(400) })}, 400),
      (${id}, 1, ${sql.json({ speaker: "Client", text: text(300) })}, 300)`;
  await sql`insert into transcript_pieces (meeting_id, piece, start_seconds, end_seconds, segments)
    values (${id}, 0, 0, 30, ${sql.json([{ text: text(200) }])})`;
  await sql`insert into summaries (meeting_id, executive_summary, key_points, action_items)
    values (${id}, ${text(900)}, '[]', '[]')`;
  await sql`insert into action_items (meeting_id, position, task) values (${id}, 0, 'Send the form')`;
  await sql`insert into notes (meeting_id, user_id, content) values (${id}, ${userId}, ${text(2000)})`;
  const [chunk] = await sql<{ id: number }[]>`
    insert into chunks (user_id, meeting_id, client_id, source, content, embedding, window_bytes)
    values (${userId}, ${id}, ${clientId}, 'transcript', ${text(1200)}, ${vector(1536)}::vector, ${2 * (4 * 512 + 16)})
    returning id`;
  await sql`insert into chunk_windows (chunk_id, position, embedding)
    values (${chunk!.id}, 0, ${vector(512)}::vector), (${chunk!.id}, 1, ${vector(512)}::vector)`;
  await sql`insert into follow_ups (meeting_id, user_id, recipients, subject)
    values (${id}, ${userId}, '{a@example.com}', 'Our review')`;
  return id;
}

async function expectCounted(userId: number) {
  const { counter, recount } = await countedBytes(db.sql, userId);
  expect(counter).toBe(recount);
  return counter;
}

test("rows counted through their parent come back when the parent's delete cascades to them", async () => {
  const { userId, clientId } = await account();
  const meetingId = await meetingWithEverything(userId, clientId);
  await db.sql`insert into action_items (client_id, position, task) values (${clientId}, 0, 'Renew the deed')`;
  const full = await expectCounted(userId);
  expect(full).toBeGreaterThan(20_000);

  // Changes of rows found through a parent count too.
  await db.sql`update transcript_text_parts set text = ${text(100)} where meeting_id = ${meetingId} and part = 1`;
  expect(full - (await expectCounted(userId))).toBeGreaterThan(2_800);

  // A chunk deleted alone gives back its windows' bytes with its own; the meeting's delete cascades to the rest.
  const [chunk] = await db.sql<{ bytes: number }[]>`
    select cm_chunk_bytes(c)::int as bytes from chunks c where meeting_id = ${meetingId}`;
  expect(chunk!.bytes).toBeGreaterThan(1200 + 4 * 1536 + 2 * 4 * 512);
  const withChunk = await expectCounted(userId);
  await db.sql`delete from chunks where meeting_id = ${meetingId}`;
  expect(withChunk - (await expectCounted(userId))).toBe(chunk!.bytes);
  await db.sql`delete from meetings where id = ${meetingId}`;
  const clientOnly = await expectCounted(userId);
  await db.sql`delete from clients where id = ${clientId}`;
  expect(clientOnly).toBeGreaterThan(0);
  expect(await expectCounted(userId)).toBe(0);
});

test("conversations and their messages; an account deleted with everything it had", async () => {
  const { userId, clientId } = await account();
  await meetingWithEverything(userId, clientId);
  const [conversation] = await db.sql<{ id: number }[]>`
    insert into conversations (user_id, title) values (${userId}, 'Fees') returning id`;
  await db.sql`insert into conversation_messages (conversation_id, role, content)
    values (${conversation!.id}, 'user', ${text(700)}), (${conversation!.id}, 'assistant', ${text(1500)})`;
  const before = await expectCounted(userId);
  await db.sql`delete from conversations where id = ${conversation!.id}`;
  expect(before - (await expectCounted(userId))).toBeGreaterThan(2_200);

  // Deleting a client deletes its meetings (cascade, without the batched removal the route does first).
  await db.sql`delete from clients where id = ${clientId}`;
  expect(await expectCounted(userId)).toBe(0);

  const other = await account();
  await meetingWithEverything(other.userId, other.clientId);
  await db.sql`delete from users where id = ${other.userId}`;
  const [left] = await db.sql`select count(*)::int as n from account_usage where user_id = ${other.userId}`;
  expect(left!.n).toBe(0);
});
