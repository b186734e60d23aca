import type { FollowUpDraft } from "@cm/api/models";

/** "a@x.com, b@y.com; c@z.com" → the addresses, in order. */
export function splitRecipients(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The recipients the server would refuse: neither one of the client's contact addresses nor the advisor's own.
 * Each must be added to the client's contacts (a deliberate step) before the follow-up can go to it.
 */
export function findNewRecipients(recipients: string[], draft: Pick<FollowUpDraft, "contacts" | "ownAddress">) {
  const known = new Set(
    [...draft.contacts, ...(draft.ownAddress ? [draft.ownAddress] : [])].map((a) => a.toLowerCase()),
  );
  const seen = new Set<string>();
  return recipients.filter((address) => {
    const key = address.toLowerCase();
    if (known.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The confirm button's text: "Add x@y to {client}'s contacts and send", or for several, "Add 2 addresses to …". */
export function describeAddStep(addresses: string[], clientName: string): string {
  const what = addresses.length === 1 ? addresses[0] : `${addresses.length} addresses`;
  return `Add ${what} to ${clientName}'s contacts and send`;
}
