// What a figure measures, read from the words around it: an appraisal, a sale, a price asked, an age, a premium, a
// balance. The first matching rule names the measure; the sentence form of ./sentence-forms.ts for that measure
// writes the fact ("The condo was appraised at $410,000."). Each pattern is a plain alternation: linear.

import { matchRule, ruleTable } from "../../language/rules";
import type { Found } from "./figures-in-sentence";

export interface Measure {
  /** The measure's name, the key of its sentence form. */
  measure: string;
  /** What the figure is of when the sentence names nothing ("retire at 62" → "retirement age"). */
  subject: string;
  /**
   * The words name what the figure is, whatever was named in the sentences before ("coming in" is income); with
   * "over the sentence", whatever the sentence named before it too ("after the commission you'll net 425": the net).
   */
  namesIt?: true | "over the sentence";
  /** The words name only a figure said after them ("capped at 300,000"), not one said before. */
  before?: true;
  /** The words name a percentage only ("withhold twenty percent"); "with nothing withheld" says no amount is. */
  percentOnly?: true;
}

export const figureMeasures = ruleTable<Measure>({
  id: "record.figure-measures",
  description: "What a figure measures, from the words said around it; it decides the sentence form of the fact.",
  combine:
    "The rule matching nearest the figure names the measure (the first of those as near); without one the fact is written as 'Subject: figure.'",
  rules: [
    {
      id: "valuation",
      matches: "valued at, a valuation: a value put on it, not an appraisal",
      pattern: /\b(?:valued (?:(?:it|that|them) )?(?:[a-z]+ ){0,3}at|valuation)\b/i,
      effect: { measure: "valuation", subject: "value" },
      examples: [
        { text: "a broker valued it last year at $1.1 million", expect: "valued it last year at" },
        { text: "a broker valued it late last spring at $900,000", expect: "valued it late last spring at" },
        { text: "the valuation came back at $2 million", expect: "valuation" },
        { text: "the cottage appraised at $290,000", expect: false },
      ],
    },
    {
      id: "appraisal",
      matches: "appraised, appraisal came in",
      pattern: /\bapprais\w*/i,
      effect: { measure: "appraisal", subject: "property" },
      examples: [
        { text: "the cottage appraised at $290,000", expect: "appraised" },
        { text: "the cottage is ours", expect: false },
      ],
    },
    {
      id: "sale",
      matches: "sold for, sale price, accepted an offer",
      pattern: /\b(?:sold|sale price|closed at|accepted (?:an |the )?offer)\b/i,
      effect: { measure: "sale", subject: "sale" },
      examples: [{ text: "the boat sold for $41,000", expect: "sold" }],
    },
    {
      id: "listing",
      matches: "listed at, asking price, list it for, a seller asking (not a speaker's 'if you don't mind me asking')",
      pattern:
        /\b(?:list(?:ed|s|ing)? (?:it )?(?:at|for)|asking price|(?:they're|they are|they were|he's|she's|seller's|sellers are|is|are|was|were) asking)\b/i,
      effect: { measure: "listing", subject: "listing price" },
      examples: [
        { text: "we listed it at $199,000", expect: "listed it at" },
        { text: "they're asking $640,000 for the lot", expect: "they're asking" },
        { text: "what are they charging, if you don't mind me asking", expect: false },
      ],
    },
    {
      id: "cash-down",
      matches: "paid down at once: a sum or a share said with 'down' after it ('a down payment' names itself)",
      pattern: /(?:\b(?:thousand|hundred|million|grand)|\d|%|\dk)\s+down\b(?!\s+(?:to|from|payment)\b)/i,
      effect: { measure: "cash down", subject: "cash down", namesIt: "over the sentence" },
      examples: [
        { text: "the firm can do $40,000 down at closing and a note for the rest", expect: "0 down" },
        { text: "we can do forty thousand down without strain", expect: "thousand down" },
        { text: "they want 20% down", expect: "% down" },
        { text: "a down payment of $90,000", expect: false },
        { text: "a 10% down payment, about $90,000", expect: false },
        { text: "the rate came 2% down to 5%", expect: false },
        { text: "write that down, the fee is $900", expect: false },
      ],
    },
    {
      id: "flat-fee",
      matches: "a flat fee: a flat $4,000, a flat fee of $4,000",
      pattern: /\bflat\s+(?:fee\s+(?:of\s+)?)?\$\d/i,
      effect: { measure: "fee", subject: "flat fee", namesIt: "over the sentence" },
      examples: [
        { text: "the will, the deed and the directives, it's a flat $2,400", expect: "flat $2" },
        { text: "a flat fee of $1,500 for the estate plan", expect: "flat fee of $1" },
        { text: "rates are flat at $2,000 a month", expect: false },
      ],
    },
    {
      id: "age",
      matches: "retire at, claim at, age, be done or step back at",
      pattern: /\b(?:retir\w*|claim\w*|years old|turns?|age|(?:be done|be out|stop working|step back) (?:at|by))\b/i,
      effect: { measure: "age", subject: "retirement age" },
      examples: [
        { text: "she plans to retire at 60", expect: "retire" },
        { text: "I want to be done at 62", expect: "be done at" },
      ],
    },
    {
      id: "premium",
      matches: "premium",
      pattern: /\bpremiums?\b/i,
      effect: { measure: "premium", subject: "premium" },
      examples: [{ text: "the premium is $2,300 a year", expect: "premium" }],
    },
    {
      id: "balance",
      matches: "balance, owe, left on",
      pattern: /\b(?:balance|owe[sd]?|left on|outstanding|debt)\b/i,
      effect: { measure: "balance", subject: "balance" },
      examples: [{ text: "we still owe about $80,000", expect: "owe" }],
    },
    {
      id: "income",
      matches: "what comes in: coming in, take-home, brings in",
      pattern: /\b(?:coming in|comes in|take-home|takes home|brings? in)\b/i,
      effect: { measure: "income", subject: "income", namesIt: true },
      examples: [
        { text: "so about $3,100 a month coming in", expect: "coming in" },
        { text: "she brings in about $4,000 a month", expect: "brings in" },
        { text: "the appraiser is coming on Friday", expect: false },
      ],
    },
    {
      id: "spending",
      matches: "what is spent: you spend, we spent, going out",
      pattern: /\b(?:spend|spends|spent|going out|goes out)\b/i,
      effect: { measure: "spending", subject: "spending", namesIt: true },
      examples: [
        { text: "and you said you spend about $6,000 a month", expect: "spend" },
        { text: "we spent maybe $30,000 last year, all told", expect: "spent" },
        { text: "the spending account", expect: false },
        { text: "five thousand coming in against seven thousand going out", expect: "going out" },
      ],
    },
    {
      id: "saving",
      matches: "what is put by: put away, set aside, sock away, contribute",
      pattern:
        /\b(?:(?:put|puts|putting|set|sets|setting|sock|socks|socking) (?:away|aside)|contribut(?:e|es|ed|ing))\b/i,
      effect: { measure: "saving", subject: "savings", namesIt: "over the sentence" },
      examples: [
        { text: "with the new plan she could put away about $60,000 a year", expect: "put away" },
        { text: "we set aside two thousand a month for the kids", expect: "set aside" },
        { text: "he contributes $23,000 to the 401(k)", expect: "contributes" },
        { text: "put the deed away in the safe", expect: false },
        { text: "the contribution limit is $7,000", expect: false },
      ],
    },
    {
      id: "charge",
      matches: "what someone charged: charged us, charges, charging (not 'in charge')",
      pattern: /(?<!\bin )\bcharg(?:e|es|ed|ing)\b/i,
      effect: { measure: "charge", subject: "charge", namesIt: "over the sentence" },
      examples: [
        { text: "the locksmith charged us three hundred dollars", expect: "charged" },
        { text: "the bank charges $25 a month for that", expect: "charges" },
        { text: "who is in charge of the trust", expect: false },
      ],
    },
    {
      id: "cost",
      matches: "what something costs: it costs, costing, cost us",
      pattern: /\bcost(?:s|ing)?\b/i,
      effect: { measure: "cost", subject: "cost" },
      examples: [
        { text: "the night nurse is costing about five thousand a month", expect: "costing" },
        { text: "the new roof cost us $14,000", expect: "cost" },
        { text: "the coastline is lovely", expect: false },
      ],
    },
    {
      id: "reimbursement",
      matches: "paid back: reimburse, reimbursed, reimbursement",
      pattern: /\breimburs(?:e|es|ed|ing|ement)\b/i,
      effect: { measure: "reimbursement", subject: "reimbursement", namesIt: true },
      examples: [
        { text: "reimburse yourself the $2,400 from the estate account", expect: "reimburse" },
        { text: "the reimbursement came to four hundred", expect: "reimbursement" },
      ],
    },
    {
      id: "gift",
      matches: "what is given away: give to, gave to, give up to, donate",
      pattern:
        /\b(?:(?:give|gives|giving|gave)\s+(?:it\s+|up\s+)?to|how much (?:do|did|does|will|would) \w+ (?:give|donate)|donat(?:e|es|ed|ing|ion|ions))\b/i,
      effect: { measure: "gift", subject: "gifts" },
      examples: [
        { text: "you give to the food bank every year?", expect: "give to" },
        { text: "they can give up to $36,000 per grandchild", expect: "give up to" },
        { text: "we donated five thousand last year", expect: "donated" },
        { text: "how much do you give them each year?", expect: "how much do you give" },
        { text: "give me a minute", expect: false },
        { text: "give it some thought", expect: false },
      ],
    },
    {
      id: "bequest",
      matches: "left to someone by a will: leave a person, each child, him or her an amount",
      pattern:
        /\bleav(?:e|es|ing)\s+(?:(?:him|her|them|each|every|both)\b|(?:his|her|their|my|our|the)\s+(?:sons?|daughters?|kids|children|grandchildren|grandkids|niece|nephew|sister|brother|twins)\b|[A-Z][a-z]+\b)/,
      effect: { measure: "bequest", subject: "bequest", namesIt: true, before: true },
      examples: [
        { text: "her will is going to leave Nico about forty thousand", expect: "leave Nico" },
        { text: "we want to leave each grandchild $20,000", expect: "leave each" },
        { text: "he plans to leave his niece the coin collection", expect: "leave his niece" },
        { text: "she means to leave the grandkids ten thousand apiece", expect: "leave the grandkids" },
        { text: "we'll leave it at that", expect: false },
        { text: "please leave room for the deposit of $500", expect: false },
      ],
    },
    {
      id: "cap",
      matches: "an upper limit: capped at, a cap of",
      pattern: /\b(?:capped at|(?:a |the )?cap of)\b/i,
      effect: { measure: "cap", subject: "cap", before: true },
      examples: [
        { text: "ten thousand a year, capped at one hundred thousand", expect: "capped at" },
        { text: "there's a cap of $50,000 on it", expect: "a cap of" },
        { text: "a baseball cap", expect: false },
      ],
    },
    {
      id: "net",
      matches: "what is left after costs: you'll net, net proceeds, netting",
      pattern:
        /\b(?:net proceeds|netting|(?:you'll|you will|we'll|we will|you'd|you would|they'll|they will|I'll|should|would|will|to) net)\b/i,
      effect: { measure: "net", subject: "net proceeds", namesIt: "over the sentence" },
      examples: [
        { text: "after the agent and the fees you'll net, what, about $610,000", expect: "you'll net" },
        { text: "the net proceeds should be $98,000", expect: "net proceeds" },
        { text: "the net worth is $2 million", expect: false },
        { text: "the net investment income tax", expect: false },
      ],
    },
    {
      id: "purchase",
      matches: "what was paid to buy it: bought it for, paid for it, did you pay for, purchase price",
      pattern:
        /\b(?:purchase price|(?:bought|purchased) (?:it|that|them|the (?:house|home|condo|cabin|cottage|place|building|land|lot|shop|business|practice)) for|paid for (?:it|that|them)|did (?:you|they|we|he|she) pay for)\b/i,
      effect: { measure: "purchase", subject: "purchase price" },
      examples: [
        { text: "what did you pay for the duplex", expect: "did you pay for" },
        { text: "we bought the cottage for about $210,000", expect: "bought the cottage for" },
        { text: "the purchase price was $1.2 million", expect: "purchase price" },
        { text: "we paid for it in cash, about $90,000", expect: "paid for it" },
        { text: "how will you pay for the roof", expect: false },
        { text: "we bought groceries for the week", expect: false },
      ],
    },
    {
      id: "withholding",
      matches: "the share held back for tax: withhold, withheld, withholding (of a percentage only)",
      pattern: /\b(?:withhold|withholds|withheld|withholding)\b/i,
      effect: { measure: "withholding", subject: "withholding", namesIt: true, percentOnly: true },
      examples: [
        { text: "we'll withhold twenty percent from the distribution", expect: "withhold" },
        { text: "the plan withholds 10% by default", expect: "withholds" },
        { text: "about fifty thousand with nothing withheld", expect: "withheld", note: "an amount: not its measure" },
      ],
    },
    {
      id: "worth",
      matches: "worth",
      pattern: /\bworth\b/i,
      effect: { measure: "worth", subject: "value" },
      examples: [
        { text: "I think it's worth around $385,000", expect: "worth" },
        { text: "it was worth the wait", expect: "worth" },
      ],
    },
  ],
});

/** The measure the words around a figure name, or null. */
export function figureMeasure(text: string, figure: { start: number; end: number }, percent = false): string | null {
  // "… six thousand coming in, $5,990 to be exact, against ninety-five hundred going out": the words nearest the figure
  // say what it is; among rules as near, the first.
  let best: { measure: string; distance: number } | null = null;
  for (const rule of rulesFor(percent)) {
    const hit = matchRule(rule, text);
    if (!hit) continue;
    const hitEnd = hit.index + hit.text.length;
    if (rule.effect.before && hitEnd > figure.start) continue;
    const distance =
      hitEnd <= figure.start ? figure.start - hitEnd : hit.index >= figure.end ? hit.index - figure.end : 0;
    if (!best || distance < best.distance) best = { measure: rule.effect.measure, distance };
  }
  return best?.measure ?? null;
}

/** The rules that may name a figure's measure: those of percentages, or those of amounts. */
const rulesFor = (percent: boolean) =>
  figureMeasures.rules.filter((rule) => percent === Boolean(rule.effect.percentOnly));

/** A number that is no amount, share, year or reference: a count, or an age. */
export const isPlainNumber = (figure: Found) => !figure.money && !figure.percent && !figure.year && !figure.identifier;

/** The measure the words around a figure name, where it fits the figure: a sale is money, an age a plain number. */
export function measureOf(figure: Found, words: string, at: number): string | null {
  const span = { start: at, end: at + figure.display.length };
  if (figure.percent) return figureMeasure(words, span, true);
  const measure = figureMeasure(words, span);
  if (measure === "age") return isPlainNumber(figure) && figure.value >= 18 && figure.value <= 110 ? measure : null;
  return figure.money ? measure : null;
}

/** What a measure's figure is of when the sentence names nothing. */
export function measureSubject(measure: string | null): string | null {
  return figureMeasures.rules.find((rule) => rule.effect.measure === measure)?.effect.subject ?? null;
}

/**
 * The subject a measure names outright, whatever the sentences before named ("coming in" → income), and with
 * `overSentence` only one that outranks the sentence's own words too ("you'll net" → net proceeds); else null.
 */
export function subjectNamedBy(measure: string | null, overSentence = false): string | null {
  const rule = figureMeasures.rules.find((r) => r.effect.measure === measure);
  const names = overSentence ? rule?.effect.namesIt === "over the sentence" : rule?.effect.namesIt;
  return names ? (rule?.effect.subject ?? null) : null;
}
