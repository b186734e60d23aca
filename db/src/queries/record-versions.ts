// The versions of a meeting's records (migration 039): the summary's and the notes' are kept by triggers, the
// transcript's by the code that changes it (keepTranscriptVersions). Who made a change is the transaction's
// cm.actor_user_id, set by actingAs; none is the AI.
import type { Sql } from "../client";
import { inTransaction } from "./in-transaction";

export type VersionedKind = "summary" | "notes" | "transcript";

export interface RecordVersion {
  id: number;
  kind: VersionedKind;
  version: number;
  actorUserId: number | null;
  actorName: string | null;
  source: "ai" | "person" | "found";
  createdAt: Date;
  content: Record<string, unknown>;
}

/** Runs `work` in a transaction (or savepoint) whose changes to versioned records are the person `userId`'s. */
export async function actingAs<T>(sql: Sql, userId: number, work: (tx: Sql) => Promise<T>): Promise<T> {
  return inTransaction(sql, async (tx) => {
    await tx`select set_config('cm.actor_user_id', ${String(userId)}, true)`;
    return work(tx);
  });
}

/** Every version of one of the user's meetings, oldest first per kind; undefined when the meeting is not theirs. */
export async function listRecordVersions(
  sql: Sql,
  userId: number,
  meetingId: number,
  kind?: VersionedKind,
): Promise<RecordVersion[] | undefined> {
  const [meeting] = await sql`select id from meetings where id = ${meetingId} and user_id = ${userId}`;
  if (!meeting) return undefined;
  return sql<RecordVersion[]>`
    select v.id, v.kind, v.version, v.actor_user_id as "actorUserId",
      coalesce(u.full_name, u.username) as "actorName", v.source, v.created_at as "createdAt", v.content
    from record_versions v left join users u on u.id = v.actor_user_id
    where v.meeting_id = ${meetingId} and (${kind ?? null}::text is null or v.kind = ${kind ?? null})
    order by v.kind, v.version`;
}

/** The latest version number of a meeting's record (0 when it has none). */
export async function latestVersionNumber(sql: Sql, meetingId: number, kind: VersionedKind): Promise<number> {
  const [row] = await sql<{ version: number }[]>`
    select coalesce(max(version), 0)::int as version from record_versions
    where meeting_id = ${meetingId} and kind = ${kind}`;
  return row?.version ?? 0;
}

/**
 * A transcript's text as the transcriber wrote it, kept as its next version unless that is already the latest
 * (dated when the transcript was written): called before the text changes (a speaker renamed) or is dropped to be
 * transcribed again, so every transcription, not only the first, stays.
 */
export async function keepTranscriberVersion(
  sql: Sql,
  meeting: { id: number; userId: number },
  text: string,
): Promise<void> {
  await inTransaction(sql, async (tx) => {
    await tx`select pg_advisory_xact_lock(39039, (${meeting.id}::bigint % 2147483647)::integer)`;
    await tx`
      insert into record_versions (meeting_id, user_id, kind, version, actor_user_id, source, created_at, content)
      select ${meeting.id}, ${meeting.userId}, 'transcript', coalesce(latest.version, 0) + 1, null, 'ai', t.created_at,
        jsonb_build_object('text', ${text}::text)
      from transcripts t
      left join lateral (select v.version, v.content from record_versions v
        where v.meeting_id = t.meeting_id and v.kind = 'transcript' order by v.version desc limit 1) latest on true
      where t.meeting_id = ${meeting.id}
        and (latest.content is null or latest.content <> jsonb_build_object('text', ${text}::text))`;
  });
}

/** A transcript about to change: the text before (keepTranscriberVersion), then `changed` by the transaction's actor. */
export async function keepTranscriptVersions(
  tx: Sql,
  meeting: { id: number; userId: number },
  before: string,
  changed: string,
): Promise<void> {
  await keepTranscriberVersion(tx, meeting, before);
  await tx`select cm_write_version(${meeting.id}, ${meeting.userId}, 'transcript',
    nullif(current_setting('cm.actor_user_id', true), '')::bigint, jsonb_build_object('text', ${changed}::text))`;
}
