// Where a question names a client: capitalised names in the places advisors put one ("with the Petersons", "for
// Helen Vasquez", "Dana's", "the Okafors", "the Okafor family"). A name found there that is none of the user's
// clients, and that the user's meetings never mention, is a client the user does not have. Capitalised words
// elsewhere (a carrier, a month, "Roth", "IRA") are not taken for clients. One pass over the words: linear.
import { MONTHS, RELATIVE_DAYS, WEEKDAYS } from "../../language";

/** A capitalised run of words in a client's place in the question. */
export interface ClientMention {
  /** As written, without a possessive ending: "Brightwater Landscaping", "Petersons". */
  text: string;
  /** Its words that can identify someone, lower case ("dr" and "&" dropped; plural and possessive endings kept off). */
  names: string[];
}

/** Words after which a name is the person or business a question is about. */
const LEADS = new Set(["with", "for", "to", "from", "about", "regarding", "re", "and"]);
/** Capitalised words that are never a client's name. */
const NEVER_NAMES = new Set(
  (
    "i i'm i'll i'd i've we you what when who whom whose which where why how is are was were do does did can could " +
    "will would should shall has have had the a an our my their his her its and or of in on at by for with " +
    `${[...MONTHS, ...WEEKDAYS, ...RELATIVE_DAYS.filter((d) => d !== "tonight")].join(" ")} ` +
    "roth ira iras rmd rmds hsa fsa llc irs medicare medicaid social security trust estate family please thanks " +
    "summarize summarise list show tell give find"
  ).split(" "),
);
const TITLES = new Set(["dr", "mr", "mrs", "ms", "prof", "miss"]);
const JOINERS = new Set(["&", "and", "of"]);
const FAMILY_WORDS = new Set(["family", "household", "trust", "estate", "couple"]);

const isUpper = (c: string | undefined) => c !== undefined && c !== c.toLowerCase() && c === c.toUpperCase();

/** The word without the punctuation around it and without a possessive ending. */
function bare(token: string): { word: string; possessive: boolean } {
  let start = 0;
  let end = token.length;
  const keep = (c: string) => /[\p{L}\p{N}&]/u.test(c);
  while (start < end && !keep(token[start]!)) start++;
  while (end > start && !keep(token[end - 1]!) && token[end - 1] !== "'" && token[end - 1] !== "’") end--;
  let word = token.slice(start, end);
  let possessive = false;
  if (/['’]s$/i.test(word)) {
    word = word.slice(0, -2);
    possessive = true;
  } else if (/s['’]$/i.test(word)) {
    word = word.slice(0, -1);
    possessive = true;
  }
  return { word: word.replace(/['’]$/, ""), possessive };
}

/** True for a word that may be (part of) a name: capitalised, not all capitals (an acronym), not a common word. */
function nameWord(word: string): boolean {
  if (!isUpper(word[0])) return false;
  if (word.length <= 5 && word === word.toUpperCase()) return false;
  return !NEVER_NAMES.has(word.toLowerCase());
}

/**
 * The words saying what kind of client a name is, right after it ("Hendricks Family Trust", "the Quist family"):
 * part of what the user called the client, so an answer naming it repeats them, though they identify nobody.
 */
function kindWordsAt(tokens: readonly string[], from: number, possessive: boolean): string[] {
  const kind: string[] = [];
  for (let i = from; !possessive && i < tokens.length && kind.length < 3; i++) {
    const { word, possessive: ends } = bare(tokens[i]!);
    if (!FAMILY_WORDS.has(word.toLowerCase())) break;
    kind.push(word);
    if (ends || /[,.?!;:]$/.test(tokens[i]!)) break;
  }
  return kind;
}

/** The client names a question holds in a client's place, in order. */
export function findClientMentions(question: string): ClientMention[] {
  const tokens = question.slice(0, 2000).split(/\s+/).filter(Boolean);
  const mentions: ClientMention[] = [];
  let i = 0;
  while (i < tokens.length) {
    const first = bare(tokens[i]!);
    if (!nameWord(first.word) && !TITLES.has(first.word.toLowerCase())) {
      i++;
      continue;
    }
    const start = i;
    const words: string[] = [];
    let possessive = false;
    // The run: name words, titles, and "&"/"and"/"of" between two name words.
    while (i < tokens.length) {
      const { word, possessive: ends } = bare(tokens[i]!);
      const lower = word.toLowerCase();
      const joiner =
        JOINERS.has(lower) && words.length > 0 && i + 1 < tokens.length && nameWord(bare(tokens[i + 1]!).word);
      if (!(nameWord(word) || TITLES.has(lower) || joiner)) break;
      words.push(word);
      i++;
      if (ends) {
        possessive = true;
        break;
      }
      if (/[,.?!;:]$/.test(tokens[i - 1]!) && !TITLES.has(lower)) break;
    }
    const before = start > 0 ? bare(tokens[start - 1]!).word.toLowerCase() : "";
    const beforeThe = start > 1 ? bare(tokens[start - 2]!).word.toLowerCase() : "";
    const after = i < tokens.length ? bare(tokens[i]!).word.toLowerCase() : "";
    const last = words[words.length - 1] ?? "";
    const plural = before === "the" && /s$/.test(last);
    const placed =
      LEADS.has(before) ||
      (before === "the" && LEADS.has(beforeThe)) ||
      possessive ||
      plural ||
      FAMILY_WORDS.has(after);
    const names = words.map((w) => w.toLowerCase()).filter((w) => !TITLES.has(w) && !JOINERS.has(w));
    if (placed && names.length)
      mentions.push({ text: [...words, ...kindWordsAt(tokens, i, possessive)].join(" "), names });
    if (i === start) i++;
  }
  return mentions;
}
