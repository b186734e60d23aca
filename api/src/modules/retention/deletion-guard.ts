import type { Sql } from "@cm/db";
import { inTransaction } from "@cm/db/queries/in-transaction";
import { findKeptRecords, findLegalHold, type KeptRecords, type RecordScope } from "@cm/db/queries/retention";
import { retryOnDeadlock } from "@cm/db/queries/retry-on-deadlock";
import { HttpError } from "../../http-error";
import type { AuditOrigin } from "../audit/record-audit";
import { readRetentionSettings } from "./account-retention";
import { writeRecordsTrail } from "./records-trail";
import { meetingRules } from "./retention-schedule";

export type DeletedThing = "meeting" | "client" | "account";

/** The day a retention ends, as a date in UTC (the day the record may go). */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The spec's permission error ("You don't have permission to delete this meeting.") with the reason and the day. */
function keptMessage(what: DeletedThing, kept: KeptRecords): string | undefined {
  const start = `You don't have permission to delete this ${what}`;
  const records = what === "meeting" ? "it is" : "its records are";
  if (kept.forever) return `${start}: ${records} kept for ever under the account's retention schedule.`;
  if (kept.untilClientClosed) {
    const years = kept.yearsAfterClose ?? 0;
    return `${start}: ${records} kept until ${years} year${years === 1 ? "" : "s"} after the client is closed, under the account's retention schedule.`;
  }
  if (kept.until)
    return `${start}: ${records} kept until ${isoDay(kept.until)} under the account's retention schedule.`;
  return undefined;
}

/**
 * Refuses (403, the spec's permission error naming the day) a deletion of records that a legal hold or the
 * retention schedule still keeps at `now`. Run it in the transaction that marks the records as being deleted, under
 * their row locks, so a hold placed at the same moment either comes first (and refuses) or finds them on their way.
 */
export async function refuseIfKept(
  sql: Sql,
  userId: number,
  scope: RecordScope,
  what: DeletedThing,
  now: Date,
): Promise<void> {
  const hold = await findLegalHold(sql, userId, scope);
  if (hold) {
    const held = hold.meetingTitle === null ? `the client "${hold.clientName}"` : `the meeting "${hold.meetingTitle}"`;
    throw new HttpError(
      403,
      `You don't have permission to delete this ${what}: ${held} is under legal hold, and is kept until the hold is released.`,
      "legal_hold",
    );
  }
  const settings = await readRetentionSettings(sql, userId);
  const kept = await findKeptRecords(sql, userId, meetingRules(settings), scope, now);
  const message = keptMessage(what, kept);
  if (message) {
    throw new HttpError(403, message, "retention", kept.until ? { keptUntil: isoDay(kept.until) } : undefined);
  }
}

/** A refused deletion goes into the trail (after the refused transaction rolled back), then the 403 goes on. */
async function refusalInTrail<T>(sql: Sql, refused: RefusedDeletion, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) {
      await writeRecordsTrail(sql, {
        userId: refused.userId,
        action: "deletion.refused",
        from: refused.from,
        target: { kind: refused.what, id: refused.id },
        ...(refused.what === "meeting" ? { meetingId: refused.id } : { clientId: refused.id }),
        details: { reason: error.code, message: error.message },
      });
    }
    throw error;
  }
}

interface RefusedDeletion {
  userId: number;
  what: "meeting" | "client";
  id: number;
  from?: AuditOrigin;
}

/**
 * Checks a meeting may be deleted and marks it as being deleted, under its row lock; false when it is not the
 * user's. Throws the 403 of refuseIfKept (and writes the refusal into the trail).
 */
export async function claimMeetingForDeletion(
  sql: Sql,
  userId: number,
  meetingId: number,
  now: Date,
  from?: AuditOrigin,
) {
  return refusalInTrail(sql, { userId, what: "meeting", id: meetingId, from }, () =>
    retryOnDeadlock(() => claimMeeting(sql, userId, meetingId, now)),
  );
}

async function claimMeeting(sql: Sql, userId: number, meetingId: number, now: Date) {
  return inTransaction(sql, async (tx) => {
    const [row] = await tx`select client_id from meetings where id = ${meetingId} and user_id = ${userId} for update`;
    if (!row) return false;
    await tx`select 1 from clients where id = ${row.client_id} for share`;
    await refuseIfKept(tx, userId, { meetingId }, "meeting", now);
    await tx`update meetings set deleting_at = now() where id = ${meetingId}`;
    return true;
  });
}

/** As claimMeetingForDeletion, for a client and all its meetings. */
export async function claimClientForDeletion(
  sql: Sql,
  userId: number,
  clientId: number,
  now: Date,
  from?: AuditOrigin,
) {
  return refusalInTrail(sql, { userId, what: "client", id: clientId, from }, () =>
    retryOnDeadlock(() => claimClient(sql, userId, clientId, now)),
  );
}

async function claimClient(sql: Sql, userId: number, clientId: number, now: Date) {
  return inTransaction(sql, async (tx) => {
    const [row] = await tx`select id from clients where id = ${clientId} and user_id = ${userId} for update`;
    if (!row) return false;
    await tx`select 1 from meetings where client_id = ${clientId} for update`;
    await refuseIfKept(tx, userId, { clientId }, "client", now);
    await tx`update clients set deleting_at = now() where id = ${clientId}`;
    return true;
  });
}

/** A deletion that failed after its claim: the records stay, and a hold may be placed on them again. */
export async function releaseDeletionClaim(sql: Sql, table: "meetings" | "clients", id: number) {
  await sql`update ${sql(table)} set deleting_at = null where id = ${id}`;
}
