import type { Sql } from "../client";

/** An upsert keeps a job that runs twice to one transcript per meeting (summaries: ./summaries.ts). */
export async function upsertTranscript(
  sql: Sql,
  { meetingId, fullText, segments }: { meetingId: number; fullText: string; segments: unknown[] },
): Promise<void> {
  await sql`insert into transcripts (meeting_id, full_text, segments)
    values (${meetingId}, ${fullText}, ${sql.json(segments as never)})
    on conflict (meeting_id) do update set full_text = excluded.full_text, segments = excluded.segments`;
}

export async function findTranscript(sql: Sql, meetingId: number) {
  const [row] = await sql<{ fullText: string; segments: unknown[] }[]>`
    select full_text as "fullText", segments from transcripts where meeting_id = ${meetingId}`;
  return row;
}
