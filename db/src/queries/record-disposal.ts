import type { Sql } from "../client";
import { inTransaction } from "./in-transaction";
import { KEPT_UNTIL, type MeetingKindRules, rulesTable } from "./retention";

export type DisposableKind = "recordings" | "transcripts" | "notes" | "emails";
const KINDS: readonly DisposableKind[] = ["recordings", "transcripts", "notes", "emails"];

/** Accounts whose schedule or plan may dispose of something, after `afterId`, in id order. */
export async function listAccountsToDispose(
  sql: Sql,
  options: { planRecordings: boolean; afterId: number; limit: number },
): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id from users u where u.id > ${options.afterId} and (
      exists (select 1 from account_settings s where s.user_id = u.id
        and (s.retention_preset <> 'none' or s.retention_overrides <> '{}'::jsonb))
      or (${options.planRecordings} and u.subscription_plan in ('basic', 'premium')))
    order by id limit ${options.limit}`;
  return rows.map((row) => Number(row.id));
}

export interface DueMeeting {
  meetingId: number;
  /** Every kind's retention has ended: the meeting goes as a whole. */
  whole: boolean;
  /** Otherwise the kinds whose retention ended (or, for recordings, whose plan's days ran out) that still exist. */
  kinds: DisposableKind[];
  /** "plan": only the plan's recording days ran out; else a retention ended. */
  reason: "retention" | "plan";
}

export interface DueOptions {
  userId: number;
  rules: MeetingKindRules;
  /** Days after which the plan deletes recordings, unless a schedule keeps them; null: never. */
  planRecordingDays: number | null;
  now: Date;
}

/**
 * The account's meetings (after `afterId`, at most `limit`) with something to dispose of at `now`: none under a legal
 * hold (its own or its client's) or on its way out. A kind is due when the rule in force gives it an end (days,
 * years, or years after its client was closed) and that end, with every earlier promise, is past.
 */
export async function listDueMeetings(
  sql: Sql,
  options: DueOptions & { afterId: number; limit: number; meetingId?: number },
): Promise<{ due: DueMeeting[]; lastId: number | undefined }> {
  const { userId, rules, planRecordingDays, now } = options;
  const only = options.meetingId === undefined ? sql`` : sql`and m.id = ${options.meetingId}`;
  const rows = await sql<{ id: number; kind: DisposableKind; due: boolean; planDue: boolean; exists: boolean }[]>`
    with page as (
      select m.id from meetings m where m.user_id = ${userId} and m.id > ${options.afterId} ${only}
      order by m.id limit ${options.limit}
    )
    select m.id, r.kind,
      r.mode in ('days', 'years', 'after-close') and ${sql.unsafe(KEPT_UNTIL)} <= ${now} as due,
      r.kind = 'recordings' and ${planRecordingDays}::int is not null
        and m.created_at + make_interval(days => ${planRecordingDays ?? 0}::int) <= ${now}
        and coalesce(${sql.unsafe(KEPT_UNTIL)} <= ${now}, true) as "planDue",
      d.kind is null and case r.kind
        when 'recordings' then m.audio_path is not null
        when 'transcripts' then exists (select 1 from transcripts t where t.meeting_id = m.id)
        when 'notes' then exists (select 1 from summaries s where s.meeting_id = m.id)
          or exists (select 1 from notes n where n.meeting_id = m.id)
        else exists (select 1 from follow_ups f where f.meeting_id = m.id) end as exists
    from page join meetings m on m.id = page.id join clients c on c.id = m.client_id
    cross join (${rulesTable(sql, rules)}) r
    left join record_promises p on p.meeting_id = m.id and p.kind = r.kind
    left join record_disposals d on d.meeting_id = m.id and d.kind = r.kind
    where m.legal_hold_at is null and c.legal_hold_at is null and m.deleting_at is null and c.deleting_at is null
    order by m.id`;
  const lastPage = await sql<{ id: number }[]>`
    select max(id) as id from (select m.id from meetings m where m.user_id = ${userId} and m.id > ${options.afterId}
    ${only} order by m.id limit ${options.limit}) page`;
  const byMeeting = new Map<number, (typeof rows)[number][]>();
  for (const row of rows) {
    const id = Number(row.id);
    const list = byMeeting.get(id) ?? [];
    list.push(row);
    byMeeting.set(id, list);
  }
  const due: DueMeeting[] = [];
  for (const [meetingId, kinds] of byMeeting) {
    const whole = KINDS.every((kind) => kinds.some((row) => row.kind === kind && row.due));
    const ended = kinds.filter((row) => row.exists && (row.due || row.planDue)).map((row) => row.kind);
    const byPlanOnly = !whole && kinds.every((row) => !row.exists || !row.due);
    if (whole || ended.length > 0)
      due.push({ meetingId, whole, kinds: ended, reason: byPlanOnly ? "plan" : "retention" });
  }
  const lastId = lastPage[0]?.id;
  return { due, lastId: lastId === null || lastId === undefined ? undefined : Number(lastId) };
}

/** What one disposal removed, for the trail and the stored files. */
export interface Disposal {
  meetingId: number;
  clientId: number;
  title: string;
  whole: boolean;
  kinds: DisposableKind[];
  reason: "retention" | "plan";
  audioPath: string | null;
}

/**
 * Disposes of one meeting's due records in one transaction, checked again under the meeting's lock (a meeting another
 * process holds is skipped: it disposes of it or a later run will): the meeting whole, or the due kinds' rows. The
 * recording's file is recorded for removal in the same transaction. `record` writes the trail's entry inside it, so a
 * crash leaves the records whole and no entry, or gone and the entry. Undefined when nothing was due any more.
 */
export async function disposeMeeting(
  sql: Sql,
  options: DueOptions & { meetingId: number },
  record: (tx: Sql, disposal: Disposal) => Promise<void>,
): Promise<Disposal | undefined> {
  return inTransaction(sql, async (tx) => {
    const [meeting] = await tx<{ clientId: number; title: string; audioPath: string | null }[]>`
      select client_id as "clientId", title, audio_path as "audioPath" from meetings
      where id = ${options.meetingId} and user_id = ${options.userId} for update skip locked`;
    if (!meeting) return undefined;
    await tx`select 1 from clients where id = ${meeting.clientId} for share`;
    const { due } = await listDueMeetings(tx, { ...options, afterId: 0, limit: 1 });
    const found = due[0];
    if (!found) return undefined;
    const disposal: Disposal = {
      meetingId: options.meetingId,
      clientId: Number(meeting.clientId),
      title: meeting.title,
      whole: found.whole,
      kinds: found.kinds,
      reason: found.reason,
      audioPath: found.whole || found.kinds.includes("recordings") ? meeting.audioPath : null,
    };
    if (found.whole) await tx`delete from meetings where id = ${options.meetingId}`;
    else for (const kind of found.kinds) await removeKind(tx, options.meetingId, kind);
    if (disposal.audioPath) {
      await tx`insert into file_deletions (path) values (${disposal.audioPath}) on conflict do nothing`;
    }
    await record(tx, disposal);
    return disposal;
  });
}

/** One kind of a meeting's records removed, with the search chunks made from it; the meeting stays. */
async function removeKind(tx: Sql, meetingId: number, kind: DisposableKind): Promise<void> {
  if (kind === "recordings") {
    await tx`update meetings set audio_path = null, updated_at = now() where id = ${meetingId}`;
  } else if (kind === "transcripts") {
    await tx`delete from chunks where meeting_id = ${meetingId} and source = 'transcript'`;
    await tx`delete from chunk_term_counts where meeting_id = ${meetingId}`;
    await tx`delete from transcript_pieces where meeting_id = ${meetingId}`;
    await tx`delete from transcripts where meeting_id = ${meetingId}`;
    await tx`delete from record_versions where meeting_id = ${meetingId} and kind = 'transcript'`;
  } else if (kind === "notes") {
    await tx`delete from chunks where meeting_id = ${meetingId} and source in ('summary', 'note')`;
    await tx`delete from chunk_term_counts where meeting_id = ${meetingId}`;
    await tx`delete from action_items where meeting_id = ${meetingId}`;
    await tx`delete from summaries where meeting_id = ${meetingId}`;
    await tx`delete from notes where meeting_id = ${meetingId}`;
    await tx`delete from record_versions where meeting_id = ${meetingId} and kind in ('summary', 'notes')`;
  } else {
    await tx`delete from follow_ups where meeting_id = ${meetingId}`;
  }
  await tx`insert into record_disposals (meeting_id, kind) values (${meetingId}, ${kind}) on conflict do nothing`;
}
