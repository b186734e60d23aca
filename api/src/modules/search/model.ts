import { type Static, t } from "elysia";
import { BodyId, TextBlock } from "../common-model";

/** A meeting an answer came from (spec: answers cite their meetings). */
export const Source = t.Object({
  meetingId: t.Integer(),
  title: t.String(),
  date: t.String(),
  client: t.String(),
  snippet: t.String(),
});
export type Source = Static<typeof Source>;

/**
 * The answer as markdown with the meetings it cites. `found` is false when nothing in the meetings answers the
 * question: the answer says so, `sources` is empty, and the page shows the "Search Issue" toast. (Optional in the
 * model so a client reading an older server still type-checks; the server always sends it.)
 */
export const SearchAnswer = t.Object({
  result: t.String(),
  sources: t.Array(Source),
  found: t.Optional(t.Boolean()),
  /**
   * How sure the answer is (issue 38): "answer" leads with a fact; "passages" says it is not sure and shows the
   * closest passages as they were said; "nothing" found nothing (as `found: false`). Optional in the model like
   * `found`; the server always sends it.
   */
  confidence: t.Optional(t.Union([t.Literal("answer"), t.Literal("passages"), t.Literal("nothing")])),
  /**
   * True when the answer stopped before the model finished (its length cap, or a stream that broke off): the text
   * ends with a note saying it is incomplete. Absent when the answer is whole.
   */
  cut: t.Optional(t.Boolean()),
  /** The saved conversation the exchange was stored in (GET /api/conversations/{id}). */
  conversationId: t.Optional(t.Integer()),
});
export type SearchAnswer = Static<typeof SearchAnswer>;

export const ChatTurn = t.Object({
  role: t.Union([t.Literal("user"), t.Literal("assistant")]),
  content: TextBlock({ maxLength: 20_000 }),
});
export type ChatTurn = Static<typeof ChatTurn>;

export const SearchBody = t.Object({
  query: TextBlock({ maxLength: 2000 }),
  conversationHistory: t.Optional(t.Array(ChatTurn, { maxItems: 200 })),
  /** Continue this saved conversation (its kept messages are the history when none is sent); without it, a new one. */
  conversationId: t.Optional(BodyId),
});
export type SearchBody = Static<typeof SearchBody>;

/**
 * With `Accept: text/event-stream` the answer streams as server-sent events, each `data` one JSON text: `sources`
 * (Source[]), then `delta` (a JSON string, the next piece of the answer) as often as one comes, then `done`
 * (SearchAnswer), or `error` (`{ message }`) when the AI service fails midway.
 */
export const SearchEvent = t.Union([
  t.Object({ event: t.Literal("sources"), data: t.Array(Source) }),
  t.Object({ event: t.Literal("delta"), data: t.String() }),
  t.Object({ event: t.Literal("done"), data: SearchAnswer }),
  t.Object({ event: t.Literal("error"), data: t.Object({ message: t.String() }) }),
]);
export type SearchEvent = Static<typeof SearchEvent>;

/** 200: the JSON answer, or (streamed) one event at a time. */
export const SearchReply = t.Union([SearchAnswer, SearchEvent]);
export type SearchReply = Static<typeof SearchReply>;
