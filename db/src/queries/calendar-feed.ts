import type { Sql } from "../client";

// Each user's secret iCalendar feed (migration 014). Only the token's sha-256 is stored.

export interface CalendarFeedRow {
  userId: number;
  createdAt: Date;
}

export async function findCalendarFeed(sql: Sql, userId: number): Promise<CalendarFeedRow | undefined> {
  const [row] = await sql<CalendarFeedRow[]>`
    select user_id as "userId", created_at as "createdAt" from calendar_feeds where user_id = ${userId}`;
  return row;
}

/** Makes the user's feed answer to a new token (the old one, if any, stops working). */
export async function replaceCalendarFeed(sql: Sql, userId: number, tokenHash: string): Promise<CalendarFeedRow> {
  const [row] = await sql<CalendarFeedRow[]>`
    insert into calendar_feeds (user_id, token_hash) values (${userId}, ${tokenHash})
    on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = now()
    returning user_id as "userId", created_at as "createdAt"`;
  return row!;
}

export async function revokeCalendarFeed(sql: Sql, userId: number): Promise<boolean> {
  const rows = await sql`delete from calendar_feeds where user_id = ${userId} returning user_id`;
  return rows.length > 0;
}

/** Whose feed this token hash opens, if anyone's. */
export async function findFeedOwner(sql: Sql, tokenHash: string): Promise<number | undefined> {
  const [row] = await sql<
    { userId: number }[]
  >`select user_id as "userId" from calendar_feeds where token_hash = ${tokenHash}`;
  return row?.userId;
}

export interface FeedMeetingRow {
  id: number;
  title: string;
  date: Date;
  /** False when only the day is known: the event is a whole day, not one at a made-up hour. */
  timeKnown: boolean;
  duration: number | null;
  status: string;
  clientName: string;
  executiveSummary: string | null;
  updatedAt: Date;
}

/** The meetings a feed lists: from `from` on (past ones for reference, and everything planned), oldest first. */
export async function listFeedMeetings(sql: Sql, userId: number, from: Date, limit = 2000): Promise<FeedMeetingRow[]> {
  return sql<FeedMeetingRow[]>`
    select m.id, m.title, m.date, coalesce(m.time_known, m.type <> 'Uploaded') as "timeKnown", m.duration, m.status,
      c.name as "clientName",
      s.executive_summary as "executiveSummary", m.updated_at as "updatedAt"
    from meetings m join clients c on c.id = m.client_id left join summaries s on s.meeting_id = m.id
    where m.user_id = ${userId} and m.date >= ${from}
    order by m.date, m.id limit ${limit}`;
}

/** Whether the user's feed carries the meetings' summaries (migration 021; off unless turned on). */
export async function feedIncludesSummaries(sql: Sql, userId: number): Promise<boolean> {
  const [row] = await sql<{ on: boolean }[]>`select calendar_feed_summaries as on from users where id = ${userId}`;
  return row?.on ?? false;
}

export async function setFeedIncludesSummaries(sql: Sql, userId: number, on: boolean): Promise<void> {
  await sql`update users set calendar_feed_summaries = ${on} where id = ${userId}`;
}
