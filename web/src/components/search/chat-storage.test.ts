import "../../../test/setup-dom";
import { afterEach, expect, test } from "bun:test";
import { CHAT_STORAGE_KEY, clearConversation, loadConversation, saveConversation } from "./chat-storage";

afterEach(() => clearConversation());

const messages = [
  { role: "user" as const, content: "When was my last meeting?", timestamp: new Date("2026-05-04T10:00:00Z") },
  { role: "assistant" as const, content: "On May 4.", timestamp: new Date("2026-05-04T10:00:02Z"), sources: [] },
];

test("the saved conversation's id is kept with the messages, so coming back continues it", () => {
  saveConversation({ started: true, messages, conversationId: 42 });
  expect(loadConversation()).toMatchObject({ started: true, conversationId: 42 });
  saveConversation({ started: true, messages });
  expect(loadConversation()?.conversationId).toBeUndefined();
});

test("an id that is not a positive whole number is ignored, the messages are still read", () => {
  for (const conversationId of [-1, 0, 1.5, "7", null, 2 ** 60]) {
    sessionStorage.setItem(
      CHAT_STORAGE_KEY,
      JSON.stringify({
        started: true,
        conversationId,
        messages: messages.map((m) => ({ ...m, timestamp: m.timestamp.toISOString() })),
      }),
    );
    const loaded = loadConversation();
    expect(loaded?.messages.length).toBe(2);
    expect(loaded?.conversationId).toBeUndefined();
  }
});
