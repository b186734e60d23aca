// Every write an account makes that adds to what it keeps goes through here (issue 37): one transaction under the
// account's lock checks the count the write adds to, makes the write, and then checks the account's storage with
// the bytes the write really added (counted by the triggers of migration 032), undoing the write when it does not
// fit. Refusals answer 413 (storage) or 429 (a count) with used, limit, left and freesAt, as uploads' do.
import type { Sql } from "@cm/db";
import { underAccountLock } from "@cm/db/queries/account-limits";
import { readAccountUsage } from "@cm/db/queries/upload-quotas";
import type { AppContext } from "../../context";
import { HttpError } from "../../http-error";
import { findQuotaLimits } from "./account-quotas";
import { type CountName, countLimitMessage, dataStorageMessage } from "./limit-messages";

export interface CountCheck {
  name: CountName;
  /** Undefined: the limit is off. */
  limit: number | undefined;
  /** The count now, read inside the transaction; undefined when what it counts is not the user's (no check). */
  read(tx: Sql): Promise<number | undefined>;
}

/**
 * Runs `write` in one transaction under the account's lock when `count` (if any) has room; afterwards the account's
 * storage (files and rows) must be within its quota, unless the write made it smaller. `estimate` (bytes the write
 * will add at least, read inside the transaction) refuses a write that cannot fit before it is made.
 */
export async function limitedWrite<T>(
  ctx: AppContext,
  userId: number,
  count: CountCheck | undefined,
  write: (tx: Sql) => Promise<T>,
  estimate?: (tx: Sql) => Promise<number>,
): Promise<T> {
  const { limits } = await findQuotaLimits(ctx, userId);
  return underAccountLock(ctx.db.sql, userId, async (tx) => {
    if (count?.limit !== undefined) {
      const used = await count.read(tx);
      if (used !== undefined && used >= count.limit) throw countLimitReached(count.name, used, count.limit);
    }
    const before = limits.storageBytes === undefined ? 0 : (await readAccountUsage(tx, userId, limits)).storage.used;
    if (limits.storageBytes !== undefined && estimate) {
      const needed = await estimate(tx);
      if (needed > 0 && before + needed > limits.storageBytes) {
        throw storageLimitReached({ used: before, limit: limits.storageBytes, needed });
      }
    }
    const result = await write(tx);
    if (limits.storageBytes !== undefined) {
      const after = (await readAccountUsage(tx, userId, limits)).storage.used;
      if (after > limits.storageBytes && after > before) {
        throw storageLimitReached({ used: before, limit: limits.storageBytes, needed: after - before });
      }
    }
    return result;
  });
}

export function countLimitReached(name: CountName, used: number, limit: number): HttpError {
  return new HttpError(429, countLimitMessage(name, limit), `${name}_limit`, {
    quota: name,
    used,
    limit,
    left: Math.max(0, limit - used),
    // A count frees up when something is deleted, never by itself.
    freesAt: null,
  });
}

function storageLimitReached({ used, limit, needed }: { used: number; limit: number; needed: number }) {
  const left = Math.max(0, limit - used);
  return new HttpError(413, dataStorageMessage(limit, left, needed), "storage_quota", {
    quota: "storage",
    used,
    limit,
    left,
    freesAt: null,
    needed,
  });
}
