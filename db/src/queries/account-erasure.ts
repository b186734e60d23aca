import type { Sql } from "../client";
import { eraseAccountTrail } from "./audit-log";
import { inTransaction } from "./in-transaction";
import { retryOnDeadlock } from "./retry-on-deadlock";

/**
 * Erases an account in one transaction: its trail (account 0's chain records the erasure), its sessions and
 * payments, then the user row, whose delete cascades to every row the account owns (clients, meetings and all hanging
 * off them, search chunks, jobs of its meetings, versions, settings, leases). Its recordings are recorded in
 * file_deletions in the same transaction; the caller removes them after. Returns their keys.
 */
export async function eraseAccount(sql: Sql, userId: number): Promise<{ audioPaths: string[] }> {
  return retryOnDeadlock(() =>
    inTransaction(sql, async (tx) => {
      await tx`select 1 from users where id = ${userId} for update`;
      const files = await tx<{ path: string }[]>`
      select audio_path as path from meetings where user_id = ${userId} and audio_path is not null
      union select storage_key from resumable_uploads where user_id = ${userId} and storage_key is not null`;
      if (files.length > 0) {
        await tx`insert into file_deletions ${tx(files.map((file) => ({ path: file.path })))} on conflict do nothing`;
      }
      await eraseAccountTrail(tx, userId);
      await tx`delete from sessions where sess->>'userId' = ${String(userId)}`;
      await tx`delete from payments where user_id = ${userId}`;
      await tx`delete from users where id = ${userId}`;
      return { audioPaths: files.map((file) => file.path) };
    }),
  );
}
