import { createHash } from "node:crypto";
import type { Sql } from "../client";

/** What is being limited: `scope` names the rule ("login:ip"), `key` whom it counts (an address, a username). */
export interface RateLimitKey {
  scope: string;
  key: string;
}

export interface RateLimitHit extends RateLimitKey {
  /** Hits allowed inside one window; the next one is refused. */
  limit: number;
  windowMs: number;
}

/**
 * Only a digest of the key is stored: usernames, e-mail addresses and client addresses never sit in the table.
 * Callers pass keys already normalised (see normalizeUsername in ./users), so equal identities share one row.
 */
export const rateLimitDigest = (key: string) => createHash("sha256").update(key).digest("base64url");

/**
 * Counts one hit in a fixed window and answers how many seconds the caller must wait: 0 while the count is within
 * `limit`. One `insert … on conflict … do update … returning` statement, so hits from many processes at once are
 * all counted (the row lock serialises them) and a window that has run out restarts at 1. Time is the database's
 * clock, the same for every process.
 */
export async function hitRateLimit(sql: Sql, hit: RateLimitHit): Promise<number> {
  const windowSeconds = Math.max(1, hit.windowMs) / 1000;
  const [row] = await sql<{ count: number; secondsLeft: number }[]>`
    insert into rate_limits as r (scope, key, window_start, expires_at, count)
    values (${hit.scope}, ${rateLimitDigest(hit.key)}, now(),
      now() + make_interval(secs => ${windowSeconds}::double precision), 1)
    on conflict (scope, key) do update set
      window_start = case when r.expires_at <= now() then excluded.window_start else r.window_start end,
      expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end,
      count = case when r.expires_at <= now() then 1 else least(r.count, 1000000000) + 1 end
    returning count, extract(epoch from expires_at - now())::double precision as "secondsLeft"`;
  if (!row || row.count <= hit.limit) return 0;
  return Math.max(1, Math.ceil(row.secondsLeft));
}

/** Forgets a key's hits (a successful sign-in clears its username's failures). */
export async function resetRateLimit(sql: Sql, target: RateLimitKey): Promise<void> {
  await sql`delete from rate_limits where scope = ${target.scope} and key = ${rateLimitDigest(target.key)}`;
}

/** Deletes the rows whose window has closed; returns how many. Safe to run from any process at any time. */
export async function sweepExpiredRateLimits(sql: Sql): Promise<number> {
  const rows = await sql`delete from rate_limits where expires_at <= now() returning 1`;
  return rows.length;
}
