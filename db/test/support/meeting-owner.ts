// A user with one client and one processed meeting, written straight into the database: what chunk tests index into.
import type { Sql } from "../../src/client";

export async function meetingOwner(sql: Sql, name: string) {
  const [user] = await sql<{ id: number }[]>`
    insert into users (username, password, email) values (${name}, 'x', ${`${name}@example.com`}) returning id`;
  const [client] = await sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, ${`${name} Trust`}, 'Estate Planning') returning id`;
  const [meeting] = await sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status, source_kind)
    values (${user!.id}, ${client!.id}, 'Review', now(), 'Processed', 'transcript') returning id`;
  return { userId: user!.id, clientId: client!.id, meetingId: meeting!.id };
}
