// The one definition of a meeting summary's shape, as TypeBox (JSON Schema; its descriptions tell a chat model what
// each field holds, ai/src/openai/summary-schema.ts). The database decoder
// (./summaries.ts) returns these types, the API's meeting model embeds these schemas (so Elysia strips by them and
// the web reads `Static` of them through @cm/api/models), and the AI layer's drafts are grounded into them.

import { type SchemaOptions, type Static, Type } from "@sinclair/typebox";

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T, options: SchemaOptions = {}) =>
  Type.Union([schema, Type.Null()], options);

/** The transcript moment an item came from: the segment's index in the transcript and its start, when known. */
export const SummarySource = Type.Object({
  segment: Type.Integer({ minimum: 0 }),
  /** Seconds from the start of the recording; null for transcripts without times. */
  start: Nullable(Type.Number({ minimum: 0 })),
});
export type SummarySource = Static<typeof SummarySource>;

/** A key point or a decision. Stored summaries from before migration 022 held plain strings: they read as `{text}`. */
export const SummaryPoint = Type.Object({
  text: Type.String(),
  source: Type.Optional(SummarySource),
});
export type SummaryPoint = Static<typeof SummaryPoint>;

export const ActionItemStatus = Type.Union([Type.Literal("open"), Type.Literal("done")]);
export type ActionItemStatus = Static<typeof ActionItemStatus>;

export const SummaryActionItem = Type.Object({
  task: Type.String({ description: "What has to be done, as an imperative sentence" }),
  assignee: Type.String({ description: 'Who does it (a name from the meeting), or "Unassigned" when unclear' }),
  /** yyyy-MM-dd, when a deadline was said for this task. */
  dueDate: Type.Optional(Type.String()),
  /** The task's id (PATCH /api/action-items/{id}) and status (migration 013); absent on items not saved yet. */
  id: Type.Optional(Type.Integer()),
  status: Type.Optional(ActionItemStatus),
  source: Type.Optional(SummarySource),
});
export type SummaryActionItem = Static<typeof SummaryActionItem>;

export const SummaryNextMeeting = Type.Object({
  date: Nullable(Type.String(), {
    description: "ISO date yyyy-MM-dd resolved against the meeting date, free text if it cannot be resolved, or null",
  }),
  /** "HH:mm" (24-hour), when a time was said. */
  time: Type.Optional(Type.String({ pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" })),
  topics: Type.Array(Type.String(), { description: "Topics planned for the next meeting" }),
  source: Type.Optional(SummarySource),
});
export type SummaryNextMeeting = Static<typeof SummaryNextMeeting>;

export const MeetingSummary = Type.Object({
  executiveSummary: Type.String(),
  keyPoints: Type.Array(SummaryPoint),
  decisions: Type.Array(SummaryPoint),
  actionItems: Type.Array(SummaryActionItem),
  nextMeeting: Nullable(SummaryNextMeeting),
  /**
   * Tasks the notes engine was not sure of (issue 38, migration 037): shown apart as "Possible action items", each
   * added with one click through POST /api/action-items. Absent where the engine gives none.
   */
  possibleActionItems: Type.Optional(Type.Array(SummaryActionItem)),
});
export type MeetingSummary = Static<typeof MeetingSummary>;

/**
 * One fact of the record a local summary is written from (issue 38, migration 042): its kind, what it is about, the
 * sentence the notes write for it, its transcript moment and its fitted confidence (0 to 1). Stored beside the
 * summary, not part of it: the notes are the advisor's to edit, the record is what the engine read.
 */
export const SummaryFact = Type.Object({
  kind: Type.Union([
    Type.Literal("decision"),
    Type.Literal("commitment"),
    Type.Literal("figure"),
    Type.Literal("next-meeting"),
    Type.Literal("open-question"),
    Type.Literal("topics"),
    Type.Literal("role"),
  ]),
  subject: Type.String(),
  text: Type.String(),
  value: Type.Optional(Type.String()),
  was: Type.Optional(Type.String()),
  period: Type.Optional(Type.String()),
  whose: Type.Optional(Type.String()),
  who: Type.Optional(Type.String()),
  when: Type.Optional(Type.String()),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  source: Type.Optional(SummarySource),
});
export type SummaryFact = Static<typeof SummaryFact>;
