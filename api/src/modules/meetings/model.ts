import {
  MeetingSummary,
  SummaryActionItem,
  SummaryNextMeeting,
  SummaryPoint,
  SummarySource,
} from "@cm/db/queries/summary-schema";
import { type Static, t } from "elysia";
import { IdNumber, Nullable } from "../common-model";
import { MAX_PAGE_SIZE } from "./meeting-cursor";
import { TranscriptOpeningParts } from "./transcript-opening-model";

// The summary's parts are the database's one definition (db/src/queries/summary-schema.ts): each item carries its
// transcript moment `source: {segment, start}` when it has one.

/** An action item; every saved summary's items have the task's id (PATCH /api/action-items/{id}) and status. */
export const ActionItem = SummaryActionItem;
export type ActionItem = Static<typeof ActionItem>;

/** `date` is yyyy-MM-dd, or free text when it could not be resolved; `time` "HH:mm" when one was said. */
export const NextMeeting = SummaryNextMeeting;
export type NextMeeting = Static<typeof NextMeeting>;

/** A key point or a decision. */
export { SummaryPoint, SummarySource };

/** Seconds from the start of the recording, when known. */
export const TranscriptSegment = t.Object({
  start: Nullable(t.Number()),
  end: Nullable(t.Number()),
  speaker: Nullable(t.String()),
  text: t.String(),
  /** The speech service was unsure of these words (low average log-probability). */
  lowConfidence: t.Optional(t.Boolean()),
});
export type TranscriptSegment = Static<typeof TranscriptSegment>;

/**
 * A meeting in a list: the flattened and nested variants clients read (client_name, client.name, executive_summary, ...), a summary opening of three sentences,
 * the first action items, and the transcript's start only while there is no summary. Dates are ISO 8601.
 */
export const MeetingListItem = t.Object({
  id: t.Integer(),
  title: t.String(),
  clientId: t.Integer(),
  client_id: t.Integer(),
  client_name: t.String(),
  client: t.Object({ id: t.Integer(), name: t.String(), type: t.String() }),
  date: t.String(),
  /** False when only the day was given (an upload without a start time): the time of day in `date` is made up. */
  timeKnown: t.Boolean(),
  duration: Nullable(t.Number()),
  type: t.String(),
  status: t.String(),
  failureReason: Nullable(t.String()),
  createdAt: t.String(),
  executive_summary: Nullable(t.String()),
  action_items: t.Array(ActionItem),
  action_item_count: t.Integer(),
  next_meeting: Nullable(NextMeeting),
  transcript_preview: Nullable(t.String()),
  /** The advisor marked the notes reviewed (PATCH /api/meetings/{id}/summary); a draft until then. */
  reviewed: t.Boolean(),
  reviewedAt: Nullable(t.String()),
  /** The account's name when the notes were reviewed. */
  reviewedBy: Nullable(t.String()),
});
export type MeetingListItem = Static<typeof MeetingListItem>;

export const MeetingList = t.Array(MeetingListItem);
export type MeetingList = Static<typeof MeetingList>;

/** What a meeting's page adds to a list item: the whole summary and transcript. */
const MeetingDetailParts = t.Object({
  /** A recording to play (GET /api/meetings/{id}/audio); a transcript file is none. */
  hasAudio: t.Boolean(),
  sourceKind: t.String(),
  /** The summary's parts the advisor edited ("executiveSummary", "keyPoints", "decisions", "actionItems", "nextMeeting"). */
  editedParts: t.Array(t.String()),
  /** The parts the latest new draft ("Transcribe again", a retry) changed; the advisor's edited parts are kept. */
  redraftedParts: t.Array(t.String()),
  summary: Nullable(
    t.Composite([
      MeetingSummary,
      t.Object({
        /** Which engine wrote it ("local", "openai:gpt-4o-mini", ...); null when not recorded. */
        engine: Nullable(t.String()),
      }),
    ]),
  ),
  transcript: Nullable(
    t.Object({
      fullText: t.String(),
      segments: t.Array(TranscriptSegment),
      /** Which engine made it ("pocketsphinx", "openai:whisper-1", "transcript-file", ...); null when not recorded. */
      engine: Nullable(t.String()),
      /** Made offline (pocketsphinx): a draft, labelled so on the meeting page. */
      draft: t.Boolean(),
      ...TranscriptOpeningParts,
    }),
  ),
  /**
   * "Transcribe again" is offered (POST /api/meetings/{id}/transcribe): the transcript is a draft, and a speech
   * service is configured now.
   */
  canTranscribeAgain: t.Boolean(),
  /**
   * The advisor's confirmation that everyone present agreed to be recorded (issue 29): how (spoken, written, a note),
   * when, and by whom (the account's name or e-mail, set by the server); null when none was given.
   */
  consent: Nullable(
    t.Object({
      method: t.String(),
      note: Nullable(t.String()),
      confirmedAt: t.String(),
      confirmedBy: Nullable(t.String()),
    }),
  ),
  /** "recording" (recorded in the browser), "upload" (a file), null for meetings made before this was kept. */
  source: Nullable(t.String()),
});

/** One meeting with its whole summary and transcript. */
export const MeetingDetail = t.Composite([MeetingListItem, MeetingDetailParts]);
export type MeetingDetail = Static<typeof MeetingDetail>;

/**
 * The meeting routes' answer model: the typechecker holds the handlers to it, and at run time Elysia only strips
 * fields it does not name. Validating every transcript segment again cost 0.7 ms for a one-hour meeting and 4.5 ms
 * at 5,000 segments (a 1 MB answer), against 0.1 and 0.5 ms for the stripping alone.
 */
export const MeetingDetailAnswer = t.Composite([MeetingListItem, MeetingDetailParts], { noValidate: true });

/**
 * Filters of GET /api/meetings: `date=yyyy-MM-dd` (a UTC day), `from`/`to` (instants), `recentDays=n`,
 * `month=yyyy-MM` (the calendar), `clientId`; `limit` and `cursor` page the list.
 */
export const MeetingListQuery = t.Object({
  clientId: t.Optional(IdNumber),
  date: t.Optional(t.String({ maxLength: 10 })),
  from: t.Optional(t.String({ maxLength: 40 })),
  to: t.Optional(t.String({ maxLength: 40 })),
  recentDays: t.Optional(t.Numeric({ minimum: 1, maximum: 366, multipleOf: 1 })),
  month: t.Optional(t.String({ maxLength: 7 })),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: MAX_PAGE_SIZE, multipleOf: 1 })),
  cursor: t.Optional(t.String({ maxLength: 60 })),
});
export type MeetingListQuery = Static<typeof MeetingListQuery>;

/** The recording's bytes (200, or 206 for a byte range); not JSON. */
export const AudioBytes = t.Unknown({ description: "audio/* bytes" });
