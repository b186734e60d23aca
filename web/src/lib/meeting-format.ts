import { format, parseISO } from "date-fns";

import { readLocalDay } from "./local-day";

export { statusLabel, statusTone } from "./meeting-status";

export const isPending = (status: string) => status === "Uploaded" || status === "Processing";

/**
 * A planned meeting (POST /api/meetings/schedule): on the calendar, waiting for its recording. Shown as-is with the
 * yellow badge, as the spec shows statuses it does not name.
 */
export const SCHEDULED_STATUS = "Scheduled";
export const isScheduled = (status: string) => status === SCHEDULED_STATUS;
/** What a list shows for a planned meeting instead of a summary. */
export const PLANNED_PREVIEW = "Planned meeting: its recording is not uploaded yet.";

/** First n sentences, split on ". " as the spec says. */
export function firstSentences(text: string, n = 3): string {
  const parts = text.trim().split(". ");
  const head = parts.slice(0, n).join(". ");
  return parts.length > n && !head.endsWith(".") ? `${head}.` : head;
}

/** Preview: first three sentences of the executive summary, else the start of the transcript. */
export function summaryPreview(
  meeting: { executive_summary: string | null; transcript_preview: string | null },
  transcriptChars: number,
  fallback: string,
): string {
  if (meeting.executive_summary?.trim()) return firstSentences(meeting.executive_summary);
  if (meeting.transcript_preview?.trim()) return meeting.transcript_preview.slice(0, transcriptChars);
  return fallback;
}

export const formatLongDate = (iso: string) => format(new Date(iso), "MMMM d, yyyy");
export const formatShortDate = (iso: string) => format(new Date(iso), "MMM d, yyyy");

/** A next-meeting day ("2027-02-18") in words; other text (legacy "Date:" lines) is shown as written. */
export function formatNextMeetingDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? format(parseISO(date), "MMMM d, yyyy") : date;
}

/** Client name with the spec's fallbacks: flattened, then nested, then "Client". */
export function clientNameOf(meeting: {
  client_name?: string | null;
  client?: { name?: string | null } | null;
}): string {
  return meeting.client_name || meeting.client?.name || "Client";
}

/**
 * The chosen day at 12:00 local time, so no time zone shifts it to another day (the time is not shown); null when
 * `day` is not a yyyy-MM-dd day.
 */
export function middayIso(day: string): string | null {
  return readLocalDay(day, "12:00")?.toISOString() ?? null;
}

/**
 * The size of a chosen file in MB with 2 decimals (spec: upload modal). A non-empty file under 0.01 MB does not
 * read "0.00 MB": it reads "< 0.01 MB" with its size in KB.
 */
export function formatFileSize(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  if (bytes > 0 && mb < 0.01) return `< 0.01 MB (${Math.max(0.1, bytes / 1024).toFixed(1)} KB)`;
  return `${mb.toFixed(2)} MB`;
}

/** The meeting type the upload modal sends. */
export const UPLOADED_TYPE = "Uploaded";

/**
 * The meeting's time of day ("HH:mm"), or null when none was given. An upload only asks for a day and sends it at
 * 12:00, so that time is made up. `timeKnown`, when the server sends it, says so for any meeting;
 * without it a meeting created by the upload modal (type "Uploaded") has no time.
 */
export function meetingTime(meeting: { date: string; type: string; timeKnown?: boolean | null }): string | null {
  const known = meeting.timeKnown ?? meeting.type !== UPLOADED_TYPE;
  return known ? format(new Date(meeting.date), "HH:mm") : null;
}

/** "March 10, 2026 at 14:30" (the time as the calendar shows it); the day alone when no time was given. */
export function meetingWhen(meeting: { date: string; type: string; timeKnown?: boolean | null }): string {
  const time = meetingTime(meeting);
  return time ? `${formatLongDate(meeting.date)} at ${time}` : formatLongDate(meeting.date);
}
