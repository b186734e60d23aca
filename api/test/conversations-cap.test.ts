// Saved conversations are capped per account: the 501st removes the one with the oldest activity, and nothing of
// another account's is touched.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { MAX_CONVERSATION_MESSAGES, MAX_CONVERSATIONS_PER_USER } from "@cm/db/queries/conversations";
import { json } from "./auth-helpers";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

/** `count` saved conversations with one exchange each, the first the least recently used. */
async function fillConversations(userId: number, count: number) {
  const sql = server.ctx.db.sql;
  await sql`insert into conversations (user_id, title, created_at, updated_at)
    select ${userId}, 'Old question ' || n, now() - make_interval(days => ${count} - n + 1),
      now() - make_interval(days => ${count} - n + 1)
    from generate_series(1, ${count}) as n`;
  await sql`insert into conversation_messages (conversation_id, role, content)
    select id, 'user', title from conversations where user_id = ${userId}`;
}

const titlesOf = async (userId: number) =>
  (await server.ctx.db.sql<{ title: string }[]>`select title from conversations where user_id = ${userId}`).map(
    (row) => row.title,
  );

async function ask(cookie: string, query: string, conversationId?: number) {
  const response = await server.fetch(
    "/api/search",
    json({ query, ...(conversationId ? { conversationId } : {}) }, cookie),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { conversationId: number };
}

describe(`at most ${MAX_CONVERSATIONS_PER_USER} saved conversations per account`, () => {
  test("a new one past the cap removes the one with the oldest activity, with its messages", async () => {
    const advisor = await createSignedInUser(server.ctx.db.sql, "prolific");
    const neighbour = await createSignedInUser(server.ctx.db.sql, "neighbour");
    await fillConversations(advisor.id, MAX_CONVERSATIONS_PER_USER);
    await fillConversations(neighbour.id, 3);

    const { conversationId } = await ask(advisor.cookie, "What did we agree about the bonds?");
    const titles = await titlesOf(advisor.id);
    expect(titles).toHaveLength(MAX_CONVERSATIONS_PER_USER);
    expect(titles).toContain("What did we agree about the bonds?");
    expect(titles).not.toContain("Old question 1");
    expect(titles).toContain("Old question 2");
    const [orphans] = await server.ctx.db.sql<{ count: number }[]>`
      select count(*)::int as count from conversation_messages m
      where not exists (select 1 from conversations c where c.id = m.conversation_id)`;
    expect(orphans?.count).toBe(0);

    // Continuing a conversation removes nothing; another account keeps all of its own.
    await ask(advisor.cookie, "And the pension?", conversationId);
    expect(await titlesOf(advisor.id)).toHaveLength(MAX_CONVERSATIONS_PER_USER);
    expect(await titlesOf(neighbour.id)).toHaveLength(3);
  });

  test("questions saved at once still leave exactly the cap", async () => {
    const advisor = await createSignedInUser(server.ctx.db.sql, "hurried");
    await fillConversations(advisor.id, MAX_CONVERSATIONS_PER_USER - 1);
    await Promise.all([1, 2, 3].map((i) => ask(advisor.cookie, `Parallel question ${i}?`)));
    const titles = await titlesOf(advisor.id);
    expect(titles).toHaveLength(MAX_CONVERSATIONS_PER_USER);
    for (const i of [1, 2, 3]) expect(titles).toContain(`Parallel question ${i}?`);
    expect(titles).not.toContain("Old question 1");
    expect(titles).not.toContain("Old question 2");
  });
});

describe(`at most ${MAX_CONVERSATION_MESSAGES} messages in one conversation`, () => {
  test("questions asked at once into an almost full conversation fill it to the cap; none is lost", async () => {
    const sql = server.ctx.db.sql;
    const advisor = await createSignedInUser(sql, "chatty");
    const [conversation] = await sql<{ id: number }[]>`
      insert into conversations (user_id, title) values (${advisor.id}, 'Long talk') returning id`;
    await sql`insert into conversation_messages (conversation_id, role, content)
      select ${conversation!.id}, case when n % 2 = 1 then 'user' else 'assistant' end, 'Message ' || n
      from generate_series(1, ${MAX_CONVERSATION_MESSAGES - 2}) as n`;
    const replies = await Promise.all(
      [1, 2, 3].map(async (i) => {
        const response = await server.fetch(
          "/api/search",
          json({ query: `Question ${i}?`, conversationId: conversation!.id }, advisor.cookie),
        );
        return {
          status: response.status,
          body: (await response.json()) as { conversationId?: number; message?: string },
        };
      }),
    );
    // A question that finds the conversation full is refused before it is answered, saying so (how many do depends
    // on how the three interleave); one answered while another filled it is saved in a new conversation.
    for (const reply of replies) {
      expect([200, 409]).toContain(reply.status);
      if (reply.status === 409)
        expect(reply.body.message).toBe("This conversation is full. Start a new chat to ask more.");
    }
    const answered = replies.filter((reply) => reply.status === 200);
    expect(answered.length).toBeGreaterThan(0);
    const counts = await sql<{ id: number; count: number }[]>`
      select c.id, count(m.id)::int as count from conversations c
      left join conversation_messages m on m.conversation_id = c.id
      where c.user_id = ${advisor.id} group by c.id`;
    const long = counts.find((row) => Number(row.id) === Number(conversation!.id));
    expect(long?.count).toBe(MAX_CONVERSATION_MESSAGES);
    // Every answered exchange is kept: the one that fitted, and the others in conversations of their own.
    expect(counts.reduce((sum, row) => sum + row.count, 0)).toBe(MAX_CONVERSATION_MESSAGES - 2 + 2 * answered.length);
    expect(new Set(answered.map((reply) => reply.body.conversationId)).size).toBe(answered.length);
  });
});
