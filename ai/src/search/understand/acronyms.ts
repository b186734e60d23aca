// A subject asked as an abbreviation ("which clients have HSAs?") is said in a meeting in full as often as not
// ("a health savings account"). The abbreviation's spelled-out form is read from the meetings themselves: a run of
// words whose initials spell it, the run met most often in the passages searched. No list of abbreviations is kept,
// so a practice of any trade is read alike. Each step is one pass over the words: linear.

/** An abbreviation in the question: two to six capitals, a plural "s" allowed ("IRAs", "RMD's"). */
const ABBREVIATION = /\b([A-Z]{2,6})(?:'?s)?\b/g;
/** Words of a text, letters only, for reading initials. */
const WORD = /[A-Za-z]+/g;
/** A spelled-out word shorter than this is no word of a term ("a", "an", "to" spell nothing). */
const MIN_WORD = 3;

/** The abbreviations the subject asks about, lower case, without their plural: "RMDs coming up" → ["rmd"]. */
export function abbreviationsOf(subject: string): string[] {
  const out = new Set<string>();
  for (const m of subject.slice(0, 2_000).matchAll(ABBREVIATION)) out.add(m[1]!.toLowerCase());
  return [...out];
}

/** The words' runs whose initials spell the abbreviation, as they are said (lower case), each once a text. */
function runsSpelling(abbreviation: string, text: string): string[] {
  const words = (text.slice(0, 20_000).match(WORD) ?? []).map((w) => w.toLowerCase());
  const n = abbreviation.length;
  const out = new Set<string>();
  for (let i = 0; i + n <= words.length; i++) {
    let k = 0;
    while (k < n && words[i + k]!.length >= MIN_WORD && words[i + k]![0] === abbreviation[k]) k++;
    if (k === n) out.add(words.slice(i, i + n).join(" "));
  }
  return [...out];
}

/** A run's plural "s" dropped from its last word, so "distribution" and "distributions" count as one. */
function singular(run: string): string {
  return run.replace(/(?<=[a-z]{3})s$/, "");
}

/**
 * Each abbreviation's spelled-out form, read from the texts: the run of words spelling it said in the most texts
 * (at least one). An abbreviation the texts never spell out has none.
 */
export function spelledOut(abbreviations: readonly string[], texts: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const abbreviation of abbreviations) {
    const counts = new Map<string, number>();
    for (const text of texts) {
      for (const run of new Set(runsSpelling(abbreviation, text).map(singular)))
        counts.set(run, (counts.get(run) ?? 0) + 1);
    }
    const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    if (best) found.set(abbreviation, best[0]);
  }
  return found;
}

/**
 * The text with each spelled-out form said as its abbreviation ("the required minimum distributions" → "the RMD"),
 * for matching the subject's words only: quotes keep what was said. One pass over the words a form.
 */
export function sayAbbreviated(text: string, forms: ReadonlyMap<string, string>): string {
  let out = text.slice(0, 20_000);
  for (const [abbreviation, run] of forms) {
    const wanted = run.split(" ");
    const found = [...out.matchAll(WORD)];
    let said = "";
    let from = 0;
    for (let i = 0; i + wanted.length <= found.length; i++) {
      const last = found[i + wanted.length - 1]!;
      const same = wanted.every((w, k) => {
        const word = found[i + k]![0].toLowerCase();
        return word === w || (k === wanted.length - 1 && singular(word) === w);
      });
      if (!same) continue;
      said += `${out.slice(from, found[i]!.index)}${abbreviation.toUpperCase()}`;
      from = last.index! + last[0].length;
      i += wanted.length - 1;
    }
    out = said + out.slice(from);
  }
  return out;
}
