import { reserveUploadBytes } from "@cm/db/queries/resumable-upload-quota";
import type { ResumableUploadRow } from "@cm/db/queries/resumable-uploads";
import type { AppContext } from "../../context";
import { notFound } from "../../http-error";
import { storageFull } from "../meetings/admit-upload";
import { findQuotaLimits } from "../usage/account-quotas";

/** A deferred-length upload's bytes are reserved of the account's storage this many at a time, as they come. */
export const RESERVE_STEP_BYTES = 8 * 1024 * 1024;

export interface StorageRoom {
  /** Makes sure the upload may hold `end` bytes; 413 with the account's usage when they do not fit. */
  ensure(end: number): Promise<void>;
}

const ALWAYS: StorageRoom = { ensure: async () => {} };

/**
 * Room in the account's storage for a PATCH to a deferred-length upload (a declared length was reserved at creation).
 * What the request will send (its Content-Length) is reserved before a byte is read, so a body that cannot fit is
 * refused at once; without one, room is taken RESERVE_STEP_BYTES ahead as the bytes come. Each step runs under the
 * account's lock: uploads sent at once, in any processes, count each other. What is reserved past the bytes written
 * is handed back when the request lets the upload go (releaseUploadWriter).
 */
export async function openStorageRoom(
  ctx: AppContext,
  row: ResumableUploadRow,
  { contentLength, limit }: { contentLength: number | undefined; limit: number },
): Promise<StorageRoom> {
  if (row.uploadLength !== null) return ALWAYS;
  const { limits } = await findQuotaLimits(ctx, row.userId);
  if (limits.storageBytes === undefined) return ALWAYS;
  let granted = row.uploadOffset;
  const reserve = async (needed: number, wanted: number) => {
    const answer = await reserveUploadBytes(ctx.db.sql, { userId: row.userId, id: row.id, needed, wanted, limits });
    if (answer.granted !== undefined) {
      granted = answer.granted;
      return;
    }
    if (!answer.usage) throw notFound("Upload");
    // "this file is ...": the recording so far with the bytes that did not fit.
    throw storageFull(answer.usage, needed);
  };
  if (contentLength !== undefined) await reserve(row.uploadOffset + contentLength, row.uploadOffset + contentLength);
  else await reserve(row.uploadOffset, Math.min(limit, row.uploadOffset + RESERVE_STEP_BYTES));
  return {
    async ensure(end) {
      if (end <= granted) return;
      await reserve(end, Math.min(limit, end + RESERVE_STEP_BYTES));
    },
  };
}
