import type { Sql } from "../client";

/** The speakers of each client's meetings, each once: who a question may name by first name ("Peggy", "Jenna"). */
export async function listClientSpeakers(sql: Sql, userId: number): Promise<{ clientId: number; speaker: string }[]> {
  return sql<{ clientId: number; speaker: string }[]>`
    select distinct m.client_id as "clientId", s.speaker
    from meetings m join transcripts t on t.meeting_id = m.id
    cross join lateral unnest(t.speakers) as s (speaker)
    where m.user_id = ${userId}
    limit 2000`;
}
