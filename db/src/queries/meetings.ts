import type { Sql } from "../client";
import { handTasksOfMeeting, LIST_ACTION_ITEMS } from "./action-items";
import { type CheckedJobFor, holdMeetingJobsForDelete, insertJob } from "./jobs";
import { CONFIRMED_BY_NAME, type MeetingProvenance, setMeetingProvenance } from "./meeting-consent";
import { retryOnDeadlock } from "./retry-on-deadlock";
import { STATEMENT_TARGET_MS, StatementBatches } from "./statement-batches";
import {
  decodeActionItems,
  decodeNextMeeting,
  decodePoints,
  possibleOf,
  type StoredActionItem,
  type StoredNextMeeting,
  type SummaryPoint,
} from "./summaries";
import { readWholeTranscript } from "./transcript-pages";
import { removeTranscriptRowsInBatches } from "./transcript-removal";

export interface MeetingListRow {
  id: number;
  title: string;
  clientId: number;
  clientName: string;
  clientType: string;
  /** ISO 8601 in UTC with milliseconds, as Date.toISOString() writes it. */
  date: string;
  /** False when only the day was given: the time of day in `date` is made up (migration 021). */
  timeKnown: boolean;
  duration: number | null;
  type: string;
  status: string;
  failureReason: string | null;
  /** ISO 8601 in UTC with milliseconds. */
  createdAt: string;
  /** In lists, the summary's opening (its first four ". " parts: lists show three sentences). */
  executiveSummary: string | null;
  /** The first three action items (decoded by ./summaries.ts). */
  firstActionItems: StoredActionItem[] | null;
  actionItemCount: number;
  nextMeeting: StoredNextMeeting | null;
  /** First 200 characters of the transcript: lists never carry whole transcripts. */
  transcriptPreview: string | null;
  /** When the advisor marked the notes reviewed (ISO 8601 in lists, as the other dates), and the account's name then. */
  reviewedAt: string | Date | null;
  reviewedBy: string | null;
}

export interface MeetingFilters {
  clientId?: number;
  /** Meetings on or after this instant. */
  from?: Date;
  /** Meetings before this instant. */
  to?: Date;
  /** Keyset pagination: only meetings after this one in the list order (date desc, id desc). */
  after?: { date: Date; id: number };
  limit?: number;
}

/**
 * A page of the user's meetings, newest first. Postgres writes the page as one JSON text: decoding some 800 column
 * values a page in postgres.js (a Buffer.toString and a Date parse each) was half of the route's CPU under load
 * (api/bench/load.ts), where one JSON.parse of the page costs a tenth of that.
 */
export async function listMeetings(sql: Sql, userId: number, filters: MeetingFilters = {}): Promise<MeetingListRow[]> {
  // The page itself is the inner query, so its plan stays the index walk it was before the JSON wrapping.
  const [row] = await sql<{ page: string }[]>`
    select coalesce(json_agg(p), '[]')::text as page
    from (
      select m.id, m.title, m.client_id as "clientId", c.name as "clientName", c.type as "clientType", m.date,
        coalesce(m.time_known, m.type <> 'Uploaded') as "timeKnown", m.duration, m.type, m.status,
        m.failure_reason as "failureReason", m.created_at as "createdAt",
        s.list_summary as "executiveSummary",
        -- Without a summary (a planned meeting) the tasks added by hand are the meeting's action items.
        case when s.meeting_id is null then (select jsonb_agg(jsonb_build_object('id', h.id, 'task', h.task,
            'assignee', h.assignee, 'dueDate', h.due_date::text, 'status', h.status) order by h.position, h.id)
          from (select a.id, a.task, a.assignee, a.due_date, a.status, a.position from action_items a
            where a.meeting_id = m.id and a.by_hand order by a.position, a.id limit ${LIST_ACTION_ITEMS}) h)
          else s.first_action_items end as "firstActionItems",
        case when s.meeting_id is null
          then (select count(*)::int from action_items a where a.meeting_id = m.id and a.by_hand)
          else coalesce(s.action_item_count, 0) end as "actionItemCount",
        s.next_meeting as "nextMeeting",
        s.reviewed_at as "reviewedAt", s.reviewed_by as "reviewedBy",
        -- The transcript's start stands in for a summary not written yet: looked up only then.
        case when s.meeting_id is null then (select t.preview from transcripts t where t.meeting_id = m.id) end
          as "transcriptPreview"
      from meetings m
      join clients c on c.id = m.client_id
      left join summaries s on s.meeting_id = m.id
      where m.user_id = ${userId}
        ${filters.clientId === undefined ? sql`` : sql`and m.client_id = ${filters.clientId}`}
        ${filters.from === undefined ? sql`` : sql`and m.date >= ${filters.from}`}
        ${filters.to === undefined ? sql`` : sql`and m.date < ${filters.to}`}
        ${filters.after === undefined ? sql`` : sql`and (m.date, m.id) < (${filters.after.date}, ${filters.after.id})`}
      order by m.date desc, m.id desc
      limit ${filters.limit ?? 50}
    ) p`;
  const page = JSON.parse(row!.page) as MeetingListRow[];
  // Postgres writes timestamps as "2026-03-10T10:00:00.123456+00:00": the API speaks Date.toISOString().
  for (const item of page) {
    item.date = new Date(item.date).toISOString();
    item.createdAt = new Date(item.createdAt).toISOString();
    if (item.reviewedAt !== null) item.reviewedAt = new Date(item.reviewedAt).toISOString();
    if (item.firstActionItems !== null) item.firstActionItems = decodeActionItems(item.firstActionItems);
    item.nextMeeting = decodeNextMeeting(item.nextMeeting);
  }
  return page;
}

export interface MeetingDetailRow extends Omit<MeetingListRow, "date" | "createdAt"> {
  date: Date;
  createdAt: Date;
  audioPath: string | null;
  sourceKind: string;
  /** The summary's parts, decoded by ./summaries.ts ([] / null without a summary). */
  keyPoints: SummaryPoint[];
  decisions: SummaryPoint[];
  actionItems: StoredActionItem[];
  /** Tasks the engine was not sure of (migration 037); absent when none. */
  possibleActionItems?: StoredActionItem[];
  fullText: string | null;
  segments: unknown[] | null;
  /** Which engines made the transcript and the summary (migration 011; null when not recorded). */
  transcriptEngine: string | null;
  summaryEngine: string | null;
  /** The parts the advisor edited, and those the latest new draft changed (migration 024). */
  editedParts: string[];
  redraftedParts: string[];
  /** How the meeting came and its recording consent (migration 029); null for meetings made before. */
  source: string | null;
  consentMethod: string | null;
  consentNote: string | null;
  consentConfirmedAt: Date | null;
  /** The confirming user's name (or e-mail) now; null when that account is gone. */
  consentConfirmedBy: string | null;
}

type SummaryParts = "keyPoints" | "decisions" | "actionItems" | "nextMeeting" | "possibleActionItems";

/** Characters of the transcript's text a meeting read carries unless the whole text is asked for. */
export const TRANSCRIPT_OPENING_CHARS = 64_000;

/**
 * One of the user's meetings. Without `wholeTranscript` its transcript is the text's opening and no segments: a long
 * meeting's transcript is 10 MB and more, read in ranges (./transcript-pages.ts); exports ask for the whole.
 */
export async function findMeeting(
  sql: Sql,
  userId: number,
  id: number,
  { wholeTranscript = false }: { wholeTranscript?: boolean } = {},
): Promise<MeetingDetailRow | undefined> {
  type Raw = Omit<MeetingDetailRow, SummaryParts> & Record<SummaryParts, unknown>;
  const [row] = await sql<Raw[]>`
    select m.id, m.title, m.client_id as "clientId", c.name as "clientName", c.type as "clientType", m.date,
      coalesce(m.time_known, m.type <> 'Uploaded') as "timeKnown", m.duration, m.type, m.status,
      m.failure_reason as "failureReason", m.created_at as "createdAt",
      m.audio_path as "audioPath", m.source_kind as "sourceKind",
      s.executive_summary as "executiveSummary", s.key_points as "keyPoints", s.decisions,
      s.action_items as "actionItems", coalesce(s.action_item_count, 0) as "actionItemCount",
      s.next_meeting as "nextMeeting", null as "firstActionItems", t.preview as "transcriptPreview",
      s.possible_action_items as "possibleActionItems",
      case when t.meeting_id is not null then coalesce(left((select string_agg(p.text, '' order by p.part)
        from transcript_text_parts p where p.meeting_id = m.id and p.starts_at < ${TRANSCRIPT_OPENING_CHARS}),
        ${TRANSCRIPT_OPENING_CHARS}), '') end as "fullText",
      null as segments, t.engine as "transcriptEngine", s.engine as "summaryEngine",
      s.reviewed_at as "reviewedAt", s.reviewed_by as "reviewedBy",
      coalesce(s.edited_parts, '{}') as "editedParts", coalesce(s.redrafted_parts, '{}') as "redraftedParts",
      m.source, m.consent_method as "consentMethod", m.consent_note as "consentNote",
      m.consent_confirmed_at as "consentConfirmedAt", ${sql.unsafe(CONFIRMED_BY_NAME)} as "consentConfirmedBy"
    from meetings m
    join clients c on c.id = m.client_id
    left join summaries s on s.meeting_id = m.id
    left join transcripts t on t.meeting_id = m.id
    where m.user_id = ${userId} and m.id = ${id}`;
  if (!row) return undefined;
  if (wholeTranscript && row.fullText !== null) {
    // Read in pages after the meeting's row: a 10 MB transcript in one answer held the embedded database for seconds.
    const whole = await readWholeTranscript(sql, id);
    row.fullText = whole.fullText;
    row.segments = whole.segments;
  }
  // Without a summary (a planned meeting) the tasks added by hand are the meeting's action items.
  const actionItems = row.executiveSummary === null ? await handTasksOfMeeting(sql, id) : null;
  const { possibleActionItems, ...found } = row;
  return {
    ...found,
    ...(actionItems ? { actionItemCount: actionItems.length } : {}),
    keyPoints: decodePoints(row.keyPoints),
    decisions: decodePoints(row.decisions),
    actionItems: actionItems ?? decodeActionItems(row.actionItems),
    nextMeeting: decodeNextMeeting(row.nextMeeting),
    ...possibleOf(possibleActionItems),
  };
}

export interface NewMeeting extends MeetingProvenance {
  userId: number;
  clientId: number;
  title: string;
  date: Date;
  duration: number | null;
  type: string;
  status: string;
  sourceKind: "audio" | "transcript";
  audioPath: string | null;
  audioMime: string | null;
  /** False when only the day was given (the stored time of day is made up); left out, the type decides (migration 021). */
  timeKnown?: boolean;
}

/** The meeting row and its processing job in one transaction (no job: a bench's meeting that no worker processes). */
export async function insertMeetingWithJob(
  sql: Sql,
  meeting: NewMeeting,
  jobFor: CheckedJobFor | null,
  /** More to write in the same transaction (a resumable upload marked finished with its meeting). */
  onWritten?: (tx: Sql, meetingId: number) => Promise<void>,
): Promise<number> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, duration, type, status, source_kind, audio_path, audio_mime,
        time_known)
      values (${meeting.userId}, ${meeting.clientId}, ${meeting.title}, ${meeting.date}, ${meeting.duration},
        ${meeting.type}, ${meeting.status}, ${meeting.sourceKind}, ${meeting.audioPath}, ${meeting.audioMime},
        ${meeting.timeKnown ?? null})
      returning id`;
    if (meeting.source || meeting.consent) await setMeetingProvenance(tx as unknown as Sql, row!.id, meeting);
    if (jobFor) await insertJob(tx, jobFor(row!.id));
    if (onWritten) await onWritten(tx as unknown as Sql, row!.id);
    return row!.id;
  });
}

/** Chunk rows removed per statement when a meeting is deleted, sized by the statements' time. */
const CHUNK_DELETES = { initial: 200, max: 2000, targetMs: STATEMENT_TARGET_MS };

/**
 * Removes a meeting's search chunks (their windows and vectors with them) in short statements before the meeting
 * itself: a 10 MB meeting has ~15,000 chunks, whose cascade held the embedded database for seconds. Only the owner's
 * meeting is touched; its term counts go with the meeting.
 */
async function deleteChunksInBatches(sql: Sql, userId: number, id: number): Promise<void> {
  const batches = new StatementBatches(CHUNK_DELETES);
  for (;;) {
    const rows = batches.size;
    const started = performance.now();
    const removed = await sql`delete from chunks where id in (
        select c.id from chunks c join meetings m on m.id = c.meeting_id
        where c.meeting_id = ${id} and m.user_id = ${userId} limit ${rows})`;
    batches.record(Math.max(removed.count, 1), performance.now() - started);
    if (removed.count < rows) break;
  }
}

/**
 * Removes the owner's meeting's bulk rows (segment rows, chunks with their windows, text parts) in short statements,
 * so the cascade of the delete that follows (of the meeting, or of its client) carries none of them. Its jobs are
 * stopped first: a job still indexing would write chunks while they are removed.
 */
export async function removeMeetingRowsInBatches(sql: Sql, userId: number, id: number): Promise<void> {
  await holdMeetingJobsForDelete(sql, userId, id);
  const owned = sql`exists (select 1 from meetings m where m.id = ${id} and m.user_id = ${userId})`;
  await removeTranscriptRowsInBatches(sql, id, owned);
  await deleteChunksInBatches(sql, userId, id);
}

/** Deletes a meeting and everything hanging off it; returns its audio path for removal. */
export async function deleteMeeting(
  sql: Sql,
  userId: number,
  id: number,
  /** Runs in the deleting transaction once the meeting is gone (its audit row). */
  onDeleted?: (tx: Sql) => Promise<unknown>,
): Promise<{ deleted: boolean; audioPath: string | null }> {
  await removeMeetingRowsInBatches(sql, userId, id);
  return retryOnDeadlock(() =>
    sql.begin(async (tx) => {
      const rows = await tx<{ audioPath: string | null }[]>`
      delete from meetings where user_id = ${userId} and id = ${id} returning audio_path as "audioPath"`;
      if (rows.length === 0) return { deleted: false, audioPath: null };
      const audioPath = rows[0]!.audioPath;
      // Recorded in the same transaction: if removing the file fails now, the sweeper retries.
      if (audioPath) await tx`insert into file_deletions (path) values (${audioPath}) on conflict do nothing`;
      await onDeleted?.(tx as unknown as Sql);
      return { deleted: true, audioPath };
    }),
  );
}

/** Sets a meeting's status; the failure reason is cleared unless given, the duration kept unless given. */
export async function setMeetingStatus(
  sql: Sql,
  {
    meetingId,
    status,
    failureReason,
    duration,
  }: { meetingId: number; status: string; failureReason?: string | null; duration?: number | null },
): Promise<void> {
  await sql`update meetings set status = ${status}, failure_reason = ${failureReason ?? null},
    duration = coalesce(${duration ?? null}, duration), updated_at = now() where id = ${meetingId}`;
}

export async function findMeetingForProcessing(sql: Sql, id: number) {
  const [row] = await sql<
    {
      id: number;
      userId: number;
      clientId: number;
      clientName: string;
      title: string;
      date: Date;
      status: string;
      sourceKind: string;
      audioPath: string | null;
    }[]
  >`select m.id, m.user_id as "userId", m.client_id as "clientId", c.name as "clientName", m.title, m.date, m.status,
      m.source_kind as "sourceKind", m.audio_path as "audioPath"
    from meetings m join clients c on c.id = m.client_id where m.id = ${id}`;
  return row;
}
