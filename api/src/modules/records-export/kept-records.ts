// What an export reads of the records kept beside a meeting's current content: every version (migration 039) and
// each follow-up e-mail as it was sent.
import type { Sql } from "@cm/db";
import { listRecordVersions } from "@cm/db/queries/record-versions";
import type { SentEmail } from "./export-files";

/** Every version of the meeting's summary, notes and transcript, one JSON file each (who, when, the content). */
export async function listSummaryVersions(
  sql: Sql,
  userId: number,
  meetingId: number,
): Promise<{ name: string; content: string }[]> {
  const versions = (await listRecordVersions(sql, userId, meetingId)) ?? [];
  return versions.map((version) => ({
    name: `${version.kind}-${String(version.version).padStart(3, "0")}.json`,
    content: `${JSON.stringify(
      {
        kind: version.kind,
        version: version.version,
        source: version.source,
        by: version.actorUserId === null ? null : { userId: Number(version.actorUserId), name: version.actorName },
        at: version.createdAt.toISOString(),
        content: version.content,
      },
      null,
      2,
    )}\n`,
  }));
}

/** The meeting's follow-ups as sent, oldest first (at most the 500 latest: follow-ups are capped well below). */
export async function listSentEmails(sql: Sql, userId: number, meetingId: number): Promise<SentEmail[]> {
  const rows = await sql<
    { recipients: string[]; subject: string; sentAt: Date; bodyText: string; bodyHtml: string; from: string | null }[]
  >`
    select f.recipients, f.subject, f.sent_at as "sentAt", f.body_text as "bodyText", f.body_html as "bodyHtml",
      f.reply_to as "from"
    from follow_ups f where f.meeting_id = ${meetingId} and f.user_id = ${userId}
    order by f.sent_at, f.id limit 500`;
  return rows.map((row) => ({
    from: row.from,
    to: row.recipients,
    subject: row.subject,
    sentAt: row.sentAt,
    text: row.bodyText,
    html: row.bodyHtml || null,
  }));
}
