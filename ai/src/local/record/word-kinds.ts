// Whether a word can name a thing, from compromise's lexicon (its word → tag list, read once, no tagging pass): a
// figure's subject and a meeting's topics are things ("the roof", "brokerage account", "mediation"), never a
// greeting, a verb in the past, an adverb or a month. A word the lexicon does not know is a thing unless its ending
// says otherwise ("-ly", "-ed", "-ing"). A verb's base form or an adjective names a thing only after a determiner
// or another word of the thing ("the balance", "brokerage account"), which the caller knows.

export type WordKind = "thing" | "maybe" | "other";

interface World {
  model: { one: { lexicon: Record<string, string | string[]> } };
}
type Lexicon = World["model"]["one"]["lexicon"];
// compromise loads at the first meeting summarised, not with the server (cold start, issue 30:
// api/test/modules-on-first-use.test.ts): a cache filled once, never changed after.
let lexicon: Lexicon | undefined;
/** compromise's verb conjugator for one word ("racing", as a gerund) → its base form ("race"). */
let toInfinitive: ((gerund: string) => string) | undefined;

/** Loads compromise's lexicon once; every caller of `wordKind`/`isPersonName` awaits it first (summariseExtractive). */
export async function loadWordKinds(): Promise<void> {
  if (lexicon) return;
  const { default: nlp } = await import("compromise");
  const world = (nlp as unknown as { world(): World & WithConjugator }).world();
  const { model, methods } = world;
  toInfinitive = (gerund) => methods.two.transform.verb.toInfinitive(gerund, model, "Gerund");
  lexicon = model.one.lexicon;
}
interface WithConjugator {
  methods: { two: { transform: { verb: { toInfinitive(word: string, model: unknown, tense: string): string } } } };
}

/** Whether loadWordKinds() has finished: a caller that need not load it can write less without it. */
export const wordKindsLoaded = (): boolean => lexicon !== undefined;

/** The lexicon's tags for the word, read lower-cased; undefined when the lexicon does not know it. */
function lexiconTags(word: string): string[] | undefined {
  if (!lexicon) throw new Error("word kinds read before loadWordKinds() finished");
  const entry = lexicon[word.toLowerCase()];
  return entry === undefined ? undefined : Array.isArray(entry) ? entry : [entry];
}
const NAME_TAGS = new Set(["FirstName", "FemaleName", "MaleName", "LastName", "Person"]);
const BODY_TAGS = new Set(["Organization", "Place", "City", "Country", "Region"]);
const THING_TAGS = new Set([
  ..."Singular Plural Noun Uncountable Actor ProperNoun Unit Currency SportsTeam".split(" "),
  ...NAME_TAGS,
  ...BODY_TAGS,
]);
const MAYBE_TAGS = new Set(["Infinitive", "Adjective"]);
/** Words in -ing that name a thing, not an act. */
const ING_NOUNS = new Set(
  "building housing funding filing closing listing pricing nursing wedding clothing offering earnings setting".split(
    " ",
  ),
);

/** What the word can be in a thing's name. */
export function wordKind(word: string): WordKind {
  const lower = word.toLowerCase();
  const tags = lexiconTags(lower);
  if (tags === undefined) {
    if (lower.length > 4 && (lower.endsWith("ly") || lower.endsWith("ed"))) return "other";
    if (lower.length > 5 && lower.endsWith("ing") && !ING_NOUNS.has(lower)) return "other";
    return "thing";
  }
  if (tags.some((tag) => THING_TAGS.has(tag))) return "thing";
  return tags.some((tag) => MAYBE_TAGS.has(tag)) ? "maybe" : "other";
}

/** True when the lexicon knows the word as a person's name ("Dale", "Grace"). */
export function isPersonName(word: string): boolean {
  return (lexiconTags(word) ?? []).some((tag) => NAME_TAGS.has(tag));
}

/** "she" or "he" by the lexicon's gendered first names ("Peggy" she, "Nils" he); null when it knows neither. */
export function pronounOfName(word: string): "she" | "he" | null {
  const tags = lexicon ? (lexiconTags(word) ?? []) : [];
  if (tags.includes("FemaleName")) return "she";
  return tags.includes("MaleName") ? "he" : null;
}

const PROPER_TAGS = new Set([...NAME_TAGS, ...BODY_TAGS, "ProperNoun", "Month"]);
/**
 * True when the word is a common word ("Partial", "Pay"), capitalised only for opening a sentence: the lexicon knows
 * it and not as a name, and it is not written in capitals ("IRA"). False before the lexicon is loaded.
 */
export function isCommonWord(word: string): boolean {
  if (!lexicon || word.length < 2 || word === word.toUpperCase()) return false;
  const tags = lexiconTags(word);
  return tags !== undefined && !tags.some((tag) => PROPER_TAGS.has(tag));
}

/** True when the lexicon knows the word as an organisation or a place, never a person ("Medicare"). */
export function namesBodyNotPerson(word: string): boolean {
  if (!lexicon) return false;
  const tags = lexiconTags(word) ?? [];
  return tags.some((tag) => BODY_TAGS.has(tag)) && !tags.some((tag) => NAME_TAGS.has(tag));
}

/** True when the lexicon is loaded and knows the word at all ("phone" yes, "phon" no). */
export function knowsWord(word: string): boolean {
  return lexicon !== undefined && lexiconTags(word) !== undefined;
}

/** True when the lexicon knows the word as a verb's base form ("decide", "review"): a phrase it opens is an act. */
export function isVerbBase(word: string): boolean {
  return (lexiconTags(word) ?? []).includes("Infinitive");
}

/**
 * The base form of a word said with "-ing" where a verb stands ("we're not racing" → "race", "doing" → "do"), or null
 * before the lexicon is loaded. The caller knows the place is a verb's: "morning" has none.
 */
export function gerundBase(word: string): string | null {
  if (!toInfinitive || !/^[a-z]+ing$/.test(word)) return null;
  const base = toInfinitive(word);
  return base.length >= 2 && base !== word ? base : null;
}

/** True when the word opens a noun phrase ("the", "our", "this"): a task it opens says what, not what is done. */
export function opensNounPhrase(word: string): boolean {
  if (!lexicon) return false;
  return (lexiconTags(word) ?? []).some((tag) => tag === "Determiner" || tag === "Possessive");
}
