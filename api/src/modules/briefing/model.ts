import { type Static, t } from "elysia";
import { Nullable } from "../common-model";

/** GET /api/clients/{id}/briefing: what to know before the client's next meeting. Dates are ISO 8601. */
export const Briefing = t.Object({
  client: t.Object({ id: t.Integer(), name: t.String(), type: t.String() }),
  /** The client's last meeting with a summary (held by now). */
  lastMeeting: Nullable(
    t.Object({
      id: t.Integer(),
      title: t.String(),
      date: t.String(),
      executiveSummary: t.String(),
      keyPoints: t.Array(t.String()),
    }),
  ),
  /** Action items still open across the client's meetings, newest meeting first. */
  openActionItems: t.Array(
    t.Object({
      /** The task's id (PATCH /api/action-items/{id}); null when read from a summary without one. */
      id: Nullable(t.Integer()),
      task: t.String(),
      assignee: t.String(),
      /** yyyy-MM-dd, when one was set. */
      dueDate: Nullable(t.String()),
      /** The meeting it came from; null for a task added to the client by hand. */
      meetingId: Nullable(t.Integer()),
      meetingTitle: Nullable(t.String()),
    }),
  ),
  /** Topics the last meeting promised for next time (empty when none were said). */
  topics: t.Array(t.String()),
  /**
   * When the next meeting is: the planned meeting's instant when one is on the calendar, else the date the last
   * summary named (yyyy-MM-dd, or free text it could not resolve), else null.
   */
  nextMeetingDate: Nullable(t.String()),
  /** The planned meeting, when one is on the calendar. */
  plannedMeeting: Nullable(t.Object({ id: t.Integer(), title: t.String(), date: t.String() })),
});
export type Briefing = Static<typeof Briefing>;
