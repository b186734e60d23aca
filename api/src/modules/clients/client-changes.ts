import { type ClientRow, findClient, updateClient } from "@cm/db/queries/clients";
import type { AppContext } from "../../context";
import { badRequest, HttpError, notFound } from "../../http-error";
import { type AuditWho, auditedChange } from "../audit/audited";
import { limitedWrite } from "../usage/limited-write";
import { checkClientEmails, countNewAddresses, findContactsLimit } from "./client-addresses";
import type { ClientPatchBody } from "./model";

/** The duplicate-name refusal, the same on create and on rename (the web matches "duplicate"). */
export const duplicateClientName = () =>
  new HttpError(409, "duplicate: a client with this name already exists", "duplicate");

/** A required text field: trimmed, more than spaces, else a 400 naming it. */
export function requiredText(value: string, field: "name" | "type"): string {
  const text = value.trim();
  if (!text) throw badRequest(`validation failed: ${field} is required`);
  return text;
}

/**
 * Edits one of the user's clients (PATCH /api/clients/{id}). Addresses the client did not have before count against
 * the same daily cap as those added one by one; answers `{ retryAfterSeconds }` past it, before changing anything.
 */
export async function editClient(
  ctx: AppContext,
  userId: number,
  clientId: number,
  body: ClientPatchBody,
  who: AuditWho,
): Promise<{ client: ClientRow } | { retryAfterSeconds: number }> {
  const change: { name?: string; type?: string; emails?: string[] } = {};
  if (body.name !== undefined) change.name = requiredText(body.name, "name");
  if (body.type !== undefined) change.type = requiredText(body.type, "type");
  if (body.emails !== undefined) change.emails = checkClientEmails(body.emails, await findContactsLimit(ctx, userId));
  if (Object.keys(change).length === 0)
    throw badRequest("validation failed: nothing to change: send name, type or emails");
  const current = await findClient(ctx.db.sql, userId, clientId);
  if (!current) throw notFound("Client");
  if (change.emails) {
    const had = new Set(current.emails.map((address) => address.toLowerCase()));
    const added = change.emails.filter((address) => !had.has(address.toLowerCase())).length;
    const wait = await countNewAddresses(ctx, userId, added);
    if (wait > 0) return { retryAfterSeconds: wait };
  }
  try {
    const client = await limitedWrite(ctx, userId, undefined, (tx) =>
      auditedChange(
        tx,
        who,
        (inner) => updateClient(inner, userId, clientId, change),
        (changed) =>
          changed && { action: "client.edited", target: { kind: "client", id: clientId }, clientId, details: change },
      ),
    );
    if (!client) throw notFound("Client");
    return { client };
  } catch (error) {
    if ((error as { code?: string }).code === "23505") throw duplicateClientName();
    throw error;
  }
}
