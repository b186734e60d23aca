import type { Sql } from "../client";

/**
 * The data version (migration 006) of each live session's user, for the sessions among `sessionKeys` (stored session
 * keys, i.e. hashed ids) that still exist and have not expired: a key missing from the answer has signed out.
 * One query for every open live stream of a process.
 */
export async function readLiveSessionVersions(sql: Sql, sessionKeys: string[]): Promise<Map<string, number>> {
  if (sessionKeys.length === 0) return new Map();
  const rows = await sql<{ sid: string; version: string | number }[]>`
    select s.sid, u.data_version as version
    from sessions s join users u on u.id = (s.sess->>'userId')::int
    where s.sid = any(${sessionKeys}) and s.expire > now()`;
  return new Map(rows.map((row) => [row.sid, Number(row.version)]));
}
