import { type Static, t } from "elysia";
import { Source } from "../search/model";

/** A saved Meeting Intelligence conversation in the list: its first question as title, and its last activity. */
export const ConversationItem = t.Object({
  id: t.Integer(),
  title: t.String(),
  /** ISO 8601. */
  createdAt: t.String(),
  /** ISO 8601: when its newest exchange was stored. */
  updatedAt: t.String(),
  messageCount: t.Integer(),
});
export type ConversationItem = Static<typeof ConversationItem>;

export const ConversationList = t.Array(ConversationItem);
export type ConversationList = Static<typeof ConversationList>;

export const ConversationMessage = t.Object({
  role: t.Union([t.Literal("user"), t.Literal("assistant")]),
  content: t.String(),
  /** ISO 8601. */
  timestamp: t.String(),
  /** The meetings an answer cites (still existing ones only); [] for a question. */
  sources: t.Array(Source),
  /** false when nothing in the meetings answered; absent for a question. */
  found: t.Optional(t.Boolean()),
});
export type ConversationMessage = Static<typeof ConversationMessage>;

export const ConversationDetail = t.Composite([ConversationItem, t.Object({ messages: t.Array(ConversationMessage) })]);
export type ConversationDetail = Static<typeof ConversationDetail>;
