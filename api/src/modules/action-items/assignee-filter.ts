import { normaliseTaskText } from "@cm/db/queries/action-items";

// Who a task is for, from its free-text assignee: the advisor's own ("mine") or the client's. An assignee may name
// several people ("Dana and Morgan"); a task is someone's when any of them is that someone. Every step is one pass
// over the words (no regex on user text beyond a split).

/** Words naming the advisor in a task written by the advisor or a summary of their meeting. */
const ADVISOR_WORDS = new Set(["me", "myself", "advisor", "the advisor", "adviser", "the adviser"]);
/** Words naming the client as a party rather than a person. */
const CLIENT_WORDS = new Set(["client", "the client", "clients", "the clients"]);
/**
 * Words in client names that name the kind of client, not who: "Okafor Holdings" and "Hendricks Family Trust" are
 * found by "Okafor" and "Hendricks", not by "Holdings" or "Family".
 */
const GENERIC_NAME_WORDS = new Set(
  "and the of for family trust trusts holdings holding group partners partnership company co inc llc llp ltd gmbh ag plc foundation estate fund funds capital associates corporation corp office household clients client mr mrs ms dr".split(
    " ",
  ),
);

/** The people an assignee names: split on commas, "and", "&" and "/", each normalised. */
export function assigneeParts(assignee: string): string[] {
  const parts: string[] = [];
  for (const piece of assignee.split(/,|&|\/|\band\b/i)) {
    const part = normaliseTaskText(piece);
    if (part) parts.push(part);
  }
  return parts;
}

const wordsOf = (text: string) => normaliseTaskText(text).split(" ").filter(Boolean);

/** The names the advisor goes by: full name, first and last name, first name alone, username. */
export function advisorNames(user: {
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  username: string;
}): Set<string> {
  const names = new Set<string>();
  const add = (name: string | null) => {
    const key = normaliseTaskText(name ?? "");
    if (key) names.add(key);
  };
  add(user.fullName);
  add([user.firstName, user.lastName].filter(Boolean).join(" "));
  add(user.firstName);
  add(user.fullName?.trim().split(/\s+/)[0] ?? null);
  add(user.username);
  return names;
}

/** Whether the task is the advisor's: an assignee part is one of their names, or "me" / "the advisor". */
export function isAdvisorsTask(assignee: string, names: Set<string>): boolean {
  return assigneeParts(assignee).some((part) => names.has(part) || ADVISOR_WORDS.has(part));
}

/** Words of a client's name that say who it is (a surname, a firm's own name). */
export function distinctiveNameWords(clientName: string): Set<string> {
  return new Set(wordsOf(clientName).filter((word) => word.length >= 2 && !GENERIC_NAME_WORDS.has(word)));
}

/**
 * Whether the task is the client's: an assignee part is "the client", or shares a distinctive word with the client's
 * name ("Dana Okafor" for "Okafor Holdings").
 */
export function isClientsTask(assignee: string, clientWords: Set<string>): boolean {
  return assigneeParts(assignee).some(
    (part) => CLIENT_WORDS.has(part) || part.split(" ").some((word) => clientWords.has(word)),
  );
}

export const ASSIGNEE_FILTERS = ["mine", "client"] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];
