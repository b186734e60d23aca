import type { Sql } from "../client";
import {
  decodeFacts,
  decodeStoredSummary,
  type StoredSummary,
  type SummaryColumns,
  type SummaryFact,
} from "./summaries";

interface MeetingHeader {
  id: number;
  title: string;
  type: string;
  date: Date;
  clientId: number;
  clientName: string;
}

/** A meeting with its summary (decoded; null before one is written), the facts Meeting Intelligence answers from. */
export interface MeetingFact extends MeetingHeader {
  summary: StoredSummary | null;
}

export interface FactFilters {
  clientIds?: number[];
  meetingIds?: number[];
  from?: Date;
  to?: Date;
  /** Words that must appear in the title or type (any of them). */
  titleWords?: string[];
  /** Only meetings that took place (not planned ones), whatever their date: an upload without a time sits at midday. */
  held?: boolean;
  limit?: number;
  offset?: number;
}

/** The figures of each given meeting's record of facts (migration 042), only of the user's own meetings. */
export async function findRecordFigures(
  sql: Sql,
  userId: number,
  meetingIds: readonly number[],
): Promise<{ meetingId: number; figures: SummaryFact[] }[]> {
  // As many as one question resolves (findMeetingFacts' own limit).
  const ids = meetingIds.slice(0, 50);
  if (ids.length === 0) return [];
  const rows = await sql<{ meetingId: number; figures: unknown }[]>`
    select s.meeting_id as "meetingId",
      (select coalesce(jsonb_agg(f), '[]'::jsonb) from jsonb_array_elements(s.facts) f where f->>'kind' = 'figure')
        as figures
    from summaries s join meetings m on m.id = s.meeting_id
    where m.user_id = ${userId} and s.meeting_id in ${sql(ids)} and jsonb_typeof(s.facts) = 'array'`;
  return rows.map((row) => ({ meetingId: Number(row.meetingId), figures: decodeFacts(row.figures) }));
}

export async function findMeetingFacts(sql: Sql, userId: number, filters: FactFilters = {}): Promise<MeetingFact[]> {
  const words = (filters.titleWords ?? []).filter(Boolean).map((w) => `%${w.replace(/[%_\\]/g, "")}%`);
  const rows = await sql<(MeetingHeader & SummaryColumns)[]>`
    select m.id, m.title, m.type, m.date, m.client_id as "clientId", c.name as "clientName",
      s.executive_summary as "executiveSummary", s.key_points as "keyPoints", s.decisions,
      s.action_items as "actionItems", s.next_meeting as "nextMeeting"
    from meetings m join clients c on c.id = m.client_id
    left join summaries s on s.meeting_id = m.id
    where m.user_id = ${userId}
      ${filters.clientIds ? sql`and m.client_id in ${sql(filters.clientIds.length ? filters.clientIds : [-1])}` : sql``}
      ${filters.meetingIds ? sql`and m.id in ${sql(filters.meetingIds.length ? filters.meetingIds : [-1])}` : sql``}
      ${filters.from ? sql`and m.date >= ${filters.from}` : sql``}
      ${filters.to ? sql`and m.date < ${filters.to}` : sql``}
      ${filters.held ? sql`and m.status <> 'Scheduled'` : sql``}
      ${words.length ? sql`and (m.title ilike any(${words}) or m.type ilike any(${words}))` : sql``}
    order by m.date desc, m.id desc
    limit ${filters.limit ?? 50} offset ${filters.offset ?? 0}`;
  return rows.map(({ executiveSummary, keyPoints, decisions, actionItems, nextMeeting, ...header }) => ({
    ...header,
    summary: decodeStoredSummary({ executiveSummary, keyPoints, decisions, actionItems, nextMeeting }),
  }));
}

export async function listClientNames(sql: Sql, userId: number): Promise<{ id: number; name: string; type: string }[]> {
  return sql`select id, name, type from clients where user_id = ${userId} order by name`;
}

export interface ClientVisit {
  clientId: number;
  clientName: string;
  clientType: string;
  meetings: number;
  lastDate: Date;
  lastMeetingId: number;
  lastTitle: string;
}

/** Clients met in a period (`from` inclusive, `to` exclusive), with how often and when last. */
export async function findClientsMet(
  sql: Sql,
  { userId, from, to }: { userId: number; from: Date; to: Date },
): Promise<ClientVisit[]> {
  return sql<ClientVisit[]>`
    select c.id as "clientId", c.name as "clientName", c.type as "clientType", count(*)::int as meetings,
      max(m.date) as "lastDate",
      (array_agg(m.id order by m.date desc))[1] as "lastMeetingId",
      (array_agg(m.title order by m.date desc))[1] as "lastTitle"
    from meetings m join clients c on c.id = m.client_id
    where m.user_id = ${userId} and m.date >= ${from} and m.date < ${to}
    group by c.id, c.name, c.type
    order by max(m.date) desc`;
}

/** A meeting on the calendar, not yet held: "when is my next meeting with…" answers from these first. */
export interface PlannedMeetingFact extends MeetingHeader {
  /** False when only the day was set. */
  timeKnown: boolean;
}

/** The user's planned meetings from `from` on, soonest first (of the given clients, when given). */
export async function findPlannedMeetings(
  sql: Sql,
  userId: number,
  { clientIds, from, limit = 3 }: { clientIds?: number[]; from: Date; limit?: number },
): Promise<PlannedMeetingFact[]> {
  return sql<PlannedMeetingFact[]>`
    select m.id, m.title, m.type, m.date, m.client_id as "clientId", c.name as "clientName",
      coalesce(m.time_known, true) as "timeKnown"
    from meetings m join clients c on c.id = m.client_id
    where m.user_id = ${userId} and m.status = 'Scheduled' and m.date >= ${from}
      ${clientIds ? sql`and m.client_id in ${sql(clientIds.length ? clientIds : [-1])}` : sql``}
    order by m.date, m.id
    limit ${limit}`;
}
