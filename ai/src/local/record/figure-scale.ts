// Whether an amount said in hundreds is hundreds or thousands, read after its sentence: "about eight hundred" where
// money is talked of is read as thousands (./figures-in-sentence.ts, as people round an account's balance), and
// these readings take the thousands back where the figure's subject or the talk before it says otherwise.
import { display, FEE_WORDS, type Found } from "./figures-in-sentence";

/**
 * A figure read as thousands ("about eight hundred" → 800,000) whose subject turned out to be a fee, a bill or a
 * payment ("the state payment … about eight hundred"): said as it is, $800. A down payment is a price's share, and
 * keeps the thousands.
 */
export function asSaidOf(figure: Found, subject: string, saidBefore: string, justSaid: ReadonlySet<number>): Found {
  const head = subject.toLowerCase().split(/\s+/).at(-1) ?? "";
  // "…a hundred eighty thousand dollars a year." "A hundred eighty.": an amount just said, said again short.
  if (!figure.scaled || justSaid.has(figure.value)) return figure;
  if (!FEE_WORDS.has(head) || /\bdown[\s-]+payments?\b/i.test(saidBefore)) return figure;
  const value = figure.value / 1000;
  return { ...figure, value, display: display(value, true, false, ""), scaled: false };
}

/** The values of the amounts of money said from sentence `from` on, read from the last one back. */
export function moneySaidSince(
  said: readonly { money: boolean; value: number; sentence: { index: number } }[],
  from: number,
): Set<number> {
  const values = new Set<number>();
  for (let i = said.length - 1; i >= 0 && said[i]!.sentence.index >= from; i--)
    if (said[i]!.money) values.add(said[i]!.value);
  return values;
}

/** A money fact said before, as the record holds it. */
interface SaidBefore {
  money: boolean;
  value: number;
  period?: string;
  sentence: { index: number };
}

/** "raise it to", "bump that up to", "cut it back to": a change of the thing just talked of, said right before a figure. */
const CHANGED_TO =
  /\b(?:raise|raising|bump|bumping|increase|increasing|lower|lowering|cut|cutting|drop|dropping|reduce|reducing|take|taking|move|moving|change|changing)\s+(?:it|that|this|them)(?:\s+(?:up|down|back))?\s+to\s+(?:about\s+|around\s+)?$/i;
/** How far apart in size a change may be from the figure it changes, either way. */
const CHANGE_RATIO = 3;

/**
 * "You're putting in four hundred a month now. I'd raise it to six hundred": a figure said as a change of one just
 * said in hundreds ("raise it to", "cut that to") is in hundreds too, per the same period; not $600,000. Null when
 * the figure is read as it was said, or no such figure came in the last `back` sentences.
 */
export function changedFromHundreds(
  figure: Found,
  saidBefore: string,
  facts: readonly SaidBefore[],
  index: number,
  back: number,
): { figure: Found; period?: string } | null {
  if (!figure.scaled || !CHANGED_TO.test(saidBefore.slice(-60))) return null;
  const said = figure.value / 1000;
  for (let i = facts.length - 1; i >= 0 && facts[i]!.sentence.index >= index - back; i--) {
    const fact = facts[i]!;
    if (!fact.money || fact.value >= 1000 || fact.value * CHANGE_RATIO < said || said * CHANGE_RATIO < fact.value)
      continue;
    const hundreds = { ...figure, value: said, display: display(said, true, false, ""), scaled: false };
    return { figure: hundreds, ...(fact.period ? { period: fact.period } : {}) };
  }
  return null;
}
