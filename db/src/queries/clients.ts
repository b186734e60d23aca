import type { Sql } from "../client";

export interface ClientRow {
  id: number;
  name: string;
  type: string;
  /** The default recipient of follow-up e-mails (migration 012); null when none was given. */
  email: string | null;
  createdAt: Date;
  meetingCount: number;
}

export async function listClients(sql: Sql, userId: number): Promise<ClientRow[]> {
  return sql<ClientRow[]>`
    select c.id, c.name, c.type, c.email, c.created_at as "createdAt",
      (select count(*)::int from meetings m where m.client_id = c.id) as "meetingCount"
    from clients c where c.user_id = ${userId}
    order by lower(c.name), c.id`;
}

export async function findClient(sql: Sql, userId: number, id: number): Promise<ClientRow | undefined> {
  const [row] = await sql<ClientRow[]>`
    select c.id, c.name, c.type, c.email, c.created_at as "createdAt",
      (select count(*)::int from meetings m where m.client_id = c.id) as "meetingCount"
    from clients c where c.user_id = ${userId} and c.id = ${id}`;
  return row;
}

export async function insertClient(
  sql: Sql,
  userId: number,
  client: { name: string; type: string; email?: string | null },
): Promise<ClientRow> {
  const [row] = await sql<ClientRow[]>`
    insert into clients (user_id, name, type, email) values (${userId}, ${client.name}, ${client.type}, ${client.email ?? null})
    returning id, name, type, email, created_at as "createdAt", 0 as "meetingCount"`;
  return row!;
}

/** Sets or clears (null) a client's e-mail address; undefined when the client is not the user's. */
export async function updateClientEmail(
  sql: Sql,
  userId: number,
  id: number,
  email: string | null,
): Promise<ClientRow | undefined> {
  const [row] = await sql<ClientRow[]>`
    update clients c set email = ${email} where c.user_id = ${userId} and c.id = ${id}
    returning c.id, c.name, c.type, c.email, c.created_at as "createdAt",
      (select count(*)::int from meetings m where m.client_id = c.id) as "meetingCount"`;
  return row;
}

/** Deletes a client with its meetings (cascade); returns the stored audio paths to remove. */
export async function deleteClient(
  sql: Sql,
  userId: number,
  id: number,
): Promise<{ deleted: boolean; audioPaths: string[] }> {
  return sql.begin(async (tx) => {
    const audio = await tx<{ audioPath: string }[]>`
      select audio_path as "audioPath" from meetings where user_id = ${userId} and client_id = ${id} and audio_path is not null`;
    const rows = await tx`delete from clients where user_id = ${userId} and id = ${id} returning id`;
    if (rows.length === 0) return { deleted: false, audioPaths: [] };
    if (audio.length) {
      await tx`insert into file_deletions ${tx(audio.map((a) => ({ path: a.audioPath })))} on conflict do nothing`;
    }
    return { deleted: true, audioPaths: audio.map((a) => a.audioPath) };
  });
}
