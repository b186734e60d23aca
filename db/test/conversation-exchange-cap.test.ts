// Exchanges stored at once into an almost full conversation: exactly as many as fit are kept there, and the others
// are told so (undefined), whatever the interleaving, so the caller can save them elsewhere.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { appendExchange, MAX_CONVERSATION_MESSAGES } from "../src/queries/conversations";
import { createTestDatabase } from "../src/testing";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

test("three exchanges at once into a conversation with room for one: one is kept, two are refused", async () => {
  const [user] = await db.sql<{ id: number }[]>`
    insert into users (username, password) values ('talker', 'x') returning id`;
  const [conversation] = await db.sql<{ id: number }[]>`
    insert into conversations (user_id, title) values (${user!.id}, 'Long talk') returning id`;
  await db.sql`insert into conversation_messages (conversation_id, role, content)
    select ${conversation!.id}, case when n % 2 = 1 then 'user' else 'assistant' end, 'Message ' || n
    from generate_series(1, ${MAX_CONVERSATION_MESSAGES - 2}) as n`;
  const exchange = (i: number) => ({ question: `Question ${i}?`, answer: `Answer ${i}.`, sources: [], found: true });
  const stored = await Promise.all(
    [1, 2, 3].map((i) => appendExchange(db.sql, user!.id, conversation!.id, `Question ${i}?`, exchange(i))),
  );
  expect(stored.filter((id) => id !== undefined).map(Number)).toEqual([Number(conversation!.id)]);
  const [kept] = await db.sql<{ count: number }[]>`
    select count(*)::int as count from conversation_messages where conversation_id = ${conversation!.id}`;
  expect(kept?.count).toBe(MAX_CONVERSATION_MESSAGES);
});
