/** Words that say what kind of entity a client is, not which one: they never identify a client alone. */
const GENERIC = new Set(
  (
    "the and of a an family trust llc inc ltd co corp company group partners holdings estate foundation fund " +
    "associates studio studios &"
  ).split(" "),
);

/**
 * A text's words, lower case, for matching names: possessives dropped ("Dana's", "the Nwosus'"), apostrophes
 * straightened, hyphenated names split ("Brennan-Ortiz" names both).
 */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/[^a-z0-9&\s'-]/g, " ")
    .split(/[\s-]+/)
    .map((w) => w.replace(/'s$/, "").replace(/^'+|(?<!')'+$/g, ""))
    .filter(Boolean);

/** "okafors" → "okafor", "lees" → "lee": a family named in the plural. */
const singular = (word: string) => (word.length > 3 && word.endsWith("s") ? word.slice(0, -1) : word);

function nearlyEqual(a: string, b: string): boolean {
  if (a === b || singular(a) === b) return true;
  if (Math.min(a.length, b.length) < 5 || Math.abs(a.length - b.length) > 1) return false;
  // One edit at most (typos like "Hendrick" / "Hendricks").
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

export interface NamedClient {
  id: number;
  name: string;
  /** First names of the client's own people ("Peggy" for the Lindqvists), from their meetings' speakers. */
  aliases?: string[];
  /** Everyone who speaks in the client's meetings, as the transcripts label them, and the meetings they speak in. */
  speakers?: { name: string; meetingIds: number[] }[];
}

/** The distinctive words of a client's name. */
export const clientNameWords = (name: string) => words(name).filter((w) => !GENERIC.has(w) && w.length > 1);

/**
 * The first names of a client named as several people ("Chidi and Grace Nwosu" → chidi, grace): in a question about
 * that household they say which of its people is meant ("Chidi's premium"), so they are no mere client name.
 */
export function householdFirstNames(name: string): string[] {
  // Each person's first word: the name's first word and the word after each "and" (one pass over the words).
  const parts = name.slice(0, 200).split(" ").filter(Boolean);
  const firsts: string[] = [];
  parts.forEach((part, i) => {
    if (i === 0 || parts[i - 1]!.toLowerCase() === "and") firsts.push(words(part)[0] ?? "");
  });
  if (firsts.length < 2) return [];
  return firsts.filter((w) => w.length > 1 && !GENERIC.has(w));
}

/** A test for "is this word one of these clients' names", with their name words read once. */
export function clientWordTest(clients: readonly NamedClient[]): (word: string) => boolean {
  const nameWords = clients.flatMap((c) => clientNameWords(c.name));
  const aliases = new Set(clients.flatMap((c) => c.aliases ?? []));
  return (word) => {
    const lower = word.toLowerCase();
    return aliases.has(lower) || nameWords.some((w) => nearlyEqual(lower, w));
  };
}

/**
 * The first names of a client's people: the other words of each speaker who shares a distinctive word of the
 * client's name ("Jenna Hollis" speaks in the meetings of "Hollis & Daughters Plumbing": "jenna").
 */
export function aliasesFromSpeakers(client: NamedClient, speakers: readonly string[]): string[] {
  const own = clientNameWords(client.name);
  const aliases = new Set<string>();
  for (const speaker of speakers) {
    const parts = words(speaker);
    if (!parts.some((p) => own.some((w) => nearlyEqual(p, w)))) continue;
    for (const p of parts) if (p.length > 2 && !GENERIC.has(p) && !own.includes(p)) aliases.add(p);
  }
  return [...aliases];
}

/**
 * Finds the clients a question names, leniently: "the Hendricks trust" finds "Hendricks Family Trust".
 * A client matches when the question holds one of its distinctive words (or a near spelling).
 */
export function matchClients<T extends NamedClient>(question: string, clients: T[]): T[] {
  const asked = words(question);
  // A slip of one letter counts only in a word written as a name: "water" is no misspelt "Walter".
  const capitalised = new Set(words(question.match(/\b\p{Lu}[\p{L}'’-]*/gu)?.join(" ") ?? ""));
  const near = (a: string, w: string) => a === w || singular(a) === w || (capitalised.has(a) && nearlyEqual(a, w));
  const scored = clients
    .map((client) => {
      const distinctive = clientNameWords(client.name);
      const aliasHit = (client.aliases ?? []).some((alias) => asked.includes(alias)) ? 1 : 0;
      const hits = Math.min(
        distinctive.length,
        distinctive.filter((w) => asked.some((a) => near(a, w))).length + aliasHit,
      );
      const whole = question.toLowerCase().includes(client.name.toLowerCase());
      return { client, score: whole ? 2 : distinctive.length ? hits / distinctive.length : 0 };
    })
    .filter((s) => s.score > 0);
  if (scored.length === 0) return [];
  const best = Math.max(...scored.map((s) => s.score));
  return scored.filter((s) => s.score === best).map((s) => s.client);
}
