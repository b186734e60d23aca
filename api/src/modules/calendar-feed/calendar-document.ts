import type { FeedMeetingRow } from "@cm/db/queries/calendar-feed";
import ical, { ICalEventStatus } from "ical-generator";

/** A meeting without a known length shows as an hour. */
const DEFAULT_MINUTES = 60;
/** Calendar apps are asked to refresh the feed this often. */
const REFRESH_SECONDS = 3600;

/** The summary's opening in the event: a calendar shows a short description best. */
const DESCRIPTION_CHARS = 600;

/**
 * The user's meetings as an iCalendar document (RFC 5545): planned ones and those already held. Each event holds the
 * title, client, date (and time when known), status and the meeting's link; the summary's opening only when the user
 * chose to include summaries. A meeting whose time of day is not known is a whole-day event, not one at a made-up hour.
 */
export function buildCalendarDocument(
  meetings: FeedMeetingRow[],
  options: { appUrl: string; host: string; includeSummaries: boolean },
): string {
  const calendar = ical({ name: "Clearminute meetings", prodId: "//Clearminute//Meetings//EN", ttl: REFRESH_SECONDS });
  for (const meeting of meetings) {
    const minutes = meeting.duration ? Math.max(1, Math.round(meeting.duration / 60)) : DEFAULT_MINUTES;
    const url = `${options.appUrl}/meetings/${meeting.id}`;
    const summary = options.includeSummaries ? meeting.executiveSummary?.trim() : undefined;
    const description = [
      `Client: ${meeting.clientName}`,
      meeting.status === "Scheduled" ? "Planned meeting" : `Status: ${meeting.status}`,
      summary ? (summary.length > DESCRIPTION_CHARS ? `${summary.slice(0, DESCRIPTION_CHARS)}…` : summary) : "",
      url,
    ]
      .filter(Boolean)
      .join("\n\n");
    calendar.createEvent({
      id: `meeting-${meeting.id}@${options.host}`,
      ...(meeting.timeKnown
        ? { start: meeting.date, end: new Date(meeting.date.getTime() + minutes * 60_000) }
        : { start: meeting.date, allDay: true }),
      stamp: meeting.updatedAt,
      lastModified: meeting.updatedAt,
      summary: `${meeting.title} · ${meeting.clientName}`,
      description,
      url,
      status: meeting.status === "Scheduled" ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
