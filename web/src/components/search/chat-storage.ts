// The Meeting Intelligence conversation on screen, kept in sessionStorage, so following a citation to a meeting and
// coming back to /search finds it as it was (scrolled where it was). Session storage: per tab, gone when the tab
// closes; "New Chat" clears it. The conversation itself is saved on the server (GET /api/conversations): this copy
// remembers which one is open (its id) and spares a request on the way back.

import type { Source } from "@cm/api/models";
import { isRecord, tabStorage } from "../../lib/tab-storage";
import type { ChatMessageData } from "./chat-message";

export const CHAT_STORAGE_KEY = "meetingIntelligenceChat";
/** The search route accepts at most 200 history messages of 20,000 characters. */
const MAX_MESSAGES = 200;
const MAX_CONTENT = 20_000;

export interface StoredConversation {
  /** True after the first successful answer: later searches send the conversation as history. */
  started: boolean;
  messages: ChatMessageData[];
  /** Where the page was scrolled when the user left it. */
  scrollY?: number;
  /** The saved conversation on the server it continues (POST /api/search `conversationId`). */
  conversationId?: number;
}

interface SerializedMessage {
  role: "user" | "assistant";
  content: string;
  timestamp: string;
  sources?: Source[];
}

function readSource(v: unknown): Source | null {
  if (!isRecord(v)) return null;
  const { meetingId, title, date, client, snippet } = v;
  if (typeof meetingId !== "number" || !Number.isSafeInteger(meetingId) || meetingId < 1) return null;
  if (typeof title !== "string" || typeof date !== "string" || typeof client !== "string") return null;
  if (Number.isNaN(new Date(date).getTime())) return null;
  return { meetingId, title, date, client, snippet: typeof snippet === "string" ? snippet : "" };
}

function readMessage(v: unknown): ChatMessageData | null {
  if (!isRecord(v)) return null;
  const { role, content, timestamp, sources } = v;
  if (role !== "user" && role !== "assistant") return null;
  if (typeof content !== "string" || content.length > MAX_CONTENT || typeof timestamp !== "string") return null;
  const time = new Date(timestamp);
  if (Number.isNaN(time.getTime())) return null;
  const message: ChatMessageData = { role, content, timestamp: time };
  if (Array.isArray(sources)) message.sources = sources.map(readSource).filter((s): s is Source => s !== null);
  return message;
}

/** The stored conversation, or null when there is none or it cannot be read (anything unexpected is ignored). */
export function loadConversation(): StoredConversation | null {
  const raw = tabStorage()?.getItem(CHAT_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || !Array.isArray(parsed.messages)) return null;
    const messages = parsed.messages
      .slice(-MAX_MESSAGES)
      .map(readMessage)
      .filter((m): m is ChatMessageData => m !== null);
    if (!messages.length) return null;
    const scrollY = typeof parsed.scrollY === "number" && Number.isFinite(parsed.scrollY) ? parsed.scrollY : undefined;
    const id = parsed.conversationId;
    const conversationId = typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : undefined;
    return { started: parsed.started === true, messages, scrollY, conversationId };
  } catch {
    return null;
  }
}

export function saveConversation(conversation: StoredConversation) {
  const store = tabStorage();
  if (!store) return;
  if (!conversation.messages.length) {
    clearConversation();
    return;
  }
  const serialized: { started: boolean; messages: SerializedMessage[]; scrollY?: number; conversationId?: number } = {
    started: conversation.started,
    messages: conversation.messages.slice(-MAX_MESSAGES).map((m) => ({
      role: m.role,
      content: m.content,
      timestamp: m.timestamp.toISOString(),
      ...(m.sources ? { sources: m.sources } : {}),
    })),
    ...(conversation.scrollY !== undefined ? { scrollY: conversation.scrollY } : {}),
    ...(conversation.conversationId !== undefined ? { conversationId: conversation.conversationId } : {}),
  };
  try {
    store.setItem(CHAT_STORAGE_KEY, JSON.stringify(serialized));
  } catch {
    // quota or privacy mode: the conversation just is not kept
  }
}

/** Records the scroll position of a kept conversation (nothing when there is none). */
export function saveScrollPosition(scrollY: number) {
  const saved = loadConversation();
  if (saved) saveConversation({ ...saved, scrollY });
}

export function clearConversation() {
  try {
    tabStorage()?.removeItem(CHAT_STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}
