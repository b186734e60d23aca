import type { Sql } from "@cm/db";
import { findMeeting } from "@cm/db/queries/meetings";
import { findNote } from "@cm/db/queries/notes";
import { SCHEDULED_STATUS } from "@cm/db/queries/schedule";
import type { StoredActionItem, StoredNextMeeting } from "@cm/db/queries/summaries";
import { isValid, parseISO } from "date-fns";
import { HttpError, notFound } from "../../http-error";

/** One transcript turn as exports print it. */
export interface DocumentSegment {
  /** Seconds from the start, when known. */
  start: number | null;
  speaker: string | null;
  text: string;
}

/** Everything an export or a follow-up draft says about a meeting: read once, rendered by each format. */
export interface MeetingDocument {
  id: number;
  title: string;
  clientId: number;
  clientName: string;
  date: Date;
  status: string;
  executiveSummary: string | null;
  keyPoints: string[];
  /** What was decided (migration 022); sections show only when there are some. */
  decisions: string[];
  actionItems: StoredActionItem[];
  nextMeeting: StoredNextMeeting | null;
  /** The advisor's own notes ("" when none); null when they were not asked for (they are private by default). */
  notes: string | null;
  /** The transcript's turns (only when asked for; [] otherwise or when there is none). */
  transcript: DocumentSegment[];
  /** When the advisor marked the notes reviewed, and their name then; null while the notes are a draft. */
  review: { at: Date; by: string | null } | null;
  /** The recording consent confirmed before recording or uploading (issue 29); null when none was given. */
  consent: { method: string; note: string | null; at: Date; by: string | null } | null;
}

const PENDING = new Set(["Uploaded", "Processing"]);

/** The refusal for a planned meeting: it has not taken place, so there is nothing to send or file yet. */
export const PLANNED_MEETING_MESSAGE =
  "This meeting has not taken place yet: upload its recording first, then draft the follow-up or export it.";

/**
 * The user's meeting as a document; 404 when it is not theirs, 409 while it is still being processed (a summary
 * and transcript are on their way, and a half-made export or e-mail would say less than the meeting will) or
 * when it is only planned (nothing has happened to write about).
 */
export async function loadMeetingDocument(
  sql: Sql,
  userId: number,
  meetingId: number,
  {
    withTranscript = false,
    withNotes = false,
    conflictMessage,
  }: { withTranscript?: boolean; withNotes?: boolean; conflictMessage: string },
): Promise<MeetingDocument> {
  const row = await findMeeting(sql, userId, meetingId, { wholeTranscript: withTranscript });
  if (!row) throw notFound("Meeting");
  if (PENDING.has(row.status)) throw new HttpError(409, conflictMessage, "conflict");
  if (row.status === SCHEDULED_STATUS) throw new HttpError(409, PLANNED_MEETING_MESSAGE, "planned");
  const note = withNotes ? await findNote(sql, userId, meetingId) : null;
  return {
    id: row.id,
    title: row.title,
    clientId: row.clientId,
    clientName: row.clientName,
    date: row.date,
    status: row.status,
    executiveSummary: row.executiveSummary,
    keyPoints: row.keyPoints.map((point) => point.text),
    decisions: row.decisions.map((decision) => decision.text),
    actionItems: row.actionItems,
    nextMeeting: row.nextMeeting,
    notes: withNotes ? (note?.content ?? "") : null,
    transcript: withTranscript ? transcriptSegments(row.segments, row.fullText) : [],
    review: row.reviewedAt === null ? null : { at: new Date(row.reviewedAt), by: row.reviewedBy },
    consent:
      row.consentMethod === null || row.consentConfirmedAt === null
        ? null
        : {
            method: row.consentMethod,
            note: row.consentNote,
            at: new Date(row.consentConfirmedAt),
            by: row.consentConfirmedBy,
          },
  };
}

/** What an export says under its date, so a reader of the file knows whether a person checked the notes. */
export const DRAFT_NOTICE = "Draft: these notes are not reviewed yet.";

/** "Reviewed by Morgan Reyes on March 10, 2026." or the draft notice. */
export function describeReview(review: MeetingDocument["review"]): string {
  if (!review) return DRAFT_NOTICE;
  const by = review.by?.trim() ? ` by ${review.by.trim()}` : "";
  return `Reviewed${by} on ${formatDocumentDate(review.at)}.`;
}

/**
 * "Consent to record: confirmed by Dana Reyes on March 3, 2026, 10:02 UTC (spoken)." with the advisor's note, or
 * that none was recorded: every export says which.
 */
export function describeConsent(consent: MeetingDocument["consent"]): string {
  if (!consent) return "Consent to record: not recorded in Clearminute.";
  const by = consent.by?.trim() ? ` by ${consent.by.trim()}` : "";
  const at = new Intl.DateTimeFormat("en-US", {
    dateStyle: "long",
    timeStyle: "short",
    hourCycle: "h23",
    timeZone: "UTC",
  }).format(consent.at);
  const note = consent.note?.trim() ? ` Note: ${consent.note.trim().replace(/\s+/g, " ")}` : "";
  return `Consent to record: confirmed${by} on ${at} UTC (${consent.method}).${note}`;
}

/** The stored segments, or the whole text as one turn when none were stored. */
function transcriptSegments(segments: unknown[] | null, fullText: string | null): DocumentSegment[] {
  const turns: DocumentSegment[] = [];
  for (const value of segments ?? []) {
    const segment = value as { start?: unknown; speaker?: unknown; text?: unknown };
    if (typeof segment.text !== "string" || !segment.text.trim()) continue;
    turns.push({
      start: typeof segment.start === "number" && Number.isFinite(segment.start) ? segment.start : null,
      speaker: typeof segment.speaker === "string" && segment.speaker.trim() ? segment.speaker.trim() : null,
      text: segment.text.trim(),
    });
  }
  if (turns.length === 0 && fullText?.trim()) turns.push({ start: null, speaker: null, text: fullText.trim() });
  return turns;
}

/** "March 10, 2026" (the meeting's day in UTC, where the upload form puts local midday). */
export function formatDocumentDate(date: Date): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/** A next-meeting date in words when it is a day (yyyy-MM-dd); free text as written. */
export function formatNextMeetingDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  // date-fns reads "2026-02-30" as no date (Date.UTC rolled it into March).
  const parsed = parseISO(`${date}T00:00:00Z`);
  return isValid(parsed) ? formatDocumentDate(parsed) : date;
}

/** When the next meeting is, as exports and the follow-up say it: "March 3, 2027 at 14:30", or the date alone. */
export function formatNextMeetingWhen(next: StoredNextMeeting & { date: string }): string {
  const day = formatNextMeetingDate(next.date);
  return next.time ? `${day} at ${next.time}` : day;
}

/** "12:05" or "1:02:03" from seconds. */
export function formatTimestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** "Task (Owner, due March 3, 2026)": an action item in one line of plain text. */
export function describeActionItem(item: StoredActionItem): string {
  const owner = item.assignee?.trim() || "Unassigned";
  const due = item.dueDate ? `, due ${formatNextMeetingDate(item.dueDate)}` : "";
  return `${item.task} (${owner}${due})`;
}

/** A long text cut into pieces of at most `max` characters, at a space where there is one (for sliced writing). */
export function cutText(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const space = rest.lastIndexOf(" ", max);
    const cut = space > max / 2 ? space : max;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
