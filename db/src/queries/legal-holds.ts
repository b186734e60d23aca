import type { Sql } from "../client";

export type HoldTarget = "clients" | "meetings";

/**
 * Places a hold (kept if already placed: its first day stays) on the user's client or meeting: the time it was
 * placed, "deleting" when the record is already on its way out (a deletion checked it first), undefined when it is
 * not the user's.
 */
export async function placeLegalHold(
  sql: Sql,
  userId: number,
  target: HoldTarget,
  id: number,
): Promise<Date | "deleting" | undefined> {
  const [row] = await sql<{ heldAt: Date | null; deleting: boolean }[]>`
    update ${sql(target)} t set legal_hold_at = case when t.deleting_at is null and not ${clientDeleting(sql, target)}
      then coalesce(t.legal_hold_at, now()) else t.legal_hold_at end
    where t.id = ${id} and t.user_id = ${userId}
    returning t.legal_hold_at as "heldAt", t.deleting_at is not null or ${clientDeleting(sql, target)} as deleting`;
  if (!row) return undefined;
  return row.deleting ? "deleting" : (row.heldAt ?? undefined);
}

/** A meeting whose client is being deleted goes with it. */
const clientDeleting = (sql: Sql, target: HoldTarget) =>
  target === "meetings"
    ? sql`exists (select 1 from clients c where c.id = t.client_id and c.deleting_at is not null)`
    : sql`false`;

/** Releases a hold; false when the record is not the user's. Whether one was placed is returned as `wasHeld`. */
export async function releaseLegalHold(
  sql: Sql,
  userId: number,
  target: HoldTarget,
  id: number,
): Promise<{ wasHeld: boolean } | undefined> {
  const [row] = await sql<{ wasHeld: boolean }[]>`
    with before as (select id, legal_hold_at from ${sql(target)} where id = ${id} and user_id = ${userId} for update)
    update ${sql(target)} t set legal_hold_at = null from before where t.id = before.id
    returning before.legal_hold_at is not null as "wasHeld"`;
  return row;
}

export interface HeldRecord {
  id: number;
  name: string;
  clientId: number;
  heldAt: Date;
}

/** The user's held clients (name) and held meetings (title), oldest hold first. */
export async function listLegalHolds(
  sql: Sql,
  userId: number,
): Promise<{ clients: HeldRecord[]; meetings: HeldRecord[] }> {
  const clients = await sql<HeldRecord[]>`
    select id, name, id as "clientId", legal_hold_at as "heldAt" from clients
    where user_id = ${userId} and legal_hold_at is not null order by legal_hold_at, id limit 1000`;
  const meetings = await sql<HeldRecord[]>`
    select id, title as name, client_id as "clientId", legal_hold_at as "heldAt" from meetings
    where user_id = ${userId} and legal_hold_at is not null order by legal_hold_at, id limit 1000`;
  return { clients, meetings };
}

/** Closes a client's matter (the law firm preset counts from here) or opens it again; false when not the user's. */
export async function setClientClosed(sql: Sql, userId: number, clientId: number, closed: boolean) {
  const rows = await sql`update clients set closed_at = ${closed ? sql`coalesce(closed_at, now())` : null}
    where id = ${clientId} and user_id = ${userId} returning id`;
  return rows.length > 0;
}
