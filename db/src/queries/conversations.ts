import type { Sql } from "../client";

// Saved Meeting Intelligence conversations (migration 014): a conversation is the user's; its messages are reached
// only through it, so every query here is scoped by the conversation's user.

export interface ConversationSummaryRow {
  id: number;
  title: string;
  createdAt: Date;
  /** Last activity: when its newest exchange was stored. */
  updatedAt: Date;
  messageCount: number;
}

export interface StoredSource {
  meetingId: number;
  title: string;
  date: string;
  client: string;
  snippet: string;
}

export interface ConversationMessageRow {
  role: "user" | "assistant";
  content: string;
  sources: StoredSource[];
  found: boolean | null;
  createdAt: Date;
}

/** The user's conversations, most recent activity first. */
export async function listConversations(sql: Sql, userId: number, limit = 100): Promise<ConversationSummaryRow[]> {
  return sql<ConversationSummaryRow[]>`
    select c.id, c.title, c.created_at as "createdAt", c.updated_at as "updatedAt",
      (select count(*)::int from conversation_messages m where m.conversation_id = c.id) as "messageCount"
    from conversations c where c.user_id = ${userId}
    order by c.updated_at desc, c.id desc
    limit ${limit}`;
}

export async function findConversation(
  sql: Sql,
  userId: number,
  id: number,
): Promise<ConversationSummaryRow | undefined> {
  const [row] = await sql<ConversationSummaryRow[]>`
    select c.id, c.title, c.created_at as "createdAt", c.updated_at as "updatedAt",
      (select count(*)::int from conversation_messages m where m.conversation_id = c.id) as "messageCount"
    from conversations c where c.user_id = ${userId} and c.id = ${id}`;
  return row;
}

/** A conversation's messages in the order they were said (the last `limit` of them). */
export async function listConversationMessages(
  sql: Sql,
  userId: number,
  id: number,
  limit = 200,
): Promise<ConversationMessageRow[]> {
  const rows = await sql<ConversationMessageRow[]>`
    select * from (
      select m.id, m.role, m.content, m.sources, m.found, m.created_at as "createdAt"
      from conversation_messages m join conversations c on c.id = m.conversation_id
      where c.user_id = ${userId} and c.id = ${id}
      order by m.id desc limit ${limit}
    ) last order by id`;
  return rows.map(({ role, content, sources, found, createdAt }) => ({
    role,
    content,
    sources: Array.isArray(sources) ? sources : [],
    found,
    createdAt,
  }));
}

export interface NewExchange {
  question: string;
  answer: string;
  sources: StoredSource[];
  found: boolean;
}

/** Conversations kept per user: saving a new one past it removes those with the oldest activity. */
export const MAX_CONVERSATIONS_PER_USER = 500;
/** Messages one conversation holds at most (100 exchanges). */
export const MAX_CONVERSATION_MESSAGES = 200;

/**
 * Stores a question and its answer: in the given conversation (when it is the user's and has room for the exchange:
 * else undefined is returned and nothing is written), or in a new one titled `title` when no id is given, which removes the user's conversations
 * with the oldest activity past MAX_CONVERSATIONS_PER_USER. Returns the conversation's id.
 */
export async function appendExchange(
  sql: Sql,
  userId: number,
  conversationId: number | undefined,
  title: string,
  exchange: NewExchange,
): Promise<number | undefined> {
  return sql.begin(async (tx) => {
    // A new conversation locks its user's row first: two saved at once then count each other, never one too many.
    if (conversationId === undefined) await tx`select id from users where id = ${userId} for no key update`;
    const [row] =
      conversationId === undefined
        ? await tx<
            { id: number }[]
          >`insert into conversations (user_id, title) values (${userId}, ${title}) returning id`
        : await tx<{ id: number }[]>`update conversations set updated_at = now()
            where user_id = ${userId} and id = ${conversationId} returning id`;
    if (!row) return undefined;
    if (conversationId !== undefined) {
      // The update holds the conversation's row: an exchange stored meanwhile is counted here, never one too many.
      const [kept] = await tx<{ count: number }[]>`
        select count(*)::int as count from conversation_messages where conversation_id = ${row.id}`;
      if ((kept?.count ?? 0) + 2 > MAX_CONVERSATION_MESSAGES) return undefined;
    } else {
      // The new one is kept whatever the clocks say; of the others, the newest by last activity.
      await tx`delete from conversations where id in (
        select id from conversations where user_id = ${userId} and id <> ${row.id}
        order by updated_at desc, id desc offset ${MAX_CONVERSATIONS_PER_USER - 1})`;
    }
    await tx`insert into conversation_messages (conversation_id, role, content, sources, found) values
      (${row.id}, 'user', ${exchange.question}, '[]', null),
      (${row.id}, 'assistant', ${exchange.answer}, ${tx.json(exchange.sources as never)}, ${exchange.found})`;
    return row.id;
  });
}

export async function deleteConversation(sql: Sql, userId: number, id: number): Promise<boolean> {
  const rows = await sql`delete from conversations where user_id = ${userId} and id = ${id} returning id`;
  return rows.length > 0;
}

/** Which of these meetings the user still has: a saved answer does not link to a meeting deleted since. */
export async function existingMeetingIds(sql: Sql, userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await sql<{ id: number }[]>`select id from meetings where user_id = ${userId} and id = any(${ids})`;
  return new Set(rows.map((r) => r.id));
}
