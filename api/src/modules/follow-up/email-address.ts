/**
 * E-mail address checks for follow-ups and client addresses: a practical subset of RFC 5321 (what mail services
 * accept), without quoted local parts or address literals. Every test is a character-class scan: linear time.
 */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
const DOMAIN_LABEL = /^[A-Za-z0-9-]+$/;
const LETTER = /^[A-Za-z]$/;

/** The most recipients one follow-up may have. */
export const MAX_RECIPIENTS = 10;

export function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf("@");
  if (at < 1 || value.indexOf("@") !== at) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  if (local.startsWith(".") || local.endsWith(".") || local.includes("..")) return false;
  const labels = domain.split(".");
  if (labels.length < 2) return false;
  const isLabel = (label: string) =>
    label.length <= 63 && DOMAIN_LABEL.test(label) && !label.startsWith("-") && !label.endsWith("-");
  if (!labels.every(isLabel)) return false;
  // A top-level domain starts with a letter and has at least two characters.
  const top = labels[labels.length - 1]!;
  return top.length >= 2 && LETTER.test(top[0]!);
}

/** An address as stored and sent: trimmed. Refuses (returns a reason) anything isEmailAddress rejects. */
export function checkEmailAddress(value: string, field: string): { address: string } | { problem: string } {
  const address = value.trim();
  if (!isEmailAddress(address)) {
    const shown = address.length > 60 ? `${address.slice(0, 60)}…` : address;
    return { problem: `validation failed: ${field}: "${shown}" is not a valid e-mail address` };
  }
  return { address };
}

/**
 * The recipients of a follow-up: each a valid address, duplicates (case-insensitive) dropped, 1 to MAX_RECIPIENTS.
 * Answers the list or the first problem, as a message naming the field.
 */
export function checkRecipients(values: string[]): { recipients: string[] } | { problem: string } {
  const recipients: string[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    const checked = checkEmailAddress(value, "to");
    if ("problem" in checked) return checked;
    const key = checked.address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push(checked.address);
  }
  if (recipients.length === 0) return { problem: "validation failed: to: at least one recipient is required" };
  if (recipients.length > MAX_RECIPIENTS) {
    return { problem: `validation failed: to: at most ${MAX_RECIPIENTS} recipients are allowed` };
  }
  return { recipients };
}
