/**
 * recordAudit(sql: Sql, entry: AuditEntry): Promise<AuditRow | undefined>
 *
 * Appends one row to the audit trail (migration 038, docs/records.md "The audit trail"): who (`actorUserId`, null
 * for nobody signed in or the system), did what (`action`, one of AUDIT_ACTIONS), to what (`target`, `clientId`,
 * `meetingId`), from where (`from`: address and browser, see audit-origin.ts), with `details` (a small JSON object;
 * long strings are clipped). `accountId` names the chain: the account whose records are concerned.
 *
 * - Pass the action's transaction as `sql` when there is one: the row is then in the trail exactly when the action
 *   is. Call it last in that transaction: it locks the account's chain head until the transaction ends (concurrent
 *   writers in any process take turns; the chain never forks), and taking it last keeps lock order the same
 *   everywhere.
 * - Answers undefined when the action's rule (audit-actions.ts) says this row is not written: the same person read
 *   the same thing moments ago, or the account's hourly cap of that action is reached.
 * - Throws HttpError 429 for a read past the account's READS_PER_HOUR: the read is refused, not left unrecorded.
 * - Nothing may update or delete a row. The two deletions the database lets through are the account's own erasure
 *   (eraseAccountTrail in @cm/db/queries/audit-log: the whole chain goes and account 0's chain records
 *   "account.erased"; trail rows of an erased account are NOT kept, anonymised or otherwise) and retention's
 *   disposal of a chain's oldest rows (disposeAuditRowsBefore: the chain records "audit.disposed" with the last
 *   hash, so the verifier accepts the shorter chain). Retention decides before either whether it is allowed.
 */
import type { Sql } from "@cm/db";
import { type AuditRow, countRecentAuditActions, countRecentAuditRows, insertAuditRow } from "@cm/db/queries/audit-log";
import { inTransaction } from "@cm/db/queries/in-transaction";
import { HttpError } from "../../http-error";
import { type AuditAction, READ_ACTIONS, READS_PER_HOUR, ruleOf } from "./audit-actions";

export interface AuditOrigin {
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEntry {
  accountId: number;
  actorUserId: number | null;
  action: AuditAction;
  target?: { kind: string; id: string | number | null };
  clientId?: number | null;
  meetingId?: number | null;
  from?: AuditOrigin;
  details?: Record<string, unknown>;
  /** Only for tests and imports that move the clock: defaults to the transaction's time. */
  at?: Date;
}

/** Longest string kept in details, user agents and addresses: a row stays small whatever a request carries. */
const MAX_TEXT = 2000;
const MAX_ORIGIN_TEXT = 256;

export async function recordAudit(sql: Sql, entry: AuditEntry): Promise<AuditRow | undefined> {
  return inTransaction(sql, async (tx) => {
    // The head lock first, so the caps below count every row written before this one, in any process.
    // One statement: a head it creates is its own until it commits (another writer's insert waits on it); a head
    // that exists is locked by the select.
    await tx`with created as (
        insert into audit_heads (account_id) values (${entry.accountId}) on conflict do nothing returning account_id)
      select 1 from audit_heads where account_id = ${entry.accountId} for update`;
    if (await overItsRule(tx, entry)) return undefined;
    return insertAuditRow(tx, {
      accountId: entry.accountId,
      actorUserId: entry.actorUserId,
      action: entry.action,
      targetKind: entry.target?.kind ?? null,
      targetId: entry.target?.id == null ? null : String(entry.target.id),
      clientId: entry.clientId ?? null,
      meetingId: entry.meetingId ?? null,
      ip: clip(entry.from?.ip ?? null, MAX_ORIGIN_TEXT),
      userAgent: clip(entry.from?.userAgent ?? null, MAX_ORIGIN_TEXT),
      details: clipDetails(entry.details ?? {}),
      at: entry.at,
    });
  });
}

async function overItsRule(tx: Sql, entry: AuditEntry): Promise<boolean> {
  const rule = ruleOf(entry.action);
  // The app's clock, not a query for the database's: the windows are minutes long, a clock a second off changes nothing.
  const now = entry.at ?? new Date();
  if (rule.againAfterSeconds !== undefined) {
    const since = new Date(now.getTime() - rule.againAfterSeconds * 1000);
    const targetId = entry.target?.id == null ? null : String(entry.target.id);
    const match = { actorUserId: entry.actorUserId, targetId };
    if ((await countRecentAuditRows(tx, entry.accountId, entry.action, since, match)) > 0) return true;
  }
  if (rule.read) await refuseReadsPastTheHour(tx, entry.accountId, now);
  if (rule.perHour !== undefined) {
    const since = new Date(now.getTime() - 3_600_000);
    if ((await countRecentAuditRows(tx, entry.accountId, entry.action, since)) >= rule.perHour) return true;
  }
  return false;
}

async function refuseReadsPastTheHour(tx: Sql, accountId: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - 3_600_000);
  const recent = await countRecentAuditActions(tx, accountId, READ_ACTIONS, since, READS_PER_HOUR);
  if (recent.n < READS_PER_HOUR) return;
  const freesAt = new Date((recent.oldest ?? now).getTime() + 3_600_000);
  const minutes = Math.max(1, Math.ceil((freesAt.getTime() - now.getTime()) / 60_000));
  throw new HttpError(
    429,
    `Too many reads: your account may open, play, export or search ${READS_PER_HOUR.toLocaleString("en-US")} times an hour. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    "reads_limit",
    { quota: "reads", used: recent.n, limit: READS_PER_HOUR, left: 0, freesAt: freesAt.toISOString() },
  );
}

function clip(text: string | null, max: number): string | null {
  return text === null || text.length <= max ? text : text.slice(0, max);
}

/** Strings longer than MAX_TEXT are cut (in linear time), at any depth; other values are kept. */
function clipDetails(details: Record<string, unknown>): Record<string, unknown> {
  const clipValue = (value: unknown): unknown => {
    if (typeof value === "string") return clip(value, MAX_TEXT);
    if (Array.isArray(value)) return value.slice(0, 100).map(clipValue);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, clipValue(inner)]));
    }
    return value;
  };
  return clipValue(details) as Record<string, unknown>;
}
