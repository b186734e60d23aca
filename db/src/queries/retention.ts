import type postgres from "postgres";
import type { Sql } from "../client";

/** How long a schedule keeps one kind of a meeting's records (api/src/modules/retention/retention-schedule.ts). */
export interface RetentionRule {
  /** none: no rule (deletable, never disposed of); after-close: `amount` years after the client is closed. */
  mode: "none" | "days" | "years" | "forever" | "after-close";
  amount: number;
}

export type MeetingKindRules = Record<"recordings" | "transcripts" | "notes" | "emails", RetentionRule>;

export interface AccountSettingsRow {
  retentionPreset: string;
  lawFirmYears: number | null;
  retentionOverrides: Record<string, unknown>;
  updatedAt: Date;
}

export async function findAccountSettings(sql: Sql, userId: number): Promise<AccountSettingsRow | undefined> {
  const [row] = await sql<AccountSettingsRow[]>`
    select retention_preset as "retentionPreset", law_firm_years as "lawFirmYears",
      retention_overrides as "retentionOverrides", updated_at as "updatedAt"
    from account_settings where user_id = ${userId}`;
  return row;
}

export async function saveAccountSettings(
  sql: Sql,
  userId: number,
  settings: { retentionPreset: string; lawFirmYears: number; retentionOverrides: Record<string, unknown> },
): Promise<void> {
  await sql`insert into account_settings (user_id, retention_preset, law_firm_years, retention_overrides)
    values (${userId}, ${settings.retentionPreset}, ${settings.lawFirmYears}, ${sql.json(settings.retentionOverrides as postgres.JSONValue)})
    on conflict (user_id) do update set retention_preset = excluded.retention_preset,
      law_firm_years = excluded.law_firm_years, retention_overrides = excluded.retention_overrides, updated_at = now()`;
}

/** The account's settings row locked for a change (created first if missing), so two changes apply one by one. */
export async function lockAccountSettings(tx: Sql, userId: number): Promise<void> {
  await tx`insert into account_settings (user_id) values (${userId}) on conflict do nothing`;
  await tx`select 1 from account_settings where user_id = ${userId} for update`;
}

/** The rules as a table `r (kind, mode, amount)` to join each meeting with. */
export function rulesTable(sql: Sql, rules: MeetingKindRules) {
  const [first, ...rest] = Object.entries(rules).map(
    ([kind, rule]) => sql`select ${kind}::text as kind, ${rule.mode}::text as mode, ${rule.amount}::int as amount`,
  );
  return rest.reduce((all, row) => sql`${all} union all ${row}`, first!);
}

/**
 * The end of a meeting's kind of record under the rule in force alone: 'infinity' while kept for ever or until a
 * client still open is closed, null when the rule keeps nothing. Needs `m` (meeting), `c` (client) and `r` (rule).
 */
const RULE_UNTIL = `case r.mode
    when 'days' then (case r.kind when 'emails' then coalesce((select max(f.sent_at) from follow_ups f
      where f.meeting_id = m.id), m.created_at) else m.created_at end) + make_interval(days => r.amount)
    when 'years' then (case r.kind when 'emails' then coalesce((select max(f.sent_at) from follow_ups f
      where f.meeting_id = m.id), m.created_at) else m.created_at end) + make_interval(years => r.amount)
    when 'forever' then 'infinity'::timestamptz
    when 'after-close' then coalesce(c.closed_at + make_interval(years => r.amount), 'infinity'::timestamptz)
  end`;

/** As RULE_UNTIL, and no earlier than what earlier schedules promised (`p`, record_promises). */
export const KEPT_UNTIL = `greatest(${RULE_UNTIL},
  p.keep_until,
  case when p.years_after_close is not null
    then coalesce(c.closed_at + make_interval(years => p.years_after_close), 'infinity'::timestamptz) end)`;

/** Why a record is kept: the latest day, or for ever, or until its client is closed; nothing when it may go. */
export interface KeptRecords {
  /** Latest end of a retention among the records, when all of them end on a known day. */
  until: Date | null;
  forever: boolean;
  /** Kept until some years after a client that is still open is closed. */
  untilClientClosed: boolean;
  /** Years after closing, for the message. */
  yearsAfterClose: number | null;
}

export type RecordScope = { meetingId: number } | { clientId: number } | "account";

function scopeFilter(sql: Sql, scope: RecordScope) {
  if (scope === "account") return sql``;
  return "meetingId" in scope ? sql`and m.id = ${scope.meetingId}` : sql`and m.client_id = ${scope.clientId}`;
}

/** What keeps the meetings in `scope` past `now` (under the rules and earlier promises). */
export async function findKeptRecords(
  sql: Sql,
  userId: number,
  rules: MeetingKindRules,
  scope: RecordScope,
  now: Date,
): Promise<KeptRecords> {
  const [row] = await sql<
    { until: Date | null; forever: boolean | null; untilClientClosed: boolean | null; yearsAfterClose: number | null }[]
  >`
    with kept as (
      select ${sql.unsafe(KEPT_UNTIL)} as until,
        c.closed_at is null and (r.mode = 'after-close' or p.years_after_close is not null) as waits,
        greatest(case when r.mode = 'after-close' then r.amount end, p.years_after_close) as years
      from meetings m join clients c on c.id = m.client_id cross join (${rulesTable(sql, rules)}) r
      left join record_promises p on p.meeting_id = m.id and p.kind = r.kind
      where m.user_id = ${userId} ${scopeFilter(sql, scope)}
        and not exists (select 1 from record_disposals d where d.meeting_id = m.id and d.kind = r.kind)
    )
    select max(until) filter (where until <> 'infinity') as until,
      bool_or(until = 'infinity' and not waits) as forever,
      bool_or(until = 'infinity' and waits) as "untilClientClosed",
      max(years) filter (where waits) as "yearsAfterClose"
    from kept where until > ${now}`;
  return {
    until: row?.until ?? null,
    forever: row?.forever ?? false,
    untilClientClosed: row?.untilClientClosed ?? false,
    yearsAfterClose: row?.yearsAfterClose ?? null,
  };
}

/**
 * Writes down what the rules in force promise for each of the account's meetings, before the rules change: a later,
 * shorter schedule then keeps each record at least as long. Promises only grow.
 */
export async function keepPromises(tx: Sql, userId: number, rules: MeetingKindRules): Promise<void> {
  await tx`
    insert into record_promises (meeting_id, kind, keep_until, years_after_close)
    select m.id, r.kind,
      case when r.mode in ('days', 'years', 'forever') then ${tx.unsafe(RULE_UNTIL)} end,
      case when r.mode = 'after-close' then r.amount end
    from meetings m join clients c on c.id = m.client_id cross join (${rulesTable(tx, rules)}) r
    where m.user_id = ${userId} and r.mode <> 'none'
    on conflict (meeting_id, kind) do update set
      keep_until = greatest(record_promises.keep_until, excluded.keep_until),
      years_after_close = greatest(record_promises.years_after_close, excluded.years_after_close)`;
}

/** The first legal hold on the records in `scope`: a held client (meetingTitle null), or a held meeting. */
export async function findLegalHold(
  sql: Sql,
  userId: number,
  scope: RecordScope,
): Promise<{ clientName: string; meetingTitle: string | null } | undefined> {
  const clientFilter =
    scope === "account"
      ? sql``
      : "clientId" in scope
        ? sql`and c.id = ${scope.clientId}`
        : sql`and c.id = (select client_id from meetings where id = ${scope.meetingId})`;
  const [row] = await sql<{ clientName: string; meetingTitle: string | null }[]>`
    select c.name as "clientName", null as "meetingTitle" from clients c
    where c.user_id = ${userId} and c.legal_hold_at is not null ${clientFilter}
    union all
    select c.name, m.title from meetings m join clients c on c.id = m.client_id
    where m.user_id = ${userId} and m.legal_hold_at is not null ${scopeFilter(sql, scope)}
    limit 1`;
  return row;
}

export interface AuditPromise {
  before: string;
  mode: RetentionRule["mode"];
  amount: number;
}

export async function findAuditPromises(sql: Sql, userId: number): Promise<AuditPromise[]> {
  const [row] = await sql<{ promises: AuditPromise[] }[]>`
    select audit_promises as promises from account_settings where user_id = ${userId}`;
  return Array.isArray(row?.promises) ? row.promises : [];
}

export async function saveAuditPromises(sql: Sql, userId: number, promises: AuditPromise[]): Promise<void> {
  await sql`update account_settings set audit_promises = ${sql.json(promises as unknown as postgres.JSONValue)}
    where user_id = ${userId}`;
}

/** When the account's trail began and its latest row was written (null: no rows). */
export async function findAuditSpan(sql: Sql, userId: number): Promise<{ last: Date | null }> {
  const [row] = await sql<{ last: Date | null }[]>`select max(at) as last from audit_log where account_id = ${userId}`;
  return { last: row?.last ?? null };
}

/** The oldest trail row about a held client or meeting of the account: the trail's disposal stops before it. */
export async function findEarliestHeldAuditRow(sql: Sql, userId: number): Promise<Date | null> {
  const [row] = await sql<{ at: Date | null }[]>`
    select min(a.at) as at from audit_log a where a.account_id = ${userId} and (
      a.client_id in (select id from clients where user_id = ${userId} and legal_hold_at is not null)
      or a.meeting_id in (select id from meetings where user_id = ${userId} and legal_hold_at is not null)
      or a.meeting_id in (select m.id from meetings m join clients c on c.id = m.client_id
        where m.user_id = ${userId} and c.legal_hold_at is not null))`;
  return row?.at ?? null;
}
