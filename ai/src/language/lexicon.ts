// The one lexicon of the notes engine: every closed list of English words the rules read (numbers, ordinals,
// weekdays, months, money and quantity words, role words, fillers and discourse markers, stop words). A rule that
// needs such a list imports it from here, or builds its pattern with `alternation`, so no list exists twice.
// Lists are written as one string of words to keep them short to read; the order of a list is kept where a pattern
// built from it depends on it (an alternation tries its words left to right).

/** "a b c" → ["a", "b", "c"]. */
const words = (list: string): readonly string[] => Object.freeze(list.trim().split(/\s+/));
/** Words with their values, in the order given. */
const valued = (list: string, first: number, step = 1): Readonly<Record<string, number>> =>
  Object.freeze(Object.fromEntries(words(list).map((word, i) => [word, first + i * step])));

// ---- Numbers --------------------------------------------------------------------------------------------------

/** "zero" to "nineteen" with their values. */
export const NUMBER_UNITS = valued(
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen " +
    "eighteen nineteen",
  0,
);
/** "twenty" to "ninety" with their values. */
export const NUMBER_TENS = valued("twenty thirty forty fifty sixty seventy eighty ninety", 20, 10);
/** Scales said after a number ("two hundred", "1.2 million"). */
export const HUNDRED = "hundred";
export const NUMBER_SCALES: Readonly<Record<string, number>> = Object.freeze({
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
});
/** Shares said after a number ("two and a half million"). */
export const NUMBER_SHARES: Readonly<Record<string, number>> = Object.freeze({ half: 0.5, quarter: 0.25 });
/** "one" to "nine", the units a ten takes ("twenty-one"). */
export const DIGIT_WORDS = Object.keys(NUMBER_UNITS).slice(1, 10);
/** "twenty" to "ninety". */
export const TENS_WORDS = Object.keys(NUMBER_TENS);
/** "one" to "twelve": the hours of a clock, and the small counts said before a period ("six to eight weeks"). */
export const CLOCK_HOUR_WORDS = Object.keys(NUMBER_UNITS).slice(1, 13);
/** The word for zero when a figure is read digit by digit ("three-oh-eight"). */
export const SPOKEN_ZERO = "oh";

// ---- Ordinals -------------------------------------------------------------------------------------------------

/** "first" to "ninth" (1-9). */
export const ORDINAL_UNITS = words("first second third fourth fifth sixth seventh eighth ninth");
/** "tenth" to "nineteenth" (10-19). */
export const ORDINAL_TEENS = words(
  "tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth",
);
/** Ordinals of the tens that name a day of the month. */
export const ORDINAL_TENS: Readonly<Record<string, number>> = Object.freeze({ twentieth: 20, thirtieth: 30 });

// ---- Calendar -------------------------------------------------------------------------------------------------

/** Sunday first, as `Date.getDay()` counts. */
export const WEEKDAYS = words("sunday monday tuesday wednesday thursday friday saturday");
/** The weekday names without "day" ("wednes"), for patterns that read "Wednesday" and its plural alike. */
export const WEEKDAY_STEMS = WEEKDAYS.map((day) => day.slice(0, -3));
/** January first, as `Date.getMonth()` counts. */
export const MONTHS = words("january february march april may june july august september october november december");
/** Months as written short ("Sept."); "may" has none. */
export const MONTH_ABBREVIATIONS = words("jan feb mar apr jun jul aug sep sept oct nov dec");
/** Days named relative to today. */
export const RELATIVE_DAYS = words("today tomorrow tonight yesterday");
/** Months that are also first names: a speaker called April is a speaker, not a date. */
export const MONTHS_THAT_ARE_NAMES = words("april may june august");

// ---- Money and quantities -------------------------------------------------------------------------------------

/** Dollars said after a figure ("forty dollars", "ten bucks"): written with "$". */
export const DOLLAR_WORDS = words("dollar dollars bucks");
/** "percent" and its spellings. */
export const PERCENT_WORDS = words("percent per-cent");
/** What a recurring amount is counted per ("a month", "each"). */
export const RATE_WORDS = words("a per each every monthly annually yearly");
/** Periods an amount or a plan is counted in. */
export const PERIOD_WORDS = words("day days week weeks month months quarter quarters year years");
/**
 * Numbers that name a plan or a tax form, not an amount: "401(k)", "the 457", "a 529", "Form 1040", "a 1031
 * exchange".
 */
export const PLAN_OR_FORM_NUMBERS = words("401 403 457 529 1031 1040 1041 1065 1098 1099 1120 706 709 990");
const PLAN_OR_FORM_SET = new Set(PLAN_OR_FORM_NUMBERS);
/** True for a number that names a plan or a tax form ("401", "1040"), not an amount. */
export const isPlanOrFormNumber = (text: string) => PLAN_OR_FORM_SET.has(text);
/**
 * Words a number written before them names rather than counts: "the 2553 election", "a 1035 exchange", "the 8606
 * form". Any number so said is the thing's name, listed above or not.
 */
export const NAMED_BY_NUMBER = words("election elections exchange exchanges form forms filing filings return returns");

// ---- People's roles -------------------------------------------------------------------------------------------

/** Words for who is at (or talked about in) a client meeting, by the role they stand for. */
export const ROLE_WORDS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  advisor: words("advisor adviser planner banker consultant"),
  client: words("client clients customer"),
  spouse: words("spouse wife husband partner"),
  attorney: words("attorney lawyer solicitor counsel paralegal"),
  accountant: words("accountant cpa bookkeeper preparer"),
  family: words("son daughter kids children mother father mom dad brother sister parents grandchildren"),
});

// ---- Fillers and discourse markers ----------------------------------------------------------------------------

/** Hesitations, which may also open a sentence ("Um, can you…"). */
export const HESITATIONS = words("um uh erm");
/** Sounds that carry no word: dropped from what a reader sees. */
export const FILLER_SOUNDS = Object.freeze([...HESITATIONS, ...words("eh mm hmm uh-huh mm-hmm")]);
/** Fillers said drawn out ("ummm", "hmmm"): a pattern repeats their last letter. */
export const STRETCHED_FILLERS: ReadonlySet<string> = new Set(words("um uh mm hmm"));
/** Phrases that, set off by commas, carry nothing ("it's, you know, high"). */
export const FILLER_PHRASES = Object.freeze(["you know", "I mean", "I think", "I guess", "sort of", "kind of"]);
/** Words that open a spoken sentence and carry nothing: "Okay so", "Well,", "Yeah, and". */
export const DISCOURSE_MARKERS = Object.freeze([
  ..."okay ok so well".split(" "),
  "you know",
  "I mean",
  ..."yeah yes yep right alright".split(" "),
  "all right",
  ..."and but also now anyway actually basically look listen oh noted great good perfect sure".split(" "),
]);
/** A reply that only acknowledges ("okay", "sounds good"), said alone. */
export const ACKNOWLEDGEMENTS = Object.freeze([
  ..."okay ok great perfect sure yes yeah yep right noted good fine alright".split(" "),
  "all right",
  "sounds good",
  "sounds great",
  "makes sense",
  "got it",
  "exactly",
  "absolutely",
  "of course",
  "no problem",
  ..."wonderful excellent lovely cool indeed true agreed".split(" "),
]);

// ---- Then and now ---------------------------------------------------------------------------------------------

/** Words that set a state at the start ("what budget did we originally agree on"), against which a later one is compared. */
export const EARLIER_STATE_WORDS = Object.freeze([
  ...words("originally initially formerly"),
  "at first",
  "at the start",
  "to begin with",
  "in the beginning",
]);

/** Words that ask for the state as it is today ("what is it now", "where do things stand currently"). */
export const PRESENT_STATE_WORDS = Object.freeze([
  ...words("now currently nowadays today"),
  "these days",
  "at present",
]);

// ---- A meeting's items ----------------------------------------------------------------------------------------

/**
 * Words that name what a meeting's notes hold ("the action items from my last meeting", "the key points"): asked of a
 * meeting, they say which part of its notes to show, not a subject to look for in what was said.
 */
export const MEETING_ITEM_WORDS: ReadonlySet<string> = new Set(
  words(
    "action actions item items next step steps to-do to-dos todo todos task tasks follow-up follow-ups followup " +
      "followups promise promised promises commitment commitments key point points main highlight highlights " +
      "summary summaries takeaway takeaways",
  ),
);

/**
 * Words that make a role another role ("backup guardian", "successor trustee", "contingent beneficiary"): the
 * guardian asked for is not the backup one.
 */
export const ROLE_QUALIFIERS: ReadonlySet<string> = new Set(
  words("backup back-up alternate contingent successor secondary standby substitute deputy interim acting co"),
);

// ---- Stop words -----------------------------------------------------------------------------------------------

/** Words too common to say what a text is about, for term matching and embedding. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  words(
    "a about above after again against all also am an and any are aren't as at be because been before being below " +
      "between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each " +
      "few for from further get got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers " +
      "herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's me " +
      "might more most must mustn't my myself no nor not now of off on once only or other ought our ours ourselves out " +
      "over own really same shall shan't she she'd she'll she's should shouldn't so some such than that that's the " +
      "their theirs them themselves then there there's these they they'd they'll they're they've this those through " +
      "to too under until up us very was wasn't we we'd we'll we're we've were weren't what what's when when's where " +
      "where's which while who who's whom why why's will with won't would wouldn't yes yeah you you'd you'll you're " +
      "you've your yours yourself yourselves okay ok um uh hmm oh well like yep right sure",
  ),
);

/** Words that open a noun phrase, never a verb: a task opening with one names a thing ("The Roth model"). */
export const DETERMINERS: ReadonlySet<string> = new Set(words("the a an my our your his her their this that its"));

/** Titles written before a person's name, with a full stop ("Dr. Ng", "Mrs. Lund"). */
export const PERSON_TITLES = words("mr mrs ms dr prof");

/** Short words written with a full stop that does not end a sentence ("Dr.", "Inc.", "Sept."). */
export const ABBREVIATIONS: ReadonlySet<string> = new Set([
  ...PERSON_TITLES,
  ...words("st jr sr vs etc e.g i.e inc ltd co corp no approx"),
  ...MONTH_ABBREVIATIONS,
]);

// ---- Building patterns ----------------------------------------------------------------------------------------

const SPECIAL = /[.*+?^${}()|[\]\\]/g;

/** A regex source matching any of the phrases, in the order given: `(?:a|b|c)`. Phrases are escaped. */
export function alternation(phrases: Iterable<string>): string {
  return `(?:${[...phrases].map((phrase) => phrase.replace(SPECIAL, "\\$&")).join("|")})`;
}

/** A regex source for the filler sounds, drawn out or not: `(?:um+|uh+|erm|…)`. */
export function fillerSource(sounds: readonly string[] = FILLER_SOUNDS): string {
  return `(?:${sounds.map((sound) => (STRETCHED_FILLERS.has(sound) ? `${sound}+` : sound)).join("|")})`;
}

/** A whole number from 0 to 99 as written in words: 45 → "forty-five". */
export function numberWord(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value > 99) throw new RangeError(`no number word for ${value}`);
  const units = Object.keys(NUMBER_UNITS);
  if (value < 20) return units[value]!;
  const tens = TENS_WORDS[Math.floor(value / 10) - 2]!;
  return value % 10 === 0 ? tens : `${tens}-${units[value % 10]}`;
}

/** Every number word: units, tens, "hundred" and the scales. */
export const NUMBER_WORDS: readonly string[] = Object.freeze([
  ...Object.keys(NUMBER_UNITS),
  ...TENS_WORDS,
  HUNDRED,
  ...Object.keys(NUMBER_SCALES),
]);

/** Words after "you" that open no clause of its own ("the forms you the …" never; "which account you for"). */
export const NO_VERB_AFTER_YOU = words(
  "the a an this that these those my our his her their its some any all both to for about with at on in by from of " +
    "into through over back up out down off around away along and or but tomorrow today tonight later soon next now again",
);

/** Words after "you" that are no verb to agree with one person ("when you just sign"). */
export const NOT_A_VERB_AFTER_YOU = words(
  "just also still really actually only never always already then first both all each ever even",
);

/** Verbs that read the same after "you" and after one person's name ("if you can" → "if Marcus can"). */
export const VERBS_THE_SAME_FOR_ONE = words(
  "can could will would should may might must shall did had can't couldn't won't wouldn't shouldn't didn't",
);
