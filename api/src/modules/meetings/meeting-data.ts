import { CONSENT_METHODS, type ConsentMethod, type MeetingSource } from "@cm/db/queries/meeting-consent";
import { DATE_RANGE_TEXT, isInDateRange, readIsoDate } from "../../http/parse-instant";
import { HttpError } from "../../http-error";
import {
  ID_FORMAT_MESSAGE,
  isSingleLine,
  isTextBlock,
  readId,
  SINGLE_LINE_MESSAGE,
  TEXT_BLOCK_MESSAGE,
} from "../common-model";

export interface MeetingData {
  title: string;
  clientId: number;
  date: Date;
  duration: number | null;
  type: string;
  /** False when the upload gave only a day (no start time): the stored time of day is made up. */
  timeKnown: boolean;
  /** A planned meeting (status "Scheduled") the upload takes the place of; null for a new meeting. */
  plannedMeetingId: number | null;
  /** "recording" for a browser recording; an upload otherwise (issue 29). */
  source: MeetingSource;
  /** The advisor's confirmation that everyone present agreed to be recorded; required for a recording. */
  consent: MeetingConsent | null;
}

export interface MeetingConsent {
  method: ConsentMethod;
  note: string | null;
  confirmedAt: Date;
}

export const MAX_CONSENT_NOTE_CHARS = 1000;

/** A browser recording's meetingData without the consent confirmation. */
export const CONSENT_REQUIRED_MESSAGE = "consent: confirm that everyone present agreed to be recorded";

const invalid = (message: string) => new HttpError(400, `validation failed: ${message}`, "validation");

/**
 * Validates the upload's `meetingData` JSON text (title, clientId, date, duration, type, and `timeKnown`: true when
 * the advisor gave a start time; without it an "Uploaded" meeting's time is taken as made up, any other type's as
 * real).
 */
export function parseMeetingData(text: string | undefined): MeetingData {
  if (!text) throw invalid("meetingData is missing: Please fill out all fields before uploading.");
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid("meetingData is not valid JSON");
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw invalid("meetingData must be an object");
  const title = typeof value.title === "string" ? value.title.trim() : "";
  if (!title) throw invalid("title is required");
  if (title.length > 300) throw invalid("title is longer than 300 characters");
  if (!isSingleLine(title)) throw invalid(`title: ${SINGLE_LINE_MESSAGE}`);
  const clientId = readId(value.clientId);
  if (clientId === undefined) throw invalid(`clientId: ${ID_FORMAT_MESSAGE}`);
  const date = readMeetingDate(value.date);
  if (!date) {
    throw new HttpError(
      400,
      `Invalid date format in meetingData: date must be an ISO date-time ${DATE_RANGE_TEXT}`,
      "validation",
    );
  }
  const duration =
    typeof value.duration === "number" && Number.isFinite(value.duration) && value.duration > 0
      ? Math.round(value.duration)
      : null;
  // A type is a name like a title: a CR LF in it reached export headings and calendar lines.
  if (typeof value.type === "string" && !isSingleLine(value.type)) throw invalid(`type: ${SINGLE_LINE_MESSAGE}`);
  const type = typeof value.type === "string" && value.type.trim() ? value.type.trim().slice(0, 60) : "Uploaded";
  const planned = value.meetingId === undefined || value.meetingId === null ? null : readId(value.meetingId);
  if (planned === undefined) throw invalid(`meetingId: ${ID_FORMAT_MESSAGE}`);
  if (value.timeKnown !== undefined && typeof value.timeKnown !== "boolean")
    throw invalid("timeKnown must be true or false");
  const timeKnown = typeof value.timeKnown === "boolean" ? value.timeKnown : type !== "Uploaded";
  const source = parseSource(value.source);
  const consent = parseConsent(value.consent, date);
  if (source === "recording" && !consent) throw invalid(CONSENT_REQUIRED_MESSAGE);
  return {
    title,
    clientId,
    date,
    timeKnown,
    duration,
    type,
    plannedMeetingId: planned,
    source,
    consent,
  };
}

function parseSource(value: unknown): MeetingSource {
  if (value === undefined || value === null || value === "upload") return "upload";
  if (value === "recording") return "recording";
  throw invalid("source must be recording or upload");
}

/** The meeting's date: ISO 8601 text or milliseconds since 1970, inside the accepted range. */
function readMeetingDate(value: unknown): Date | undefined {
  if (typeof value === "string") return readIsoDate(value);
  if (typeof value !== "number") return undefined;
  const date = new Date(value);
  return isInDateRange(date) ? date : undefined;
}

/** A consent is confirmed at the meeting: one dated more than a day before the meeting's date is a mistake. */
const CONSENT_EARLIEST_BEFORE_MS = 24 * 3600 * 1000;

/**
 * `consent: { method, note?, confirmedAt }`; absent or null is no confirmation. Who confirmed is the server's to say.
 * `confirmedAt` lies between a day before the meeting's date and now (a clock ahead of the server's is taken as now).
 */
function parseConsent(value: unknown, meetingDate: Date): MeetingConsent | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "object" || Array.isArray(value)) throw invalid("consent must be an object");
  const consent = value as Record<string, unknown>;
  const method = consent.method;
  if (typeof method !== "string" || !(CONSENT_METHODS as readonly string[]).includes(method))
    throw invalid("consent.method must be spoken, written or note");
  let note: string | null = null;
  if (consent.note !== undefined && consent.note !== null) {
    if (typeof consent.note !== "string") throw invalid("consent.note must be text");
    if (!isTextBlock(consent.note)) throw invalid(`consent.note: ${TEXT_BLOCK_MESSAGE}`);
    if (consent.note.length > MAX_CONSENT_NOTE_CHARS)
      throw invalid(`consent.note is longer than ${MAX_CONSENT_NOTE_CHARS} characters`);
    note = consent.note.trim() || null;
  }
  const at = typeof consent.confirmedAt === "string" ? readIsoDate(consent.confirmedAt) : undefined;
  if (!at) throw invalid(`consent.confirmedAt must be an ISO date-time ${DATE_RANGE_TEXT}`);
  if (at.getTime() < meetingDate.getTime() - CONSENT_EARLIEST_BEFORE_MS) {
    throw invalid("consent.confirmedAt is more than a day before the meeting: consent is confirmed at the meeting");
  }
  // A clock ahead of the server's does not date a confirmation in the future.
  const confirmedAt = at.getTime() > Date.now() ? new Date() : at;
  return { method: method as ConsentMethod, note, confirmedAt };
}
