import type { Sql } from "../client";

/** One follow-up e-mail sent about a meeting (migration 012). */
export interface FollowUpRow {
  recipients: string[];
  subject: string;
  sentAt: Date;
}

/** Records a sent follow-up; the meeting must be the user's (nothing is written otherwise). */
export async function recordFollowUp(
  sql: Sql,
  userId: number,
  meetingId: number,
  sent: { recipients: string[]; subject: string },
): Promise<FollowUpRow | undefined> {
  const [row] = await sql<FollowUpRow[]>`
    insert into follow_ups (meeting_id, user_id, recipients, subject)
    select m.id, m.user_id, ${sql.array(sent.recipients)}::text[], ${sent.subject}
    from meetings m where m.id = ${meetingId} and m.user_id = ${userId}
    returning recipients, subject, sent_at as "sentAt"`;
  return row;
}

/** The follow-ups sent about a meeting of the user, newest first (at most `limit`). */
export async function listFollowUps(sql: Sql, userId: number, meetingId: number, limit = 20): Promise<FollowUpRow[]> {
  return sql<FollowUpRow[]>`
    select recipients, subject, sent_at as "sentAt" from follow_ups
    where meeting_id = ${meetingId} and user_id = ${userId}
    order by sent_at desc, id desc limit ${limit}`;
}
