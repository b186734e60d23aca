import { type Static, t } from "elysia";
import { Nullable } from "../common-model";

/** GET /api/calendar/feed: whether the user's iCalendar feed is on (its URL is shown only when it is made). */
export const CalendarFeedState = t.Object({
  active: t.Boolean(),
  /** ISO 8601: when the current URL was made; null when there is none. */
  createdAt: Nullable(t.String()),
  /** Whether each event carries the opening of the meeting's summary (off unless the user turns it on). */
  includeSummaries: t.Boolean(),
});
export type CalendarFeedState = Static<typeof CalendarFeedState>;

/** PATCH /api/calendar/feed: the user's choice of whether the feed carries summaries. */
export const CalendarFeedSettings = t.Object({ includeSummaries: t.Boolean() });

/** POST /api/calendar/feed: a new secret URL (any earlier one stops working). Shown once: only its hash is kept. */
export const CalendarFeedCreated = t.Object({
  url: t.String(),
  /** The same feed for apps that take a webcal:// link (Apple Calendar, Outlook). */
  webcalUrl: t.String(),
  createdAt: t.String(),
});
export type CalendarFeedCreated = Static<typeof CalendarFeedCreated>;

/** GET /api/calendar/{token}.ics: the token, with its ".ics". */
export const FeedFileParams = t.Object({ file: t.String({ maxLength: 1000 }) });

/** text/calendar; not JSON. */
export const CalendarText = t.String({ description: "text/calendar (RFC 5545)" });
