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

/**
 * Which of the given words the user's meetings (transcripts, summaries, notes) hold anywhere, compared as full-text
 * lexemes: a name a question uses is either someone the meetings mention or nobody the user knows.
 */
export async function wordsInMeetings(sql: Sql, userId: number, words: string[]): Promise<Set<string>> {
  const asked = [...new Set(words.map((w) => w.toLowerCase()).filter(Boolean))].slice(0, 20);
  if (asked.length === 0) return new Set();
  const rows = await sql<{ word: string }[]>`
    select w.word from unnest(${asked}::text[]) as w (word)
    where exists (
      select 1 from chunk_term_counts t
      where t.user_id = ${userId}
        and t.term = any(tsvector_to_array(to_tsvector('english', w.word))))`;
  return new Set(rows.map((r) => r.word));
}
