// Counts per account (issue 37), read under the account's advisory lock, the lock upload admission takes: a write
// checked here is made in the same transaction as its check, so two requests at once cannot both slip under a
// count, and uploads and other writes of one account take turns. Bytes the account holds in the database are kept
// in account_usage by triggers (migration 032).
import type { Sql } from "../client";
import { rateLimitDigest } from "./rate-limits";
import { countMeetingsWithHeld, lockAccount } from "./upload-quotas";

/** A limit's value; undefined: that limit is off. */
export interface AccountLimits {
  meetings: number | undefined;
  clients: number | undefined;
  /** Characters (UTF-16 units, as the browser counts them) of one note. */
  noteCharacters: number | undefined;
  /** Action items of one meeting, or of one client's own tasks. */
  actionItemsPerMeeting: number | undefined;
  contactsPerClient: number | undefined;
  creationsPerMinute: number | undefined;
}

/** Runs `work` in one transaction holding the account's lock: checks inside it see every earlier write. */
export async function underAccountLock<T>(sql: Sql, userId: number, work: (tx: Sql) => Promise<T>): Promise<T> {
  return (await sql.begin(async (tx) => {
    await lockAccount(tx, userId);
    return work(tx as unknown as Sql);
  })) as T;
}

/** Bytes the account's rows take in the database (migration 032); 0 for an account without a row yet. */
export async function readDataBytes(sql: Sql, userId: number): Promise<number> {
  const [row] = await sql<{ bytes: number }[]>`
    select greatest(data_bytes, 0)::float8 as bytes from account_usage where user_id = ${userId}`;
  return row?.bytes ?? 0;
}

/** Meetings of the account, planned ones included, and uploads admitted whose meeting is being written. */
export async function countMeetings(sql: Sql, userId: number): Promise<number> {
  return countMeetingsWithHeld(sql, userId);
}

export async function countClients(sql: Sql, userId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from clients where user_id = ${userId}`;
  return row!.n;
}

/** Action items of the user's meeting or client (undefined when it is not theirs). */
export async function countActionItems(
  sql: Sql,
  userId: number,
  target: { meetingId: number } | { clientId: number },
): Promise<number | undefined> {
  const [row] =
    "meetingId" in target
      ? await sql<{ n: number }[]>`
          select (select count(*)::int from action_items a where a.meeting_id = m.id) as n
          from meetings m where m.id = ${target.meetingId} and m.user_id = ${userId}`
      : await sql<{ n: number }[]>`
          select (select count(*)::int from action_items a where a.client_id = c.id) as n
          from clients c where c.id = ${target.clientId} and c.user_id = ${userId}`;
  return row?.n;
}

/** Bytes of the user's note on a meeting as counted (its text), 0 when there is none yet, and whether it exists. */
export async function findNoteBytes(sql: Sql, userId: number, meetingId: number) {
  const [row] = await sql<{ bytes: number }[]>`
    select octet_length(content)::int as bytes from notes where user_id = ${userId} and meeting_id = ${meetingId}`;
  return { exists: row !== undefined, bytes: row?.bytes ?? 0 };
}

/** Hits counted in a rate window now (rate_limits, ./rate-limits.ts) without adding one, and when it closes. */
export async function readRateWindow(
  sql: Sql,
  target: { scope: string; key: string },
): Promise<{ count: number; closesAt: Date | null }> {
  const [row] = await sql<{ count: number; closesAt: Date }[]>`
    select count, expires_at as "closesAt" from rate_limits
    where scope = ${target.scope} and key = ${rateLimitDigest(target.key)} and expires_at > now()`;
  return row ? { count: row.count, closesAt: row.closesAt } : { count: 0, closesAt: null };
}
