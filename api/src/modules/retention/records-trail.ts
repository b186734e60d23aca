import type { Sql } from "@cm/db";

/** One entry of the audit trail written by the records features (holds, disposals, settings, exports, erasure). */
export interface RecordsTrailEntry {
  userId: number;
  action: string;
  clientId?: number | null;
  meetingId?: number | null;
  detail?: Record<string, unknown>;
}

/** Writes the entry in the caller's transaction, so the trail says what happened exactly when it happened. */
export async function writeRecordsTrail(_sql: Sql, _entry: RecordsTrailEntry): Promise<void> {
  // Filled in when the audit trail (branch `audit`, api/src/modules/audit/record-audit.ts) is merged.
}
