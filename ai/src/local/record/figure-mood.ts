// How a figure is said: as what is, or supposed ("if", "say", "would"), denied ("not", "never"), projected years
// ahead, or bounded ("under", "at most"). Read by ./read-figures.ts on the words of the figure's own clause.

/** A sentence opened by a supposition or an example: "Say the loan covers…", "What if…", "For example, …". */
const HYPOTHETICAL = /^(?:and |so |but )?(?:if|say|suppose|imagine|let's say|what if|for example|for instance)\b/i;
// "Because if the appraisal comes in at 360,000 and …": a figure in a clause opened by "if" is supposed, not said.
// "So that would be about six million": a figure worked out on a supposition ("would be"), not one that stands.
const CONDITION_OPENER =
  /\b(?:if|unless|suppose|supposing|in case|would (?!say|guess|think|estimate|put|call|like|want|need)[a-z]+|(?:would|['’]d) have)\b/i;

/** The words of the figure's own clause before it: since the last comma, semicolon or dash. */
export function clauseBefore(before: string): string {
  return before.slice(Math.max(before.lastIndexOf(","), before.lastIndexOf(";"), before.lastIndexOf("—")) + 1);
}

// "not to write a $170,000 check", "we never paid 5,000": the clause denies the figure rather than states it.
const NEGATION =
  /\b(?:not|never|no|don['’]t|won['’]t|didn['’]t|doesn['’]t|isn['’]t|wasn['’]t|can['’]t|cannot|shouldn['’]t)\b/i;

// "roughly eleven thousand a month in twenty years": a figure projected years ahead is worked out, not one that stands.
const PROJECTED =
  /^[\s,]*(?:(?:a|per|each)\s+(?:week|month|quarter|year)\s+)?(?:in|after)\s+(?:another\s+)?(?:\d+|[a-z]+(?:-[a-z]+)?)\s+years\b/i;

/**
 * "…until it is under 25%", "keep it under $15,000", "at most 10 hours": a bound said right before the figure ("goes
 * up to" is a change, not a bound).
 */
const BOUND_BEFORE =
  /\b(under|below|over|above|less than|more than|fewer than|at least|at most|no more than|(?<!\b(?:go|goes|going|went|gone|come|comes|came|bump|bumped|raise|raised|move|moves|moved|jump|jumps|jumped|rise|rises|rose) )up to)(?:\s+(?:about|around|roughly))?\s*\$?$/i;
/** The bound the words right before a figure say it is, as the notes write it ("under"), or nothing. */
export function boundOf(spoken: string): { bound?: string } {
  const said = BOUND_BEFORE.exec(spoken)?.[1]?.toLowerCase();
  return said ? { bound: said } : {};
}

/** True when the sentence opens with a supposition. */
export const opensSupposition = (written: string): boolean => HYPOTHETICAL.test(written.trim());

/** True when the figure's clause denies it ("not to write a $170,000 check"). */
export const deniedIn = (spoken: string): boolean => NEGATION.test(clauseBefore(spoken));

/** True when the figure's clause supposes it (an "if" or "would" since the last clause break), or it is projected. */
export const supposedIn = (spoken: string, after: string): boolean =>
  CONDITION_OPENER.test(clauseBefore(spoken)) || PROJECTED.test(after);

/** "How much a year …?", "how much do you spend per month": the period a question asks an amount for. */
const HOW_MUCH_PER = /\bhow much\b[^?.]{0,30}?\b(?:a|per|each|every) (year|month|week)\b/i;

/** True when the question asks an amount ("how much …?"). */
export const asksHowMuch = (question: string): boolean => /\bhow much\b/i.test(question);

/** The period the question asks its amount for, or undefined. */
export const periodAsked = (question: string): string | undefined => HOW_MUCH_PER.exec(question)?.[1]?.toLowerCase();
