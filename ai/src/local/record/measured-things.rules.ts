// The things a figure can be a figure of, in an adviser's notes: money held or owed, a price or a value, what is
// paid or earned, a limit, a rate, a share. A figure is a fact only when what it measures names one of them ("the
// brokerage account", "the long-term care premium", "the seller note"); a figure said of anything else ("the
// couch", "Mike", "a picture") is left out of the notes rather than written under a word that does not measure it.
// Each row is one word (its plural too), matched whole; the phrase around it is read by ./read-figures.ts.

import { firstMatch, ruleTable } from "../../language/rules";

export const measuredThings = ruleTable<{ kind: string }>({
  id: "record.measured-things",
  description: "Words naming what a figure in an adviser's notes measures; a figure said of none of them is no fact.",
  combine: "A word matches when one row matches it whole; the rows differ only in the kind they name, for the docs.",
  rules: [
    {
      id: "held",
      matches: "accounts, plans, funds and what is saved",
      pattern:
        /^(?:accounts?|ira|iras|roth|401\(k\)s?|403\(b\)s?|457\(b\)s?|529s?|brokerage|portfolio|funds?|savings|checking|reserves?|cash|assets?|holdings|investments?|pension|annuity|annuities|hsa|cd|cds|bonds?|stocks?|shares|equity|options?|rsus|estate|trust|plan|worth)$/i,
      effect: { kind: "held" },
      examples: [
        { text: "brokerage", expect: true },
        { text: "accounts", expect: true },
        {
          text: "option",
          expect: true,
          note: "a pension's payout option: 'the joint and survivor option, about 3,900 a month'",
        },
        { text: "couch", expect: false },
      ],
    },
    {
      id: "property",
      matches: "a home or land, a vehicle, a stake, a value or price",
      pattern:
        /^(?:house|home|place|condo|townhouse|duplex|cottage|apartment|building|property|properties|land|cabin|farm|car|truck|van|boat|stake|interest|value|valuation|appraisal|price|offer|sale|proceeds|basis|gain|gains|loss)$/i,
      effect: { kind: "property" },
      examples: [
        { text: "cabin", expect: true },
        { text: "van", expect: true, note: "a vehicle bought or sold: 'the van … sixty-eight thousand'" },
        { text: "valuation", expect: true },
        { text: "picture", expect: false },
        { text: "company", expect: false, note: "a company is measured when valued or sold, not wherever it is named" },
      ],
    },
    {
      id: "owed",
      matches: "debts and what is owed",
      pattern: /^(?:loan|loans|mortgage|note|debt|debts|balance|heloc|lien|owed|payoff|judgment|judgement|claim)$/i,
      effect: { kind: "owed" },
      examples: [
        { text: "mortgage", expect: true },
        { text: "notes", expect: false, note: "a plural that means what was written down" },
      ],
    },
    {
      id: "paid",
      matches: "what is paid, charged or spent",
      pattern:
        /^(?:premiums?|fees?|retainer|costs?|payments?|payroll|rents?|tuition|bills?|expenses?|spending|budget|deductible|tax|taxes|withdrawals?|distributions?|rmd|rmds|contributions?|conversion|transfers?|checks?|withholding|penalty|quote|deposit|escrow|gift|gifts|bequest|inheritance|settlement|buyout|purchase|alimony|maintenance|support|allowance|stipend|care)$/i,
      effect: { kind: "paid" },
      examples: [
        { text: "premium", expect: true },
        { text: "retainer", expect: true },
        { text: "payroll", expect: true, note: "what a business pays its staff: 'payroll was about 300,000'" },
        { text: "maintenance", expect: true },
        { text: "weekend", expect: false },
      ],
    },
    {
      id: "work",
      matches: "work on a home priced or capped, and the trade that does it",
      pattern:
        /^(?:roof|roofs|roofer|roofers|repairs?|renovations?|remodel|remodeling|construction|contractors?|plumber|plumbing|electrician|builder|landscaping)$/i,
      effect: { kind: "work" },
      examples: [
        { text: "roof", expect: true, note: "'the whole roof, shingles and all, about eighteen thousand'" },
        { text: "roofer", expect: true, note: "'I'll tell the roofer to keep it under fifteen thousand': the job's" },
        { text: "renovations", expect: true },
        { text: "neighbor", expect: false },
      ],
    },
    {
      id: "earned",
      matches: "what is earned or received",
      pattern:
        /^(?:income|agi|magi|salary|salaries|wages|pay|take-home|bonus|commission|paycheck|revenue|sales|profit|profits|earnings|ebitda|dividends?|benefit|benefits|refund|coverage|insurance|security|policy|policies|award|damages)$/i,
      effect: { kind: "earned" },
      examples: [
        { text: "salary", expect: true },
        { text: "take-home", expect: true },
        { text: "AGI", expect: true, note: "adjusted gross income: 'our AGI was about two hundred forty thousand'" },
        { text: "coverage", expect: true },
        { text: "insurance", expect: true, note: "'each of you insured … the life insurance, five hundred thousand'" },
        { text: "security", expect: true, note: "'Social Security, about two thousand a month'" },
        { text: "kitchen", expect: false },
      ],
    },
    {
      id: "reference",
      matches: "what a number read out is: an account, a policy, a phone",
      pattern: /^(?:number|phone|cell|mobile|fax|reference|application|ein|routing|case|docket|parcel|confirmation)$/i,
      effect: { kind: "reference" },
      examples: [
        { text: "cell", expect: true },
        { text: "docket", expect: true },
        { text: "affidavit", expect: false },
      ],
    },
    {
      id: "limit",
      matches: "limits, thresholds and rates",
      pattern:
        /^(?:limit|limits|cap|maximum|minimum|ceiling|exemption|exclusion|threshold|deduction|rate|rates|return|returns|yield|afr|apr)$/i,
      effect: { kind: "limit" },
      examples: [
        { text: "exemption", expect: true },
        { text: "rate", expect: true },
        {
          text: "maximum",
          expect: true,
          note: "'pays 60% of salary, up to a maximum of $10,000 a month': the maximum's",
        },
        { text: "window", expect: false },
      ],
    },
  ],
});

/** True when the word names something a figure in the notes can measure. */
export const namesMeasuredThing = (word: string): boolean => firstMatch(measuredThings, word) !== null;

/** The kind of thing the word names ("held", "property", "owed", "paid", "work", "earned", "limit"), or null. */
export const measuredKind = (word: string): string | null => firstMatch(measuredThings, word)?.rule.effect.kind ?? null;

/**
 * The things a plain count is a fact of in an adviser's notes: the people a business employs, a family's children,
 * the units or rentals owned, the shares or options held. Any other count ("200 people at the wedding", "three
 * calls") is left out.
 */
export const countedThings = ruleTable<{ kind: string }>({
  id: "record.counted-things",
  description: "Words naming what a plain count in an adviser's notes counts; a count of anything else is no fact.",
  combine:
    "The word right after the count (past 'full-time', 'rental' and the like), or the thing a question asked the count of.",
  rules: [
    {
      id: "staff",
      matches: "the people a business employs",
      pattern: /^(?:employees?|staff|workers?|technicians?|techs?)$/i,
      effect: { kind: "staff" },
      examples: [
        { text: "employees", expect: true },
        { text: "techs", expect: true },
        { text: "people", expect: false, note: "'two hundred people at the wedding' counts no one an adviser notes" },
      ],
    },
    {
      id: "family",
      matches: "children and grandchildren",
      pattern: /^(?:kids|children|grandchildren|grandkids|stepchildren)$/i,
      effect: { kind: "family" },
      examples: [
        { text: "grandkids", expect: true },
        { text: "cousins", expect: false },
      ],
    },
    {
      id: "holdings",
      matches: "units, rentals, shares and options held",
      pattern: /^(?:units|rentals|doors|shares|options|isos|nsos|rsus)$/i,
      effect: { kind: "holdings" },
      examples: [
        { text: "ISOs", expect: true },
        { text: "units", expect: true, note: "'we own six units on Elm'" },
        { text: "hours", expect: false },
      ],
    },
  ],
});

/** Words between a count and what it counts ("fourteen full-time employees", "six rental units"). */
const COUNT_MODIFIERS = new Set(
  "full-time part-time more other new rental vested unvested incentive stock employee".split(" "),
);

/**
 * What a plain count counts, as said: the first word after it past its modifiers ("fourteen full-time employees" →
 * "employees"), when that is a thing counted in the notes; else null. A word at a time, bounded.
 */
export function countedAfter(after: string, kinds?: readonly string[]): string | null {
  const words = after
    .slice(0, 60)
    .split(/[^\p{L}'-]+/u)
    .filter(Boolean)
    .slice(0, 4);
  const noun = words.find((w) => !COUNT_MODIFIERS.has(w.toLowerCase()));
  const kind = noun ? firstMatch(countedThings, noun)?.rule.effect.kind : undefined;
  return noun && kind && (!kinds || kinds.includes(kind)) ? noun : null;
}
