import { addClientEmail, type ClientRow, findClient } from "@cm/db/queries/clients";
import { hitRateLimit } from "@cm/db/queries/rate-limits";
import type { AppContext } from "../../context";
import { badRequest, notFound } from "../../http-error";
import { checkEmailAddress } from "../follow-up/email-address";
import { findQuotaLimits } from "../usage/account-quotas";
import { countCreation } from "../usage/creation-rate";
import { countLimitReached, limitedWrite } from "../usage/limited-write";

/** The most contact addresses a client of this user keeps (CONTACTS_PER_CLIENT); undefined: no limit. */
export async function findContactsLimit(ctx: AppContext, userId: number): Promise<number | undefined> {
  return (await findQuotaLimits(ctx, userId)).counts.contactsPerClient;
}

/**
 * New contact addresses one account may add per day, over all its clients: a follow-up goes only to a client's
 * addresses, so this bounds how many strangers an account can write to. Counted in rate_limits (every process).
 */
export const NEW_ADDRESS_LIMIT = { scope: "client-address:user", limit: 20, windowMs: 24 * 60 * 60 * 1000 } as const;

/** The 429 text past the daily cap, with the wait in hours (or minutes near the end of the window). */
export function describeAddressCap(retryAfterSeconds: number): string {
  const hours = Math.ceil(retryAfterSeconds / 3600);
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = hours > 1 ? `${hours} hours` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `You can add at most ${NEW_ADDRESS_LIMIT.limit} new contact addresses a day. Please try again in ${wait}.`;
}

/**
 * The addresses given on create or edit: each valid (400 naming the field otherwise), trimmed, duplicates dropped
 * case-insensitively, at most `maxAddresses` (429 naming the limit past it).
 */
export function checkClientEmails(values: string[] | undefined, maxAddresses: number | undefined): string[] {
  const addresses: string[] = [];
  const seen = new Set<string>();
  for (const value of values ?? []) {
    if (value.trim() === "") continue;
    const checked = checkEmailAddress(value, "emails");
    if ("problem" in checked) throw badRequest(checked.problem);
    const key = checked.address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    addresses.push(checked.address);
  }
  if (maxAddresses !== undefined && addresses.length > maxAddresses) {
    throw countLimitReached("contacts", addresses.length, maxAddresses);
  }
  return addresses;
}

/** Counts `count` new addresses against the user's daily cap; answers the seconds to wait, 0 when allowed. */
export async function countNewAddresses(ctx: AppContext, userId: number, count: number): Promise<number> {
  let wait = 0;
  for (let i = 0; i < count && wait === 0; i++) {
    wait = await hitRateLimit(ctx.db.sql, { ...NEW_ADDRESS_LIMIT, key: String(userId) });
  }
  return wait;
}

/**
 * Adds one contact address to the user's client: an address it already has changes nothing and costs nothing; a new
 * one counts against the client's limit (429), the minute's creations and the daily cap first. Answers the client,
 * or `{ retryAfterSeconds }` past the daily cap.
 */
export async function addContactAddress(
  ctx: AppContext,
  { userId, clientId, email }: { userId: number; clientId: number; email: string },
): Promise<{ client: ClientRow; added: boolean } | { retryAfterSeconds: number }> {
  const checked = checkEmailAddress(email, "email");
  if ("problem" in checked) throw badRequest(checked.problem);
  const address = checked.address;
  const client = await findClient(ctx.db.sql, userId, clientId);
  if (!client) throw notFound("Client");
  if (client.emails.some((e) => e.toLowerCase() === address.toLowerCase())) return { client, added: false };
  const limit = await findContactsLimit(ctx, userId);
  if (limit !== undefined && client.emails.length >= limit) {
    throw countLimitReached("contacts", client.emails.length, limit);
  }
  await countCreation(ctx, userId);
  const wait = await countNewAddresses(ctx, userId, 1);
  if (wait > 0) return { retryAfterSeconds: wait };
  const maxAddresses = limit ?? Number.MAX_SAFE_INTEGER;
  // The statement adds the address only while the client has room, so two adds at once cannot pass the limit.
  const added = await limitedWrite(ctx, userId, undefined, (tx) =>
    addClientEmail(tx, { userId, clientId, address, maxAddresses }),
  );
  if (!added) throw notFound("Client");
  if (!added.added && limit !== undefined && added.client.emails.length >= limit) {
    throw countLimitReached("contacts", added.client.emails.length, limit);
  }
  return added;
}
