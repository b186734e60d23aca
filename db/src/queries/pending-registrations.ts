import type { Sql } from "../client";

export interface PendingRegistrationRow {
  id: string;
  email: string;
  username: string;
  fullName: string;
  plan: string;
  stripeSessionId: string | null;
  paidAt: Date | null;
  userId: number | null;
  createdAt: Date;
}

const columns = (sql: Sql) => sql`id, email, username, full_name as "fullName", plan,
  stripe_session_id as "stripeSessionId", paid_at as "paidAt", user_id as "userId", created_at as "createdAt"`;

export async function insertPendingRegistration(
  sql: Sql,
  row: { id: string; email: string; username: string; fullName: string; plan: string },
): Promise<void> {
  await sql`insert into pending_registrations (id, email, username, full_name, plan)
    values (${row.id}, ${row.email}, ${row.username}, ${row.fullName}, ${row.plan})`;
}

export async function setPendingRegistrationSession(sql: Sql, id: string, stripeSessionId: string): Promise<void> {
  await sql`update pending_registrations set stripe_session_id = ${stripeSessionId} where id = ${id}`;
}

export async function findPendingRegistration(sql: Sql, id: string): Promise<PendingRegistrationRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await sql<PendingRegistrationRow[]>`select ${columns(sql)} from pending_registrations where id = ${id}`;
  return row;
}

/** Idempotent: marking an already paid registration changes nothing. */
export async function markPendingRegistrationPaid(sql: Sql, stripeSessionId: string): Promise<boolean> {
  const rows = await sql`update pending_registrations set paid_at = coalesce(paid_at, now())
    where stripe_session_id = ${stripeSessionId} returning id`;
  return rows.length > 0;
}

/** Links the created account; false when another request already completed this registration. */
export async function claimPendingRegistration(sql: Sql, id: string, userId: number): Promise<boolean> {
  const rows = await sql`update pending_registrations set user_id = ${userId}
    where id = ${id} and user_id is null and paid_at is not null returning id`;
  return rows.length === 1;
}
