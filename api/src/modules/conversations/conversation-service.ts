import type { Sql } from "@cm/db";
import {
  appendExchange,
  type ConversationSummaryRow,
  existingMeetingIds,
  findConversation,
  listConversationMessages,
  listConversations,
  MAX_CONVERSATION_MESSAGES,
} from "@cm/db/queries/conversations";
import { HttpError, notFound } from "../../http-error";
import type { ChatTurn, SearchAnswer } from "../search/model";
import type { ConversationDetail, ConversationItem } from "./model";

/** A list title: the first question on one line, shortened. */
const TITLE_CHARS = 80;

/** A conversation holds at most this many messages (100 exchanges); then a new chat is asked for. */
export { MAX_CONVERSATION_MESSAGES };

export function conversationTitle(question: string): string {
  const line = question.replace(/\s+/g, " ").trim();
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1).trimEnd()}…` : line || "Conversation";
}

export const presentConversation = (row: ConversationSummaryRow): ConversationItem => ({
  id: row.id,
  title: row.title,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  messageCount: row.messageCount,
});

export async function listUserConversations(sql: Sql, userId: number): Promise<ConversationItem[]> {
  return (await listConversations(sql, userId)).map(presentConversation);
}

export async function getUserConversation(sql: Sql, userId: number, id: number): Promise<ConversationDetail> {
  const conversation = await findConversation(sql, userId, id);
  if (!conversation) throw notFound("Conversation");
  const messages = await listConversationMessages(sql, userId, id, MAX_CONVERSATION_MESSAGES);
  const cited = [...new Set(messages.flatMap((m) => m.sources.map((s) => s.meetingId)))];
  const existing = await existingMeetingIds(sql, userId, cited);
  return {
    ...presentConversation(conversation),
    messages: messages.map((m) => ({
      role: m.role,
      content: m.content,
      timestamp: m.createdAt.toISOString(),
      sources: m.sources.filter((s) => existing.has(s.meetingId)),
      ...(m.found === null ? {} : { found: m.found }),
    })),
  };
}

/**
 * Checked before a question is answered: the conversation is the user's (else 404) and has room for another
 * exchange (else 409). Answers the messages kept so far, which stand in for history the request did not send.
 */
export async function openConversation(sql: Sql, userId: number, id: number) {
  const conversation = await findConversation(sql, userId, id);
  if (!conversation) throw notFound("Conversation");
  if (conversation.messageCount + 2 > MAX_CONVERSATION_MESSAGES) {
    throw new HttpError(409, "This conversation is full. Start a new chat to ask more.", "conflict");
  }
  return listConversationMessages(sql, userId, id, MAX_CONVERSATION_MESSAGES);
}

/**
 * Stores an answered question in its conversation (a new one without an id) and answers the conversation's id.
 * An empty answer is not a message the page shows, so it is not kept either (the id is answered unchanged).
 */
export async function recordExchange(
  sql: Sql,
  userId: number,
  conversationId: number | undefined,
  question: string,
  answer: SearchAnswer,
): Promise<number | undefined> {
  if (!answer.result.trim()) return conversationId;
  const id = await appendExchange(sql, userId, conversationId, conversationTitle(question), {
    question,
    answer: answer.result,
    sources: answer.sources,
    found: answer.found !== false,
  });
  // Deleted while it was being answered (in another tab), or filled by questions asked at the same time: the exchange
  // starts a new conversation instead, so no answer is lost.
  if (id === undefined) return recordExchange(sql, userId, undefined, question, answer);
  return id;
}

/**
 * The history a question is answered with: what the request sent, else (when it names a saved conversation) the
 * messages kept in it. Throws 404 for a conversation that is not the user's before anything is answered.
 */
export async function historyForQuestion(
  sql: Sql,
  userId: number,
  body: { conversationId?: number; conversationHistory?: ChatTurn[] },
): Promise<ChatTurn[]> {
  if (body.conversationId === undefined) return body.conversationHistory ?? [];
  const kept = await openConversation(sql, userId, body.conversationId);
  return body.conversationHistory ?? kept.map((m) => ({ role: m.role, content: m.content }));
}
