import type { Sql } from "../client";

/** A speaker of a client's meetings, and the meetings they speak in. */
export interface ClientSpeaker {
  clientId: number;
  speaker: string;
  meetingIds: number[];
}

/**
 * The speakers of each client's meetings, each once with their meetings: who a question may name by first name
 * ("Peggy", "Jenna"), and whose clients a question may ask for ("Which clients is Tomás handling?").
 */
export async function listClientSpeakers(sql: Sql, userId: number): Promise<ClientSpeaker[]> {
  return sql<ClientSpeaker[]>`
    select m.client_id as "clientId", s.speaker, array_agg(distinct m.id order by m.id) as "meetingIds"
    from meetings m join transcripts t on t.meeting_id = m.id
    cross join lateral unnest(t.speakers) as s (speaker)
    where m.user_id = ${userId}
    group by m.client_id, s.speaker
    limit 2000`;
}
