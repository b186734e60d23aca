import type { Sql } from "../client";

export interface NoteRow {
  id: number;
  meetingId: number;
  content: string;
  createdAt: Date;
  updatedAt: Date;
}

export async function findNote(sql: Sql, userId: number, meetingId: number): Promise<NoteRow | undefined> {
  const [row] = await sql<NoteRow[]>`
    select id, meeting_id as "meetingId", content, created_at as "createdAt", updated_at as "updatedAt"
    from notes where user_id = ${userId} and meeting_id = ${meetingId}`;
  return row;
}

/** One note per meeting per user: saving again replaces the content. */
export async function saveNote(
  sql: Sql,
  { userId, meetingId, content }: { userId: number; meetingId: number; content: string },
): Promise<NoteRow> {
  const [row] = await sql<NoteRow[]>`
    insert into notes (meeting_id, user_id, content) values (${meetingId}, ${userId}, ${content})
    on conflict (meeting_id, user_id) do update set content = excluded.content, updated_at = now()
    returning id, meeting_id as "meetingId", content, created_at as "createdAt", updated_at as "updatedAt"`;
  return row!;
}
