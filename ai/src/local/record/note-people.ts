// Who is who when a spoken sentence becomes a note: the speaker is named for "I", the client side for "you" said by
// the advisor's side and for "we" said by a client, from the meeting's own data (its speakers and the client's name
// as typed in the product), never guessed from a list of names.
//   "Walt and June Pemberton" → client side "Walt and June" (plural), speakers Walt Pemberton and June Pemberton;
//   "Naomi Brightwater" → "Naomi" (singular); "Hendricks Family Trust" → "the client" (singular).

/** Words of a client's name that say what kind of client it is, not who. */
const GENERIC_CLIENT_WORDS = new Set(
  "the and of family trust estate group llc inc ltd company co partners holdings foundation fund corp household household's"
    .split(" ")
    .filter(Boolean),
);

export interface NotePeople {
  /** How the client side is named in a note ("Walt and June", "Naomi", "the client"). */
  client: string;
  /** True when the client side is more than one person (its verbs stay as after "you" or "we"). */
  clientPlural: boolean;
  /** Lower-cased first names of every named speaker: a vocative ("Walt, …") is one of them. */
  firstNames: Set<string>;
  /** True when the speaker is one of the client's people. */
  isClient: (speaker: string) => boolean;
  /** How a speaker is named in a note ("Miriam"). */
  nameOf: (speaker: string) => string;
}

/** The client side's name for notes: first names of a person or couple, "the client" for a firm or trust. */
export function clientLabel(clientName: string, speakers: readonly string[] = []): { label: string; plural: boolean } {
  const name = clientName.replace(/\s+/g, " ").trim();
  const people = name.split(/(?<!\s)\s+(?:and|&)\s+/i).map((part) => part.split(" "));
  const isName = (words: string[]) => words.every((w) => /^\p{Lu}[\p{Ll}'’-]+$/u.test(w));
  const generic = name
    .toLowerCase()
    .split(" ")
    .some((w) => w !== "and" && GENERIC_CLIENT_WORDS.has(w));
  // "Walt and June Pemberton", "Tom Brennan and Luis Ortiz": people, the last with a surname.
  const lastPerson = people.at(-1)!;
  if (generic || !people.every(isName) || lastPerson.length < 2 || lastPerson.length > 3)
    return { label: "the client", plural: false };
  if (people.length >= 2) {
    const firsts = people.map((p) => p[0]!);
    // "Hollis & Daughters Mechanical" is a firm: with speakers known, one of the names must be a speaker's.
    const spoken = new Set(speakers.map((s) => s.trim().split(/\s+/)[0]!.toLowerCase()).filter((s) => s !== ""));
    if (spoken.size > 0 && !firsts.some((first) => spoken.has(first.toLowerCase())))
      return { label: "the client", plural: false };
    return { label: `${firsts.slice(0, -1).join(", ")} and ${firsts.at(-1)}`, plural: true };
  }
  return { label: lastPerson[0]!, plural: false };
}

export function notePeople(speakers: string[], clientName: string): NotePeople {
  const { label, plural } = clientLabel(clientName, speakers);
  const clientWords = new Set(
    clientName
      .toLowerCase()
      .split(/[^\p{L}'’-]+/u)
      .filter((w) => w.length > 1 && !GENERIC_CLIENT_WORDS.has(w)),
  );
  const isClient = (speaker: string) =>
    speaker
      .toLowerCase()
      .split(/\s+/)
      .some((word) => clientWords.has(word));
  const firstNames = new Set(
    speakers
      .map((s) => s.trim().split(/\s+/)[0]?.toLowerCase() ?? "")
      .filter((w) => w.length > 1 && !/^speaker$/.test(w)),
  );
  return { client: label, clientPlural: plural, firstNames, isClient, nameOf: displayName };
}

/** How a speaker is named in a note: a first name for "Dana Whitfield", a label ("Speaker 2") whole. */
export function displayName(speaker: string): string {
  const words = speaker.trim().split(/\s+/);
  if (words.length !== 2) return speaker.trim();
  const [first, last] = words as [string, string];
  return /^\p{Lu}\p{Ll}+$/u.test(first) && /^\p{Lu}[\p{Ll}'’-]+$/u.test(last) ? first : speaker.trim();
}
