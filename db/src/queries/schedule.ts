import type { Sql } from "../client";
import { type CheckedJobFor, insertJob } from "./jobs";
import { type MeetingProvenance, setMeetingProvenance } from "./meeting-consent";
import { decodeNextMeeting } from "./summaries";

// Planned meetings: a meetings row with status 'Scheduled' and no recording, until an upload attaches one.

export const SCHEDULED_STATUS = "Scheduled";

export interface NewPlannedMeeting {
  userId: number;
  clientId: number;
  title: string;
  date: Date;
}

export async function insertPlannedMeeting(sql: Sql, meeting: NewPlannedMeeting): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, type, status, source_kind)
    values (${meeting.userId}, ${meeting.clientId}, ${meeting.title}, ${meeting.date}, 'Meeting', ${SCHEDULED_STATUS},
      'audio')
    returning id`;
  return row!.id;
}

export interface RecordingForPlannedMeeting extends MeetingProvenance {
  userId: number;
  meetingId: number;
  clientId: number;
  title: string;
  date: Date;
  duration: number | null;
  /** "Uploaded" when the upload gave only a day (its time is made up), else the planned meeting's type. */
  type: string;
  sourceKind: "audio" | "transcript";
  audioPath: string;
  audioMime: string;
  /** False when the upload gave only a day. */
  timeKnown: boolean;
}

/**
 * An upload takes the place of a planned meeting: the row gets the recording, the upload's details and status
 * 'Processing', and its processing job, in one transaction. Undefined (nothing written) when the user has no such
 * meeting or it is no longer planned (a second upload raced the first).
 */
export async function attachRecordingToPlannedMeeting(
  sql: Sql,
  recording: RecordingForPlannedMeeting,
  jobFor: CheckedJobFor,
  /** More to write in the same transaction (a resumable upload marked finished with its meeting). */
  onWritten?: (tx: Sql, meetingId: number) => Promise<void>,
): Promise<number | undefined> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ id: number }[]>`
      update meetings set status = 'Processing', client_id = ${recording.clientId}, title = ${recording.title},
        date = ${recording.date}, time_known = ${recording.timeKnown}, duration = ${recording.duration}, type = ${recording.type}, source_kind = ${recording.sourceKind},
        audio_path = ${recording.audioPath}, audio_mime = ${recording.audioMime}, failure_reason = null,
        updated_at = now()
      where user_id = ${recording.userId} and id = ${recording.meetingId} and status = ${SCHEDULED_STATUS}
      returning id`;
    if (!row) return undefined;
    await setMeetingProvenance(tx as unknown as Sql, row.id, recording);
    await insertJob(tx, jobFor(row.id));
    if (onWritten) await onWritten(tx as unknown as Sql, row.id);
    return row.id;
  });
}

export interface PromisedNextMeeting {
  meetingId: number;
  meetingTitle: string;
  meetingDate: Date;
  clientId: number;
  clientName: string;
  /** As the summary wrote it: checked to be a calendar date (yyyy-MM-dd) by the caller. */
  date: string;
  /** "HH:mm", when the meeting said a time. */
  time?: string;
  topics: string[];
}

/**
 * Next meetings the user's summaries named with a date from `fromDay` (yyyy-MM-dd) on, newest meeting first. Dates
 * are compared as text: the summaries store them as yyyy-MM-dd, and that sorts as the calendar does.
 */
export async function listPromisedNextMeetings(
  sql: Sql,
  userId: number,
  fromDay: string,
  limit = 200,
): Promise<PromisedNextMeeting[]> {
  const rows = await sql<(Omit<PromisedNextMeeting, "topics" | "date"> & { nextMeeting: unknown })[]>`
    select m.id as "meetingId", m.title as "meetingTitle", m.date as "meetingDate", c.id as "clientId",
      c.name as "clientName", s.next_meeting as "nextMeeting"
    from meetings m join clients c on c.id = m.client_id join summaries s on s.meeting_id = m.id
    where m.user_id = ${userId} and jsonb_typeof(s.next_meeting -> 'date') = 'string'
      and s.next_meeting ->> 'date' >= ${fromDay} and s.next_meeting ->> 'date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
    order by m.date desc, m.id desc limit ${limit}`;
  return rows.flatMap(({ nextMeeting, ...row }) => {
    const next = decodeNextMeeting(nextMeeting);
    if (!next?.date) return [];
    return [{ ...row, date: next.date, ...(next.time ? { time: next.time } : {}), topics: next.topics }];
  });
}

/** The user's meetings dated from `from` on (any status): a promised date that already has one is not offered. */
export async function listMeetingDatesFrom(sql: Sql, userId: number, from: Date) {
  return sql<{ id: number; clientId: number; date: Date }[]>`
    select id, client_id as "clientId", date from meetings where user_id = ${userId} and date >= ${from}
    order by date limit 5000`;
}
