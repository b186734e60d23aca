import type { Sql } from "../client";
import { inTransaction } from "./in-transaction";

/** Which of the account's records an export holds: one client's or all, meetings dated from/to (both optional). */
export interface ExportScope {
  clientId: number | null;
  from: Date | null;
  to: Date | null;
}

export interface ExportMeeting {
  id: number;
  title: string;
  date: Date;
  createdAt: Date;
  status: string;
  duration: number | null;
  clientId: number;
  clientName: string;
  audioPath: string | null;
  legalHoldAt: Date | null;
}

const inScope = (sql: Sql, scope: ExportScope) => sql`
  ${scope.clientId === null ? sql`` : sql`and m.client_id = ${scope.clientId}`}
  ${scope.from === null ? sql`` : sql`and m.date >= ${scope.from}`}
  ${scope.to === null ? sql`` : sql`and m.date <= ${scope.to}`}`;

/** A page of the account's meetings in scope, in id order after `afterId`: an export never reads them all at once. */
export async function listExportMeetings(
  sql: Sql,
  userId: number,
  scope: ExportScope,
  afterId: number,
  limit: number,
): Promise<ExportMeeting[]> {
  return sql<ExportMeeting[]>`
    select m.id, m.title, m.date, m.created_at as "createdAt", m.status, m.duration, m.client_id as "clientId",
      c.name as "clientName", m.audio_path as "audioPath", m.legal_hold_at as "legalHoldAt"
    from meetings m join clients c on c.id = m.client_id
    where m.user_id = ${userId} and m.id > ${afterId} ${inScope(sql, scope)}
    order by m.id limit ${limit}`;
}

export interface ExportAuditRow {
  seq: number;
  at: Date;
  actorUserId: number | null;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  clientId: number | null;
  meetingId: number | null;
  ip: string | null;
  userAgent: string | null;
  details: unknown;
  prevHash: string;
  hash: string;
}

/**
 * A page of the account's trail rows concerning the scope (all of them for the whole account): rows about a meeting
 * in scope or, for one client's export, about that client. In chain order after `afterSeq`.
 */
export async function listExportAuditRows(
  sql: Sql,
  userId: number,
  scope: ExportScope | "account",
  afterSeq: number,
  limit: number,
): Promise<ExportAuditRow[]> {
  const concerned =
    scope === "account"
      ? sql``
      : sql`and (a.meeting_id in (select m.id from meetings m where m.user_id = ${userId} ${inScope(sql, scope)})
          ${scope.clientId === null ? sql`` : sql`or a.client_id = ${scope.clientId}`})`;
  return sql<ExportAuditRow[]>`
    select a.seq, a.at, a.actor_user_id as "actorUserId", a.action, a.target_kind as "targetKind",
      a.target_id as "targetId", a.client_id as "clientId", a.meeting_id as "meetingId", a.ip,
      a.user_agent as "userAgent", a.details, a.prev_hash as "prevHash", a.hash
    from audit_log a where a.account_id = ${userId} and a.seq > ${afterSeq} ${concerned}
    order by a.seq limit ${limit}`;
}

/**
 * Takes the account's one place for an export being streamed, for `leaseMs` (renewed as it goes); false when
 * another export of the account holds it. A lease whose process died runs out.
 */
export async function takeExportLease(sql: Sql, userId: number, leaseMs: number): Promise<boolean> {
  return inTransaction(sql, async (tx) => {
    const rows = await tx`
      insert into export_leases (user_id, expires_at)
      values (${userId}, now() + make_interval(secs => ${leaseMs / 1000}::double precision))
      on conflict (user_id) do update set expires_at = excluded.expires_at
        where export_leases.expires_at <= now()
      returning user_id`;
    return rows.length === 1;
  });
}

export async function renewExportLease(sql: Sql, userId: number, leaseMs: number): Promise<void> {
  await sql`update export_leases set expires_at = now() + make_interval(secs => ${leaseMs / 1000}::double precision)
    where user_id = ${userId}`;
}

export async function releaseExportLease(sql: Sql, userId: number): Promise<void> {
  await sql`delete from export_leases where user_id = ${userId}`;
}
