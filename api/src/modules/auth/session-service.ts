import { createHash, randomBytes } from "node:crypto";
import type { Sql } from "@cm/db";
import {
  deleteExpiredSessions,
  deleteSession,
  findLiveSessionUser,
  insertSession,
  type SessionData,
  touchSession,
} from "@cm/db/queries/sessions";
import type { UserRow } from "@cm/db/queries/users";

const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
/** Refresh the idle expiry at most this often, so reads do not write on every request. */
const TOUCH_AFTER_MS = 60 * 60 * 1000;

/** The `__Host-` prefix (https only) pins the cookie to this host and path "/". */
export function sessionCookieName(production: boolean): string {
  return production ? "__Host-cm_session" : "cm_session";
}

// Only a hash of the session id is stored, so a leaked table cannot be replayed as cookies.
export const hashSid = (sid: string) => createHash("sha256").update(sid).digest("base64url");

/** Creates a session with a fresh random id (256 bits): a new id at every sign-in, no fixation. */
export async function createSession(sql: Sql, userId: number, now = Date.now()): Promise<string> {
  const sid = randomBytes(32).toString("base64url");
  await insertSession(sql, {
    sid: hashSid(sid),
    data: { userId, absoluteExpiry: now + SESSION_ABSOLUTE_MS },
    expire: new Date(now + SESSION_IDLE_MS),
  });
  return sid;
}

/** Reads a live session with its user by hashed id: one query, or a share of a batched one (session-lookup.ts). */
export type FindSession = (key: string) => Promise<{ sess: SessionData; expire: Date; user: UserRow } | undefined>;

/** The user of a live session, read with the session in one query; extends the idle expiry now and then. */
export async function readSessionUser(
  sql: Sql,
  sid: string | undefined,
  now = Date.now(),
  find: FindSession = (key) => findLiveSessionUser(sql, key),
): Promise<UserRow | undefined> {
  if (!sid || sid.length < 20 || sid.length > 100) return undefined;
  const key = hashSid(sid);
  const row = await find(key);
  if (!row || !(await keepAlive(sql, key, row, now))) return undefined;
  return row.user;
}

/** Ends a session past its absolute expiry (false), or pushes its idle expiry forward at most hourly. */
async function keepAlive(sql: Sql, key: string, row: { sess: SessionData; expire: Date }, now: number) {
  if (row.sess.absoluteExpiry <= now) {
    await deleteSession(sql, key);
    return false;
  }
  const idleExpiry = now + SESSION_IDLE_MS;
  if (idleExpiry - row.expire.getTime() > TOUCH_AFTER_MS) {
    await touchSession(sql, key, new Date(Math.min(idleExpiry, row.sess.absoluteExpiry)));
  }
  return true;
}

export async function destroySession(sql: Sql, sid: string | undefined): Promise<void> {
  if (sid) await deleteSession(sql, hashSid(sid));
}

export const sweepExpiredSessions = (sql: Sql) => deleteExpiredSessions(sql);
