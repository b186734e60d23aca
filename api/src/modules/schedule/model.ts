import { type Static, t } from "elysia";
import { BodyId, SingleLine } from "../common-model";

/** POST /api/meetings/schedule: a planned meeting (status "Scheduled") that a later upload attaches its recording to. */
export const ScheduleMeetingBody = t.Object({
  clientId: BodyId,
  title: SingleLine({ maxLength: 300 }),
  /** ISO 8601 date-time: the day and time chosen, in the advisor's time zone. */
  date: t.String({ maxLength: 40 }),
});
export type ScheduleMeetingBody = Static<typeof ScheduleMeetingBody>;

/** A next meeting a summary named with a date that has no meeting on the calendar yet: one click plans it. */
export const ScheduleSuggestion = t.Object({
  clientId: t.Integer(),
  clientName: t.String(),
  /** yyyy-MM-dd, as the summary named it. */
  date: t.String(),
  /** "HH:mm", when the meeting said a time. */
  time: t.Optional(t.String()),
  topics: t.Array(t.String()),
  /** The title a planned meeting from it gets. */
  title: t.String(),
  /** The meeting whose summary named it. */
  meetingId: t.Integer(),
  meetingTitle: t.String(),
});
export type ScheduleSuggestion = Static<typeof ScheduleSuggestion>;

export const ScheduleSuggestionList = t.Array(ScheduleSuggestion);
export type ScheduleSuggestionList = Static<typeof ScheduleSuggestionList>;
