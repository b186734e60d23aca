import type { Sql } from "@cm/db";
import type { AuditAction } from "../audit/audit-actions";
import { type AuditOrigin, recordAudit } from "../audit/record-audit";

/** One entry of the audit trail written by the records features (holds, disposals, settings, exports, erasure). */
export interface RecordsTrailEntry {
  userId: number;
  action: AuditAction;
  /** Null: the system (the daily disposal). Default: the account's own user. */
  actorUserId?: number | null;
  target?: { kind: string; id: string | number | null };
  clientId?: number | null;
  meetingId?: number | null;
  from?: AuditOrigin;
  details?: Record<string, unknown>;
}

/**
 * Writes the entry into the account's chain. Pass the action's transaction, and call it last there: the trail then
 * says what happened exactly when it happened (record-audit.ts).
 */
export async function writeRecordsTrail(sql: Sql, entry: RecordsTrailEntry): Promise<void> {
  await recordAudit(sql, {
    accountId: entry.userId,
    actorUserId: entry.actorUserId === undefined ? entry.userId : entry.actorUserId,
    action: entry.action,
    target: entry.target,
    clientId: entry.clientId ?? null,
    meetingId: entry.meetingId ?? null,
    from: entry.from,
    details: entry.details,
  });
}
