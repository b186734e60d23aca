// Words a question asks with that a meeting often says in other words, in plain English: "the cap" is "a maximum",
// "what is she charging" is "what does it cost", "his phone" is "his cell". Each group's words stand for each other
// (stemmed as terms are): a sentence holding another word of a term's group counts it as its context does
// (term-coverage.ts), and the full-text side of retrieval looks for them too.
import { splitWords, stemWord } from "../../language";

// A group marked "$" is about money: its other words count only for a question asking an amount.
const SAME_SENSE_GROUPS = [
  "cap maximum max limit ceiling",
  "$ cost costs price fee fees charge charges charging premium",
  "$ worth value valued valuation appraised",
  // Not "make": "we're making the election" is no income (it put that sentence first for "final income tax return").
  "$ salary pay paid income earnings earn earned earning",
  // Money set aside: "how much does he contribute" is "what do you put into it", "what do they save".
  "$ contribute contributed contributing contribution contributions put putting deposit deposited save saving savings",
  // Money going out: "what do they pay for it" is "what does it cost", "what do they spend".
  "$ pay paying paid spend spends spending spent cost costs",
  "phone cell mobile",
  // Word families the light stemmer leaves apart ("appraise" and "appraisal"): one thing asked either way.
  "appraise appraised appraisal appraisals appraiser",
  "approve approved approval",
  "propose proposed proposal",
  "withdraw withdrew withdrawal withdrawals",
  "renew renewed renewal",
  "remove removed removal",
  "refer referred referral",
  "choose chose chosen pick picked select selected opt",
  "estimate estimated guess guessed ballpark",
].map((group) => ({ money: group.startsWith("$ "), words: group.replace(/^\$ /, "").split(" ") }));
/** Each stem's other words (stemmed), from every group. */
export const SAME_SENSE = sameSenseOf(SAME_SENSE_GROUPS);
/** The same without the groups of money: for a question that asks no amount. */
const SAME_SENSE_NOT_MONEY = sameSenseOf(SAME_SENSE_GROUPS.filter((group) => !group.money));

/** The other words a question's terms count in: those of money only when it asks an amount. */
export const sameSenseFor = (asksAmount: boolean): ReadonlyMap<string, string[]> =>
  asksAmount ? SAME_SENSE : SAME_SENSE_NOT_MONEY;

function sameSenseOf(groups: readonly { words: string[] }[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const group of groups) {
    const stemsOfGroup = [...new Set(group.words.map(stemWord))];
    // A word in two groups ("pay": a salary, a cost) stands for the words of both.
    for (const stem of stemsOfGroup)
      map.set(stem, [...new Set([...(map.get(stem) ?? []), ...stemsOfGroup.filter((other) => other !== stem)])]);
  }
  return map;
}

/**
 * The question's words said in other words, each once, none of them already in it: "what is Ruth charging" → cost,
 * price, fee... The full-text search looks for these beside the question's own words. Words of money ("$" groups)
 * only when the question asks an amount: "what did he contribute to the discussion" is no deposit.
 */
export function otherWordsFor(text: string, { asksAmount = true }: { asksAmount?: boolean } = {}): string[] {
  const own = splitWords(text.slice(0, 1000));
  const stems = new Set(own.map(stemWord));
  const out = new Set<string>();
  for (const word of own) {
    const groups = GROUPS_OF.get(stemWord(word)) ?? [];
    // A word of two senses ("pay": a salary, a cost) would look for both: its own words are the surer sign.
    if (groups.length !== 1 || (groups[0]!.money && !asksAmount)) continue;
    for (const other of groups[0]!.words) if (!stems.has(stemWord(other))) out.add(other);
  }
  return [...out];
}

/** Each stem's groups, as the words written. */
const GROUPS_OF = new Map<string, (typeof SAME_SENSE_GROUPS)[number][]>();
for (const group of SAME_SENSE_GROUPS) {
  for (const stem of new Set(group.words.map(stemWord))) GROUPS_OF.set(stem, [...(GROUPS_OF.get(stem) ?? []), group]);
}
