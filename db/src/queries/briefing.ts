import type { Sql } from "../client";
import { decodeNextMeeting, type StoredNextMeeting } from "./summaries";

// "Prepare for next meeting" on a client's row: what the client's last summarised meeting said, and the meeting
// planned next. Scoped to the user through the meetings' owner.

export interface LastSummarisedMeeting {
  id: number;
  title: string;
  date: Date;
  executiveSummary: string;
  keyPoints: unknown;
  nextMeeting: StoredNextMeeting | null;
}

/**
 * The client's most recent meeting that took place and has a summary. Held is read from the status, not the date:
 * a recording uploaded this morning without a start time is stored at midday.
 */
export async function findLastSummarisedMeeting(
  sql: Sql,
  userId: number,
  clientId: number,
): Promise<LastSummarisedMeeting | undefined> {
  const [row] = await sql<(Omit<LastSummarisedMeeting, "nextMeeting"> & { nextMeeting: unknown })[]>`
    select m.id, m.title, m.date, s.executive_summary as "executiveSummary", s.key_points as "keyPoints",
      s.next_meeting as "nextMeeting"
    from meetings m join summaries s on s.meeting_id = m.id
    where m.user_id = ${userId} and m.client_id = ${clientId} and m.status <> 'Scheduled'
    order by m.date desc, m.id desc limit 1`;
  return row && { ...row, nextMeeting: decodeNextMeeting(row.nextMeeting) };
}

export interface PlannedMeeting {
  id: number;
  title: string;
  date: Date;
}

/** The client's next planned meeting (status 'Scheduled', from now on), if one is on the calendar. */
export async function findNextPlannedMeeting(
  sql: Sql,
  userId: number,
  clientId: number,
): Promise<PlannedMeeting | undefined> {
  const [row] = await sql<PlannedMeeting[]>`
    select m.id, m.title, m.date from meetings m
    where m.user_id = ${userId} and m.client_id = ${clientId} and m.status = 'Scheduled' and m.date >= now()
    order by m.date, m.id limit 1`;
  return row;
}
