// What a meeting was about and who takes which role, read over its sentences: the plans, accounts, documents and
// proceedings named twice or more (record.plans-and-documents), and each role given to a named person
// (record.roles). One pass of each table's patterns over each sentence: linear.

import { type Sentence, uncapitalise } from "../../language/sentences";
import { plansAndDocuments } from "./plans-and-documents.rules";
import { roles } from "./roles.rules";

/** Terms a meeting is said to have discussed, at most. */
const MAX_DISCUSSED = 5;
/** Times a term is said before it is a subject of the meeting. */
const MIN_MENTIONS = 2;

export interface DiscussedTerm {
  /** As first said ("ABLE account", "special needs trust"). */
  term: string;
  count: number;
  first: Sentence;
}

/** "RMDs" and "RMD", "Roth conversions" and "Roth conversion", "buy-sell" and "buy-sell agreement": one term. */
const termKey = (term: string) =>
  term
    .toLowerCase()
    .replace(/ agreement$/, "")
    .replace(/s$/, "");

/** The terms said twice or more, most said first (then first said), at most MAX_DISCUSSED. */
export function readDiscussed(sentences: readonly Sentence[]): DiscussedTerm[] {
  const terms = new Map<string, DiscussedTerm>();
  for (const sentence of sentences) {
    for (const rule of plansAndDocuments.rules) {
      if (!(rule.pattern instanceof RegExp)) continue;
      for (const match of sentence.text.matchAll(rule.pattern)) {
        const key = termKey(match[0]);
        const known = terms.get(key);
        if (known) known.count++;
        else terms.set(key, { term: asWritten(match[0]), count: 1, first: sentence });
      }
    }
  }
  return [...terms.values()]
    .filter((t) => t.count >= MIN_MENTIONS)
    .sort((a, b) => b.count - a.count || a.first.index - b.first.index)
    .slice(0, MAX_DISCUSSED);
}

/** Lower case unless said with capitals inside ("SSI", "Roth conversion", "S corp" keep theirs). */
function asWritten(term: string): string {
  return /\p{Lu}/u.test(term.slice(1)) ||
    /^\p{Lu}\b|^\p{Lu}{2}/u.test(term) ||
    /^(?:Roth|Social|Medi|Section)/.test(term)
    ? term
    : uncapitalise(term);
}

export interface RoleFact {
  /** "successor trustee", "co-trustees". */
  role: string;
  /** "Dana", "Sam and Kit". */
  who: string;
  sentence: Sentence;
}

/** Each role given to named people, once per role and people, in the order said. */
export function readRoles(sentences: readonly Sentence[], isName: (word: string) => boolean): RoleFact[] {
  const out: RoleFact[] = [];
  const seen = new Set<string>();
  for (const sentence of sentences) {
    for (const rule of roles.rules) {
      if (!(rule.pattern instanceof RegExp)) continue;
      for (const match of sentence.text.matchAll(rule.pattern)) {
        const role = (match.groups?.role ?? "").toLowerCase();
        const who = namesAtEnd(match.groups?.who ?? "", isName);
        if (!role || !who) continue;
        const key = `${role}|${who}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ role, who, sentence });
      }
    }
  }
  return out;
}

/** The words of `who` from the first one after which all are names ("So Karin" → "Karin"); "" when none. */
function namesAtEnd(who: string, isName: (word: string) => boolean): string {
  const words = who.split(" ");
  for (let i = 0; i < words.length; i++) {
    const rest = words.slice(i);
    if (rest[0] !== "and" && rest.every((w) => w === "and" || isName(w))) return rest.join(" ");
  }
  return "";
}
