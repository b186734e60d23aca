import type { Sql } from "../client";
import { inTransaction } from "./in-transaction";

/**
 * Takes one of the account's `atOnce` places for a question being answered, for `leaseMs` at most: its id, or
 * undefined when the account already holds them all. Count and insert run under the account's row lock, so
 * questions asked at once, in any processes, count each other; leases run out, so a process that dies frees its own.
 */
export async function takeQuestionLease(
  sql: Sql,
  userId: number,
  atOnce: number,
  leaseMs: number,
): Promise<number | undefined> {
  return inTransaction(sql, async (tx) => {
    await tx`select id from users where id = ${userId} for no key update`;
    await tx`delete from question_leases where user_id = ${userId} and expires_at <= now()`;
    const [row] = await tx<{ id: number }[]>`
      insert into question_leases (user_id, expires_at)
      select ${userId}, now() + make_interval(secs => ${leaseMs / 1000}::double precision)
      where (select count(*) from question_leases where user_id = ${userId}) < ${atOnce}
      returning id`;
    return row?.id;
  });
}

/** Gives a question's place back (its answer no longer needs the embedder). */
export async function releaseQuestionLease(sql: Sql, id: number): Promise<void> {
  await sql`delete from question_leases where id = ${id}`;
}

/** Deletes leases that ran out (a process died holding them, its account asked nothing since); returns how many. */
export async function sweepExpiredQuestionLeases(sql: Sql): Promise<number> {
  const rows = await sql`delete from question_leases where expires_at <= now() returning 1`;
  return rows.length;
}
