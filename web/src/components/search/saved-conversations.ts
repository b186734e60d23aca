import type { ConversationDetail } from "@cm/api/models";
import { apiRequest } from "../../lib/api-request";
import type { ChatMessageData } from "./chat-message";

/** SWR key of the saved conversations, most recent activity first. */
export const CONVERSATIONS_KEY = "/api/conversations";

/** A saved conversation as the chat shows it. */
export async function fetchSavedConversation(id: number): Promise<{ id: number; messages: ChatMessageData[] }> {
  const detail = await apiRequest<ConversationDetail>("GET", `/api/conversations/${id}`);
  return {
    id: detail.id,
    messages: detail.messages.map((m) => ({
      role: m.role,
      content: m.content,
      timestamp: new Date(m.timestamp),
      ...(m.role === "assistant" ? { sources: m.sources } : {}),
    })),
  };
}

export const deleteSavedConversation = (id: number) => apiRequest("DELETE", `/api/conversations/${id}`);

/**
 * Asks within the saved conversation, or in a new one when it is gone (deleted in another tab: 404) or full (409):
 * the question is answered either way, with the history the page sends.
 */
export async function askInConversation<T>(
  conversationId: number | undefined,
  ask: (conversationId: number | undefined) => Promise<T>,
): Promise<T> {
  try {
    return await ask(conversationId);
  } catch (error) {
    const status = (error as Error).message.slice(0, 4);
    if (conversationId === undefined || (status !== "404:" && status !== "409:")) throw error;
    return ask(undefined);
  }
}
