// The account's own records beside its meetings, for GET /api/account/export: its profile (never the password's
// hash), its clients with their contact addresses and holds, and its saved Meeting Intelligence conversations.
import type { Sql } from "@cm/db";

export async function listExportExtras(sql: Sql, userId: number): Promise<[string, string][]> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const [account] = await sql`
    select id, username, email, full_name as "fullName", role, subscription_plan as "subscriptionPlan",
      subscription_status as "subscriptionStatus", created_at as "createdAt"
    from users where id = ${userId}`;
  const clients = await sql`
    select c.id, c.name, c.type, c.created_at as "createdAt", c.closed_at as "closedAt",
      c.legal_hold_at as "legalHoldSince", c.emails
    from clients c where c.user_id = ${userId} order by c.id`;
  const conversations = await sql`
    select c.id, c.title, c.created_at as "createdAt",
      coalesce((select json_agg(json_build_object('role', m.role, 'content', m.content, 'at', m.created_at)
        order by m.id) from conversation_messages m where m.conversation_id = c.id), '[]') as messages
    from conversations c where c.user_id = ${userId} order by c.id`;
  const [settings] = await sql`
    select retention_preset as "retentionPreset", law_firm_years as "lawFirmYears",
      retention_overrides as "retentionOverrides" from account_settings where user_id = ${userId}`;
  return [
    ["account.json", json({ ...account, settings: settings ?? null })],
    ["clients.json", json(clients)],
    ["conversations.json", json(conversations)],
  ];
}
