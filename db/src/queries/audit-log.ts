// The audit trail's SQL (migration 038): rows are numbered and hashed by the insert trigger, which also takes the
// account's head lock, so every function here that writes is safe from any process at once.
import type { Sql } from "../client";
import { inTransaction } from "./in-transaction";

/** Account 0: the installation's own chain (an account erased). */
export const INSTALLATION_CHAIN = 0;

/** One row to append; the database adds seq, prev_hash and hash. */
export interface AuditRowInput {
  accountId: number;
  actorUserId: number | null;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  clientId: number | null;
  meetingId: number | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
  /** Defaults to the transaction's time (now()). */
  at?: Date;
}

export interface AuditRow {
  id: number;
  accountId: number;
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
  details: Record<string, unknown>;
  prevHash: string;
  hash: string;
}

const rowColumns = (sql: Sql) => sql`id, account_id as "accountId", seq, at, actor_user_id as "actorUserId", action,
  target_kind as "targetKind", target_id as "targetId", client_id as "clientId", meeting_id as "meetingId", ip,
  user_agent as "userAgent", details, prev_hash as "prevHash", hash`;

/** Appends one row to its account's chain and returns it as stored. */
export async function insertAuditRow(sql: Sql, row: AuditRowInput): Promise<AuditRow> {
  const [stored] = await sql<AuditRow[]>`
    insert into audit_log (account_id, at, actor_user_id, action, target_kind, target_id, client_id, meeting_id,
      ip, user_agent, details, prev_hash, hash)
    values (${row.accountId}, ${row.at ?? null}::timestamptz, ${row.actorUserId}, ${row.action}, ${row.targetKind},
      ${row.targetId}, ${row.clientId}, ${row.meetingId}, ${row.ip}, ${row.userAgent},
      ${sql.json(row.details as never)}, '', '')
    returning ${rowColumns(sql)}`;
  if (!stored) throw new Error("audit row not written");
  return stored;
}

/** Rows of `action` in the account's chain since `since` (the caps on repeated rows). */
export async function countRecentAuditRows(
  sql: Sql,
  accountId: number,
  action: string,
  since: Date,
  match: { actorUserId?: number | null; targetId?: string | null } = {},
): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from audit_log
    where account_id = ${accountId} and action = ${action} and at >= ${since}
      and (${match.actorUserId === undefined} or actor_user_id is not distinct from ${match.actorUserId ?? null})
      and (${match.targetId === undefined} or target_id is not distinct from ${match.targetId ?? null})`;
  return row?.n ?? 0;
}

/** What the verifier reads of a row: every hashed field as the text that was hashed. */
export interface AuditChainRow {
  id: number;
  accountId: number;
  seq: number;
  atMicros: string;
  actorUserId: string | null;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  clientId: string | null;
  meetingId: string | null;
  ip: string | null;
  userAgent: string | null;
  details: string;
  prevHash: string;
  hash: string;
}

/** Up to `limit` rows of one chain after seq `afterSeq`, in order; all chains' when `accountId` is undefined. */
export async function readAuditChain(
  sql: Sql,
  accountId: number,
  afterSeq: number,
  limit: number,
): Promise<AuditChainRow[]> {
  return sql<AuditChainRow[]>`
    select id, account_id as "accountId", seq, (extract(epoch from at) * 1000000)::bigint::text as "atMicros",
      actor_user_id::text as "actorUserId", action, target_kind as "targetKind", target_id as "targetId",
      client_id::text as "clientId", meeting_id::text as "meetingId", ip, user_agent as "userAgent",
      details::text as details, prev_hash as "prevHash", hash
    from audit_log where account_id = ${accountId} and seq > ${afterSeq}
    order by seq limit ${limit}`;
}

/** The head of every chain (or one), as the insert trigger left it. */
export async function readAuditHeads(
  sql: Sql,
  accountId?: number,
): Promise<{ accountId: number; seq: number; hash: string }[]> {
  return sql`select account_id as "accountId", seq, hash from audit_heads
    where ${accountId === undefined} or account_id = ${accountId ?? null} order by account_id`;
}

/** The "audit.disposed" rows of a chain: where an earlier part was disposed of on purpose. */
export async function readAuditDisposals(
  sql: Sql,
  accountId: number,
): Promise<{ throughSeq: number; lastHash: string }[]> {
  return sql`select (details->>'throughSeq')::bigint as "throughSeq", details->>'lastHash' as "lastHash"
    from audit_log where account_id = ${accountId} and action = 'audit.disposed' order by seq`;
}

/**
 * The account's own erasure: its whole chain and head go, and account 0's chain says so (rows, last hash). Call it
 * inside the transaction that erases the account; nothing else may delete trail rows.
 */
export async function eraseAccountTrail(sql: Sql, accountId: number): Promise<{ rows: number }> {
  return inTransaction(sql, async (tx) => {
    const [head] = await readAuditHeads(tx, accountId);
    await tx`select set_config('cm.audit_erase_account', ${String(accountId)}, true)`;
    const deleted = await tx`delete from audit_log where account_id = ${accountId}`;
    await tx`delete from audit_heads where account_id = ${accountId}`;
    await tx`select set_config('cm.audit_erase_account', '', true)`;
    await insertAuditRow(tx, {
      accountId: INSTALLATION_CHAIN,
      actorUserId: null,
      action: "account.erased",
      targetKind: "account",
      targetId: String(accountId),
      clientId: null,
      meetingId: null,
      ip: null,
      userAgent: null,
      details: { accountId, rows: deleted.count, lastSeq: head?.seq ?? 0, lastHash: head?.hash ?? null },
    });
    return { rows: deleted.count };
  });
}

/**
 * Retention's disposal of an account's trail rows written before `before`: the oldest rows up to the last one
 * before that time go, and the chain records "audit.disposed" with the last row's seq and hash, so the verifier
 * knows where the chain now begins and why. Returns how many rows went.
 */
export async function disposeAuditRowsBefore(
  sql: Sql,
  accountId: number,
  before: Date,
  actorUserId: number | null = null,
): Promise<{ rows: number }> {
  return inTransaction(sql, async (tx) => {
    await tx`insert into audit_heads (account_id) values (${accountId}) on conflict do nothing`;
    await tx`select 1 from audit_heads where account_id = ${accountId} for update`;
    const [last] = await tx<{ seq: number; hash: string }[]>`
      select seq, hash from audit_log where account_id = ${accountId} and at < ${before}
      order by seq desc limit 1`;
    if (!last) return { rows: 0 };
    await tx`select set_config('cm.audit_dispose_through', ${`${accountId}:${last.seq}`}, true)`;
    const deleted = await tx`delete from audit_log where account_id = ${accountId} and seq <= ${last.seq}`;
    await tx`select set_config('cm.audit_dispose_through', '', true)`;
    await insertAuditRow(tx, {
      accountId,
      actorUserId,
      action: "audit.disposed",
      targetKind: "audit-log",
      targetId: null,
      clientId: null,
      meetingId: null,
      ip: null,
      userAgent: null,
      details: { throughSeq: last.seq, lastHash: last.hash, rows: deleted.count, before: before.toISOString() },
    });
    return { rows: deleted.count };
  });
}

export interface AuditListFilter {
  from?: Date;
  to?: Date;
  action?: string;
  clientId?: number;
  /** Rows before this seq (the cursor): the page after the one that ended there. */
  beforeSeq?: number;
  limit: number;
}

/** A listed row with the name of who acted. */
export type ListedAuditRow = AuditRow & { actorName: string | null };

/** One page of an account's trail, newest first, filtered. */
export async function listAuditRows(sql: Sql, accountId: number, filter: AuditListFilter): Promise<ListedAuditRow[]> {
  return sql<ListedAuditRow[]>`
    select a.id, a.account_id as "accountId", a.seq, a.at, a.actor_user_id as "actorUserId", a.action,
      a.target_kind as "targetKind", a.target_id as "targetId", a.client_id as "clientId", a.meeting_id as "meetingId",
      a.ip, a.user_agent as "userAgent", a.details, a.prev_hash as "prevHash", a.hash,
      coalesce(u.full_name, u.username) as "actorName"
    from audit_log a left join users u on u.id = a.actor_user_id
    where a.account_id = ${accountId}
      and (${filter.from ?? null}::timestamptz is null or a.at >= ${filter.from ?? null})
      and (${filter.to ?? null}::timestamptz is null or a.at < ${filter.to ?? null})
      and (${filter.action ?? null}::text is null or a.action = ${filter.action ?? null})
      and (${filter.clientId ?? null}::bigint is null or a.client_id = ${filter.clientId ?? null})
      and (${filter.beforeSeq ?? null}::bigint is null or a.seq < ${filter.beforeSeq ?? null})
    order by a.seq desc limit ${filter.limit}`;
}

/** Whether the account's own trail names this client (one deleted since, say). */
export async function auditMentionsClient(sql: Sql, accountId: number, clientId: number): Promise<boolean> {
  const [row] = await sql`select 1 from audit_log where account_id = ${accountId} and client_id = ${clientId} limit 1`;
  return row !== undefined;
}

/** Accounts with trail rows but no head: a head deleted behind the database's back. */
export async function findChainsWithoutHead(sql: Sql): Promise<{ accountId: number; id: number; seq: number }[]> {
  return sql`select distinct on (a.account_id) a.account_id as "accountId", a.id, a.seq from audit_log a
    where not exists (select 1 from audit_heads h where h.account_id = a.account_id)
    order by a.account_id, a.seq`;
}

/**
 * Rows of any of `actions` in the account's chain since `since`, read up to `limit` (the newest): how many, and the
 * time of the oldest of those read.
 */
export async function countRecentAuditActions(
  sql: Sql,
  accountId: number,
  actions: string[],
  since: Date,
  limit: number,
): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await sql<{ n: number; oldest: Date | null }[]>`
    select count(*)::int as n, min(at) as oldest from (
      select at from audit_log where account_id = ${accountId} and action = any(${sql.array(actions)}::text[])
        and at >= ${since}
      order by at desc limit ${limit}) recent`;
  return row ?? { n: 0, oldest: null };
}
