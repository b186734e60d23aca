// Tokenising shared by the local summariser and the hashing embedder, so both agree on what a "word" is.

const STOP_WORD_LIST =
  "a about above after again against all also am an and any are aren't as at be because been before being below " +
  "between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few " +
  "for from further get got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself " +
  "him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's me might more most " +
  "must mustn't my myself no nor not now of off on once only or other ought our ours ourselves out over own really " +
  "same shall shan't she she'd she'll she's should shouldn't so some such than that that's the their theirs them " +
  "themselves then there there's these they they'd they'll they're they've this those through to too under until up " +
  "us very was wasn't we we'd we'll we're we've were weren't what what's when when's where where's which while who " +
  "who's whom why why's will with won't would wouldn't yes yeah you you'd you'll you're you've your yours yourself " +
  "yourselves okay ok um uh hmm oh well like yep right sure";

export const STOP_WORDS: ReadonlySet<string> = new Set(STOP_WORD_LIST.split(" "));

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const VOWEL = /[aeiouy]/;

/** Lower-cased words, apostrophes kept inside words ("don't"). */
export function splitWords(text: string): string[] {
  return text.toLowerCase().replace(/’/g, "'").match(WORD) ?? [];
}

const stemCache = new Map<string, string>();

/** Light suffix stripping: plurals, -ing/-ed, -ly, -ment, -ness, final -e and y→i, so "rebalancing" = "rebalance". */
export function stemWord(word: string): string {
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  const stem = computeStem(word);
  if (stemCache.size < 200_000) stemCache.set(word, stem);
  return stem;
}

function computeStem(input: string): string {
  let w = input.replace(/'s$/, "");
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of ["ing", "ed"]) {
    const base = w.slice(0, -suffix.length);
    if (w.endsWith(suffix) && base.length >= 3 && VOWEL.test(base)) {
      w = /([^aeiouylsz])\1$/.test(base) ? base.slice(0, -1) : base;
      break;
    }
  }
  if (w.endsWith("ly") && w.length > 5) w = w.slice(0, -2);
  for (const suffix of ["ment", "ness"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) w = w.slice(0, -suffix.length);
  }
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith("y") && w.length > 3 && !VOWEL.test(w.charAt(w.length - 2))) w = `${w.slice(0, -1)}i`;
  return w;
}

/** Stemmed content words: stop words and single letters removed. */
export function contentTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    if (STOP_WORDS.has(word) || (word.length < 2 && !/\d/.test(word))) continue;
    terms.push(stemWord(word));
  }
  return terms;
}
