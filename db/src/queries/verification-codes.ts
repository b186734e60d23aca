import type { Sql } from "../client";

export interface VerificationCodeRow {
  id: number;
  userId: number;
  code: string;
  browserToken: string;
  expiresAt: Date;
  used: boolean;
  attempts: number;
  createdAt: Date;
}

/** What replaceVerificationCode did, so a failed send can undo it. */
export interface ReplacedCode {
  id: number;
  /** Earlier codes this call retired. */
  retiredIds: number[];
}

/** Stores a new code and retires every earlier one of the user: only the newest code works. */
export async function replaceVerificationCode(
  sql: Sql,
  row: { userId: number; codeHash: string; browserTokenHash: string; expiresAt: Date },
): Promise<ReplacedCode> {
  return sql.begin(async (tx) => {
    const retired = await tx<{ id: number }[]>`
      update verification_codes set used = true where user_id = ${row.userId} and not used returning id`;
    const [inserted] = await tx<
      { id: number }[]
    >`insert into verification_codes (user_id, code, browser_token, expires_at)
      values (${row.userId}, ${row.codeHash}, ${row.browserTokenHash}, ${row.expiresAt}) returning id`;
    return { id: inserted!.id, retiredIds: retired.map((r) => r.id) };
  });
}

/** Undoes replaceVerificationCode (the code could not be sent): the new code goes, the ones it retired come back. */
export async function withdrawVerificationCode(sql: Sql, replaced: ReplacedCode): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`delete from verification_codes where id = ${replaced.id}`;
    if (replaced.retiredIds.length > 0) {
      await tx`update verification_codes set used = false where id in ${tx(replaced.retiredIds)}`;
    }
  });
}

export async function findLatestVerificationCode(sql: Sql, userId: number): Promise<VerificationCodeRow | undefined> {
  const [row] = await sql<VerificationCodeRow[]>`
    select id, user_id as "userId", code, browser_token as "browserToken", expires_at as "expiresAt", used,
      attempts, created_at as "createdAt"
    from verification_codes where user_id = ${userId} order by created_at desc, id desc limit 1`;
  return row;
}

/** Counts a wrong try; the code is retired once maxAttempts is reached. */
export async function recordWrongAttempt(sql: Sql, id: number, maxAttempts: number): Promise<void> {
  await sql`update verification_codes set attempts = attempts + 1,
    used = used or attempts + 1 >= ${maxAttempts} where id = ${id}`;
}

/** Marks the code used; false when another request used it first. */
export async function consumeVerificationCode(sql: Sql, id: number): Promise<boolean> {
  const rows = await sql`update verification_codes set used = true where id = ${id} and not used returning id`;
  return rows.length === 1;
}
