// Text work (a note's indexing, a meeting's re-indexing) charged to the account's daily processing allowance
// (processing_usage, migration 016) by the worker before it runs, under the account's lock as upload admission.
import type { Sql } from "../client";
import { lockAccount } from "./upload-quotas";

/** The meeting's owner and how many characters of text indexing it reads (its transcript and notes). */
export async function findMeetingText(sql: Sql, meetingId: number) {
  const [row] = await sql<{ userId: number; noteCharacters: number; transcriptCharacters: number }[]>`
    select m.user_id as "userId",
      (select coalesce(sum(length(n.content)), 0)::int from notes n where n.meeting_id = m.id) as "noteCharacters",
      (select coalesce(sum(t.full_text_length), 0)::int from transcripts t where t.meeting_id = m.id)
        as "transcriptCharacters"
    from meetings m where m.id = ${meetingId}`;
  return row;
}

/**
 * Charges `seconds` to the account when they fit in the last 24 hours' allowance (`limitSeconds`, undefined: no
 * limit); work longer than a whole day's allowance is charged when nothing else is counted. False: not charged.
 */
export async function chargeWork(
  sql: Sql,
  { userId, seconds, limitSeconds }: { userId: number; seconds: number; limitSeconds: number | undefined },
): Promise<boolean> {
  return (await sql.begin(async (tx) => {
    await lockAccount(tx, userId);
    if (limitSeconds !== undefined) {
      const [row] = await tx<{ used: number }[]>`
        select coalesce(sum(seconds), 0)::float8 as used from processing_usage
        where user_id = ${userId} and recorded_at > now() - interval '1 day'`;
      const used = row!.used;
      if (used > 0 && used + seconds > limitSeconds) return false;
    }
    if (seconds > 0) await tx`insert into processing_usage (user_id, seconds) values (${userId}, ${seconds})`;
    return true;
  })) as boolean;
}
