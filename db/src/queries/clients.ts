import type { Sql } from "../client";
import { removeMeetingRowsInBatches } from "./meetings";
import { retryOnDeadlock } from "./retry-on-deadlock";

export interface ClientRow {
  id: number;
  name: string;
  type: string;
  /** The client's contact addresses (migration 017): the only recipients its follow-ups may have, besides the advisor. */
  emails: string[];
  createdAt: Date;
  meetingCount: number;
}

export async function listClients(sql: Sql, userId: number): Promise<ClientRow[]> {
  return sql<ClientRow[]>`
    select c.id, c.name, c.type, c.emails, c.created_at as "createdAt",
      (select count(*)::int from meetings m where m.client_id = c.id) as "meetingCount"
    from clients c where c.user_id = ${userId}
    order by lower(c.name), c.id`;
}

export async function findClient(sql: Sql, userId: number, id: number): Promise<ClientRow | undefined> {
  const [row] = await sql<ClientRow[]>`
    select c.id, c.name, c.type, c.emails, c.created_at as "createdAt",
      (select count(*)::int from meetings m where m.client_id = c.id) as "meetingCount"
    from clients c where c.user_id = ${userId} and c.id = ${id}`;
  return row;
}

export async function insertClient(
  sql: Sql,
  userId: number,
  client: { name: string; type: string; emails?: string[] },
): Promise<ClientRow> {
  const [row] = await sql<ClientRow[]>`
    insert into clients (user_id, name, type, emails)
    values (${userId}, ${client.name}, ${client.type}, ${sql.array(client.emails ?? [])}::text[])
    returning id, name, type, emails, created_at as "createdAt", 0 as "meetingCount"`;
  return row!;
}

/**
 * Adds a contact address to the user's client unless it already holds it (compared case-insensitively) or already
 * holds `maxAddresses`. Answers the client and whether the address was added; undefined when the client is not the
 * user's. One statement, so two requests adding the same address store it once.
 */
export async function addClientEmail(
  sql: Sql,
  {
    userId,
    clientId,
    address,
    maxAddresses,
  }: { userId: number; clientId: number; address: string; maxAddresses: number },
): Promise<{ client: ClientRow; added: boolean } | undefined> {
  const [updated] = await sql<ClientRow[]>`
    update clients c set emails = array_append(c.emails, ${address}::text)
    where c.user_id = ${userId} and c.id = ${clientId} and cardinality(c.emails) < ${maxAddresses}
      and not exists (select 1 from unnest(c.emails) e where lower(e) = lower(${address}))
    returning c.id, c.name, c.type, c.emails, c.created_at as "createdAt",
      (select count(*)::int from meetings m where m.client_id = c.id) as "meetingCount"`;
  if (updated) return { client: updated, added: true };
  const client = await findClient(sql, userId, clientId);
  return client ? { client, added: false } : undefined;
}

/**
 * Changes the user's client: the fields given (emails replaces the whole list). Undefined when the client is not the
 * user's; a name another of the user's clients has fails with the unique violation (23505), as on insert.
 */
export async function updateClient(
  sql: Sql,
  userId: number,
  id: number,
  change: { name?: string; type?: string; emails?: string[] },
): Promise<ClientRow | undefined> {
  const [row] = await sql<ClientRow[]>`
    update clients c set
      name = coalesce(${change.name ?? null}, c.name),
      type = coalesce(${change.type ?? null}, c.type),
      emails = coalesce(${change.emails === undefined ? null : sql.array(change.emails)}::text[], c.emails)
    where c.user_id = ${userId} and c.id = ${id}
    returning c.id, c.name, c.type, c.emails, c.created_at as "createdAt",
      (select count(*)::int from meetings m where m.client_id = c.id) as "meetingCount"`;
  return row;
}

/**
 * Deletes a client with its meetings (cascade); returns the stored audio paths to remove. Each meeting's bulk rows
 * (segment rows, chunks, text parts) go first in short statements, as when one meeting is deleted: in the cascade, a
 * client's meetings held the embedded database's one session for as long as all their rows took to remove.
 */
export async function deleteClient(
  sql: Sql,
  userId: number,
  id: number,
  /** Runs in the deleting transaction once the client is gone (its audit row). */
  onDeleted?: (tx: Sql) => Promise<unknown>,
): Promise<{ deleted: boolean; audioPaths: string[] }> {
  const meetings = await sql<{ id: number }[]>`
    select id from meetings where user_id = ${userId} and client_id = ${id} order by id`;
  for (const meeting of meetings) await removeMeetingRowsInBatches(sql, userId, meeting.id);
  return retryOnDeadlock(() =>
    sql.begin(async (tx) => {
      const audio = await tx<{ audioPath: string }[]>`
      select audio_path as "audioPath" from meetings where user_id = ${userId} and client_id = ${id} and audio_path is not null`;
      const rows = await tx`delete from clients where user_id = ${userId} and id = ${id} returning id`;
      if (rows.length === 0) return { deleted: false, audioPaths: [] };
      if (audio.length) {
        await tx`insert into file_deletions ${tx(audio.map((a) => ({ path: a.audioPath })))} on conflict do nothing`;
      }
      await onDeleted?.(tx as unknown as Sql);
      return { deleted: true, audioPaths: audio.map((a) => a.audioPath) };
    }),
  );
}
