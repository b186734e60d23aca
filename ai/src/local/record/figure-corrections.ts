// Figures that correct or replace one another: within a sentence ("5,400, sorry, 6,150", "up from 9,800", "from 2,480 to
// 2,900"), and across a speaker's next sentences ("Sorry, no, it went up. … 6,150"; "It used to be twenty-two
// hundred"). The corrected figure keeps the first one's subject and period and says what it was. A figure guessed in a
// question and answered with another (a close one whatever it is said of), and the gap or sum of two figures just said, are no figures of their own.
// Each look back or ahead is bounded: linear.

import { alternation, FILLER_SOUNDS } from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";
import type { Sentence } from "../../language/sentences";
import { byAnother } from "./fact-signals";
import type { Found } from "./figures-in-sentence";

// Words between two figures that make the second the correction of the first ("5,400, sorry, 6,150").
const CORRECTS = /\b(?:sorry|i mean|actually|no|make that|correction|rather)\b/i;
// Words right before a figure that make it the one replaced ("up from 9,800", "was 5,400", "not 5,400").
const REPLACED = /\b(?:from|was|were|used to be|instead of|not|previously)\s*$/i;
// "from (about) 2,480 to (something like) 2,900": a change told in its order, the old figure first.
const CHANGED_FROM = /\bfrom(?:\s+(?:about|around|roughly|maybe|like|just))?\s*$/i;
const CHANGED_TO = /^\s*(?:up |down )?to\b/i;
/** Characters between two figures of a sentence within which one corrects the other. */
const CORRECTION_GAP = 40;

/** Figures of one sentence replaced by the next one (by index), and the figure each correction says it was. */
export function correctedInSentence(
  found: readonly Found[],
  written: string,
): { replaced: Set<number>; wasOf: Map<number, string> } {
  const replaced = new Set<number>();
  const wasOf = new Map<number, string>();
  for (let k = 0; k + 1 < found.length; k++) {
    const a = found[k]!;
    const b = found[k + 1]!;
    if (a.money !== b.money || a.percent !== b.percent || !(a.money || a.percent)) continue;
    const gap = written.slice(a.end, b.start);
    if (gap.length > CORRECTION_GAP) continue;
    if (CORRECTS.test(gap)) {
      replaced.add(k);
      wasOf.set(k + 1, a.display);
    } else if (REPLACED.test(gap)) {
      replaced.add(k + 1);
      wasOf.set(k, b.display);
    } else if (CHANGED_TO.test(gap) && CHANGED_FROM.test(written.slice(Math.max(0, a.start - 30), a.start))) {
      // "goes from about 2,480 to something like 2,900": the first is what it was.
      replaced.add(k);
      wasOf.set(k + 1, a.display);
    }
  }
  return { replaced, wasOf };
}

// "Sorry, no, it went up.", "Oh, wait, no.", "Actually": a figure said after it replaces the speaker's figure before.
export const CORRECTION_OPENER = lexiconRegExp(
  `^(?:(?:${alternation(FILLER_SOUNDS)}|oh|hold on|hang on)[,.]?\\s+)?(?:sorry|no|actually|wait|i mean|correction)\\b`,
  "i",
);
// "It used to be …": a figure said as what something was, not what it is.
const USED_TO_BE = /\bused to (?:be|pay|get|cost)\s+(?:about\s+|around\s+|roughly\s+)?$/i;
/** Sentences after a figure within which "it used to be …" says what that figure was. */
const FORMER_SENTENCES = 2;
/** True when the words before a figure say it is what something used to be. */
export const saysUsedToBe = (before: string) => USED_TO_BE.test(before);
/** Sentences after a figure within which its speaker's next figure may correct it; in one turn of theirs, more. */
export const CORRECTION_SENTENCES = 3;
export const CORRECTION_IN_TURN = 6;

/** What the corrections across sentences read of a figure. */
interface Correctable {
  sentence: Sentence;
  value: number;
  inQuestion: boolean;
  money: boolean;
  display: string;
  subject: string;
  subjectFrom: string;
  former: boolean;
  whose?: string;
  period?: string;
  was?: string;
}

/** A figure corrected in the next sentences by its speaker: the correction keeps the first one's subject and period. */
export function withCorrections<T extends Correctable>(facts: readonly T[], sentences: readonly Sentence[]): T[] {
  const out: T[] = [];
  for (const fact of facts) {
    const last = out.at(-1);
    const gap = last ? fact.sentence.index - last.sentence.index : 0;
    // "Eleven hundred a month. It used to be twenty-two hundred.": what the figure just said was before.
    if (last && fact.former && !last.was && gap >= 1 && gap <= FORMER_SENTENCES && last.money && fact.money) {
      out[out.length - 1] = { ...last, was: fact.display };
      continue;
    }
    // In the speaker's own turn the correction may come after its reason ("Sorry, no. That's before … it's 245.").
    const between = last ? sentences.slice(last.sentence.index + 1, fact.sentence.index + 1) : [];
    const oneTurn = last !== undefined && between.every((s) => s.speaker === last.sentence.speaker);
    const corrects =
      last !== undefined &&
      gap >= 1 &&
      (gap <= CORRECTION_SENTENCES || (oneTurn && gap <= CORRECTION_IN_TURN)) &&
      last.money === fact.money &&
      last.money &&
      last.sentence.speaker === fact.sentence.speaker &&
      between.some((s) => CORRECTION_OPENER.test(s.text.trim()));
    if (!corrects) {
      out.push(fact);
      continue;
    }
    out[out.length - 1] = {
      ...fact,
      subject: last.subject || fact.subject,
      ...(last.whose ? { whose: last.whose } : {}),
      ...((fact.period ?? last.period) ? { period: (fact.period ?? last.period)! } : {}),
      was: last.display,
      subjectFrom: last.subjectFrom,
    };
  }
  return out;
}

/** How many sentences after a figure asked about its answer may come. */
const ANSWER_SENTENCES = 2;
/** Figures looked at after one asked about, at most: linear in the meeting. */
const ANSWER_FIGURES = 4;

/**
 * "And I'd pay, what, about nine thousand in tax on that?" "Federal, about eighty-eight hundred …": a figure only
 * guessed in a question, answered at once by someone else with another figure of the same thing, is no figure.
 */
export function withoutAnsweredGuesses<T extends Correctable>(facts: readonly T[]): T[] {
  return facts.filter((asked, i) => {
    if (!asked.inQuestion || !asked.subject) return true;
    for (const reply of facts.slice(i + 1, i + 1 + ANSWER_FIGURES)) {
      if (reply.sentence.index - asked.sentence.index > ANSWER_SENTENCES) break;
      // Without speaker labels the reply may be anyone's (byAnother); a close sum is the same thing asked back
      // ("So I get twelve thousand?" "Twelve four, minus the tax."), whatever the two sentences name.
      const close = reply.money === asked.money && Math.abs(reply.value - asked.value) <= 0.1 * reply.value;
      const answered =
        byAnother(reply.sentence, asked.sentence) &&
        !reply.inQuestion &&
        (reply.subject === asked.subject || close) &&
        reply.value !== asked.value;
      if (answered) return false;
    }
    return true;
  });
}

/** How many sentences back two figures may be said for a third to be read as the gap between them. */
const GAP_SENTENCES = 3;
/** Figures looked at for a gap, at most: the pairs compared stay few whatever the meeting. */
const GAP_FIGURES = 6;

/**
 * True when the value is the gap between two amounts of the same period said in the sentences just before, or their
 * sum, and not one of them said again.
 */
export function gapOrSumOfSaid(
  value: number,
  period: string | undefined,
  facts: readonly Correctable[],
  at: number,
): boolean {
  const recent: number[] = [];
  for (let i = facts.length - 1; i >= 0 && recent.length < GAP_FIGURES; i--) {
    const fact = facts[i]!;
    if (at - fact.sentence.index > GAP_SENTENCES) break;
    if (fact.money && fact.period === period) recent.push(fact.value);
  }
  // "Equity of three-ten." "Three hundred ten thousand, right.": the figure said again is that figure, not a gap.
  if (recent.includes(value)) return false;
  return recent.some((a) => recent.some((b) => a - b === value || (a !== b && a + b === value)));
}
