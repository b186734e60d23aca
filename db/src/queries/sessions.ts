import type { Sql } from "../client";
import { type UserRow, userColumns } from "./users";

export interface SessionData {
  userId: number;
  /** Epoch ms after which the session ends whatever the activity. */
  absoluteExpiry: number;
}

export async function insertSession(
  sql: Sql,
  { sid, data, expire }: { sid: string; data: SessionData; expire: Date },
): Promise<void> {
  await sql`insert into sessions (sid, sess, expire) values (${sid}, ${sql.json(data as never)}, ${expire})`;
}

/** A live session with its user in one round trip: every signed-in request starts with this. */
export async function findLiveSessionUser(
  sql: Sql,
  sid: string,
): Promise<{ sess: SessionData; expire: Date; user: UserRow } | undefined> {
  const [row] = await sql<(UserRow & { sessionData: SessionData; sessionExpire: Date })[]>`
    select ${userColumns(sql)}, s.sess as "sessionData", s.expire as "sessionExpire"
    from sessions s join users on users.id = (s.sess->>'userId')::int
    where s.sid = ${sid} and s.expire > now()`;
  if (!row) return undefined;
  const { sessionData, sessionExpire, ...user } = row;
  return { sess: sessionData, expire: sessionExpire, user };
}

/**
 * The live sessions among `sids`, each with its user, in one round trip: requests that arrive together share it
 * (api/src/modules/auth/session-lookup.ts). Sessions that are gone or expired are absent from the map.
 */
export async function findLiveSessionUsers(
  sql: Sql,
  sids: string[],
): Promise<Map<string, { sess: SessionData; expire: Date; user: UserRow }>> {
  const rows = await sql<(UserRow & { sessionId: string; sessionData: SessionData; sessionExpire: Date })[]>`
    select ${userColumns(sql)}, s.sid as "sessionId", s.sess as "sessionData", s.expire as "sessionExpire"
    from sessions s join users on users.id = (s.sess->>'userId')::int
    where s.sid = any(${sql.array(sids)}) and s.expire > now()`;
  const found = new Map<string, { sess: SessionData; expire: Date; user: UserRow }>();
  for (const { sessionId, sessionData, sessionExpire, ...user } of rows) {
    found.set(sessionId, { sess: sessionData, expire: sessionExpire, user });
  }
  return found;
}

export async function touchSession(sql: Sql, sid: string, expire: Date): Promise<void> {
  await sql`update sessions set expire = ${expire} where sid = ${sid}`;
}

export async function deleteSession(sql: Sql, sid: string): Promise<void> {
  await sql`delete from sessions where sid = ${sid}`;
}

export async function deleteExpiredSessions(sql: Sql): Promise<number> {
  const rows = await sql`delete from sessions where expire <= now() returning sid`;
  return rows.length;
}
