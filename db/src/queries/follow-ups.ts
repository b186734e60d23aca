import type { Sql } from "../client";

/** One follow-up e-mail sent about a meeting (migrations 012, 039: kept as sent). */
export interface FollowUpRow {
  id: number;
  recipients: string[];
  subject: string;
  sentAt: Date;
  bodyText: string;
  bodyHtml: string;
  replyTo: string | null;
  /** The version of the meeting's summary it was written from (GET .../versions); null: before versions. */
  summaryVersion: number | null;
}

const columns = (sql: Sql) => sql`id, recipients, subject, sent_at as "sentAt", body_text as "bodyText",
  body_html as "bodyHtml", reply_to as "replyTo", summary_version as "summaryVersion"`;

/** Records a sent follow-up as sent; the meeting must be the user's (nothing is written otherwise). */
export async function recordFollowUp(
  sql: Sql,
  userId: number,
  meetingId: number,
  sent: { recipients: string[]; subject: string; bodyText: string; bodyHtml: string; replyTo: string | null },
): Promise<FollowUpRow | undefined> {
  const [row] = await sql<FollowUpRow[]>`
    insert into follow_ups (meeting_id, user_id, recipients, subject, body_text, body_html, reply_to, summary_version)
    select m.id, m.user_id, ${sql.array(sent.recipients)}::text[], ${sent.subject}, ${sent.bodyText},
      ${sent.bodyHtml}, ${sent.replyTo},
      (select max(v.version) from record_versions v where v.meeting_id = m.id and v.kind = 'summary')
    from meetings m where m.id = ${meetingId} and m.user_id = ${userId}
    returning ${columns(sql)}`;
  return row;
}

/** The follow-ups sent about a meeting of the user, newest first (at most `limit`). */
export async function listFollowUps(sql: Sql, userId: number, meetingId: number, limit = 20): Promise<FollowUpRow[]> {
  return sql<FollowUpRow[]>`
    select ${columns(sql)} from follow_ups
    where meeting_id = ${meetingId} and user_id = ${userId}
    order by sent_at desc, id desc limit ${limit}`;
}
