import type { Sql } from "../client";

export interface NewPaymentEvent {
  stripeEventId: string;
  kind: string;
  status: string;
  stripeSessionId?: string | null;
  userId?: number | null;
  payload?: Record<string, unknown>;
}

/**
 * Records a Stripe event once: true when this call stored it, false when the event id was already
 * recorded (a redelivery), so each webhook event is handled at most once.
 */
export async function recordPaymentEvent(sql: Sql, event: NewPaymentEvent): Promise<boolean> {
  const rows = await sql`
    insert into payments (stripe_event_id, stripe_session_id, user_id, kind, status, payload)
    values (${event.stripeEventId}, ${event.stripeSessionId ?? null}, ${event.userId ?? null}, ${event.kind},
      ${event.status}, ${sql.json((event.payload ?? {}) as never)})
    on conflict (stripe_event_id) do nothing
    returning id`;
  return rows.length === 1;
}

/** Notes the outcome of handling an event (and the user it concerned, when known). */
export async function updatePaymentEvent(
  sql: Sql,
  stripeEventId: string,
  fields: { status: string; userId?: number | null },
): Promise<void> {
  await sql`update payments set status = ${fields.status}, user_id = coalesce(${fields.userId ?? null}, user_id)
    where stripe_event_id = ${stripeEventId}`;
}

/** Forgets an event whose handling failed, so Stripe's retry is processed instead of skipped. */
export async function deletePaymentEvent(sql: Sql, stripeEventId: string): Promise<void> {
  await sql`delete from payments where stripe_event_id = ${stripeEventId}`;
}
