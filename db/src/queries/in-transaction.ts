import type { Sql } from "../client";

/**
 * Runs `work` in a transaction: a new one, or, when `sql` already is a transaction (seeds pass theirs), a savepoint
 * inside it, so the caller's transaction decides and a failure here undoes only this work.
 */
export async function inTransaction<T>(sql: Sql, work: (tx: Sql) => Promise<T>): Promise<T> {
  const savepoint = (sql as unknown as { savepoint?: (work: (tx: Sql) => Promise<T>) => Promise<T> }).savepoint;
  if (typeof savepoint === "function") return savepoint.call(sql, work);
  return (await sql.begin((tx) => work(tx as unknown as Sql))) as T;
}
