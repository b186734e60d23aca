// What a sum is, said after it: where it goes ("a hundred fifty thousand goes into a Treasury ladder", "fifty
// thousand stays in cash") or what it is counted in ("thirty-five to forty thousand in federal tax"). Read only when
// the sentence names nothing before the sum, so the thing the sentences before named would otherwise be taken: the
// stock market the last sentence spoke of is not where the fifty thousand stays.

import { alternation, MONTHS, NUMBER_WORDS, PERIOD_WORDS } from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";

const MODALS = new Set(["will", "would", "should", "can", "could"]);
/** A verb of putting or staying: what follows "into" or "in" is where the sum is. */
const GOES = new Set(["go", "goes", "going", "stay", "stays", "staying", "sit", "sits", "move", "moves", "moving"]);
const INTO = new Set(["in", "into", "to"]);
const DETERMINERS = new Set(["the", "a", "an", "your", "our", "their", "his", "her"]);
/** Words that end the thing's name: what comes after is said of it, not part of it. */
const ENDS_THE_NAME = new Set("with for and or so then now until which that plus this next on at by".split(" "));
/** A place that only points back: "goes into it". */
const POINTS_BACK = /^(?:it|that|this|them|there|here)$/i;
/** Words a place or a thing counted in runs to, at most. */
const MAX_NAME_WORDS = 4;

/** Words after "in" that say when, how or how much ("in a year", "in total", "in December") or point back ("in his"). */
const NOT_A_THING = lexiconRegExp(
  `^(?:a|an|his|hers|theirs|mine|yours|ours|it|its|that|this|there|here|them|${alternation(NUMBER_WORDS)}|${alternation(MONTHS)}|total|all|each|full|cash|hand|mind|time|place|advance|person|writing|parts?|pieces|installments|instalments|payments|spring|summer|fall|autumn|winter|the (?:end|meantime|future|past|first|second|next|last|long|short|middle))\\b|\\b(?:${alternation(PERIOD_WORDS)})$`,
  "i",
);

/** The words up to the first stop or comma, as words: "goes into the brokerage account, with…" → 4 words. */
function wordsUpToStop(text: string): string[] {
  return (text.split(/[,.;:!?]/)[0] ?? "").split(/\s+/).filter(Boolean);
}

/** The name that starts at `words[at]` (after a determiner), up to a word that ends it; null when none. */
function nameFrom(words: readonly string[], at: number): string | null {
  let from = at;
  if (DETERMINERS.has(words[from]?.toLowerCase() ?? "")) from++;
  const name: string[] = [];
  for (let i = from; i < words.length && !ENDS_THE_NAME.has(words[i]!.toLowerCase()); i++) name.push(words[i]!);
  return name.length > 0 && name.length <= MAX_NAME_WORDS ? name.join(" ") : null;
}

/** The thing the words right after a sum say it is, or null. */
export function subjectSaidAfter(after: string): string | null {
  const words = wordsUpToStop(after.replace(/^[\s,]+/, ""));
  const lower = words.map((word) => word.toLowerCase());
  // "goes into the brokerage account", "will stay in cash", "is going to go into the ladder"
  let at = 0;
  if (MODALS.has(lower[at] ?? "")) at++;
  else if (/^(?:is|are)$/.test(lower[at] ?? "") && lower[at + 1] === "going" && lower[at + 2] === "to") at += 3;
  if (GOES.has(lower[at] ?? "") && INTO.has(lower[at + 1] ?? "")) {
    const place = nameFrom(words, at + 2);
    return place && !POINTS_BACK.test(place) ? place : null;
  }
  // "forty thousand in federal tax": "in" right after the sum, no comma between.
  if (/^\s/.test(after) && lower[0] === "in") {
    const thing = nameFrom(words, 1);
    if (thing && !NOT_A_THING.test(thing) && (lower[1] !== "the" || !NOT_A_THING.test(`the ${thing}`))) return thing;
  }
  return null;
}
