// The thing a figure is of when the words around it do not name it: the topic a short sentence announced, the home
// or holding the sentences before named ("It's worth about 385,000"), the business "it" was valued of, where an
// appraisal came from ("the appraisal from the refinance"), and the one home a meeting talks of (what "we list at"
// is of). Read back over a few sentences at most, or once over the meeting: linear. Someone else's thing told in
// passing ("my neighbor's place") is no figure's. A year dates the document a question just asked names.

import type { Sentence } from "../../language/sentences";
import { byAnother, QUESTION_END } from "./fact-signals";
import { datesSomething, measuredPhraseBefore, plainWord } from "./figure-subjects";
import { measuredKind } from "./measured-things.rules";
import { withoutEndMarks } from "./sentence-forms";

/** Characters of a sentence read for noun phrases. */
export const MAX_PARSED = 240;
/** Sentences looked back for a word naming what a figure measures, when its own sentence names none. */
export const MEASURED_CONTEXT_SENTENCES = 3;
/** Words that already say the measure ("Appraisal: $760,000.", not "The appraisal was appraised at …"). */
export const VALUE_WORDS = new Set(["appraisal", "valuation", "value", "price", "sale", "offer", "proceeds", "worth"]);

/** A sentence that only names a thing ("Arne's IRA.", "The practice."): the topic of the talk after it. */
const ANNOUNCED_WORDS = 4;
export function topicAnnounced(sentences: readonly Sentence[], index: number): string | null {
  for (let back = 1; back <= TOPIC_LOOK_BACK; back++) {
    const earlier = sentences[index - back];
    if (!earlier) break;
    const text = earlier.text.trim().replace(/^(?:now|so|okay|ok|next|and|then|right)[,\s]+/i, "");
    if (!/^[^,;?!]+\.$/.test(text) || text.split(/\s+/).length > ANNOUNCED_WORDS) continue;
    const thing = measuredPhraseBefore(withoutEndMarks(text, "."));
    const kind = measuredKind(thing?.split(" ").at(-1) ?? "");
    if (thing && (kind === "held" || kind === "property")) return thing;
  }
  return null;
}
/** A subject that names only a value ("the value", "worth"): what has it is looked for further back. */
export const BARE_VALUE_WORDS = /^(?:the\s+)?(?:value|worth|valuation)$/i;
/** Sentences read back for the thing a value asked about is of, and for a topic announced. */
export const VALUE_LOOK_BACK = 10;
const TOPIC_LOOK_BACK = 6;

// A thing of a person named by a common noun ("neighbor's place", "my brother's boat"), not of the client's.
export const SOMEONE_ELSES = /^(?:(?:my|our|his|her|their|your|the|a)\s+)?\p{Ll}+['’]s\s/u;

// "it's", "it is", "that's": the clause's subject points back to a thing named before.
export const POINTS_BACK = /\b(?:it|that)(?:['’]s| is| was)\s/i;
/** The nearest home or holding named in the sentences before ("house"), or null. */
export function valueOfThingBefore(
  sentences: readonly Sentence[],
  index: number,
  lookBack = MEASURED_CONTEXT_SENTENCES,
): string | null {
  for (let back = 1; back <= lookBack; back++) {
    const earlier = sentences[index - back];
    if (!earlier) break;
    const thing = measuredPhraseBefore(withoutEndMarks(earlier.text, ".?!\"')").slice(-MAX_PARSED));
    const kind = measuredKind(thing?.split(" ").at(-1) ?? "");
    // Only a thing that has a value is worth something: a home or a holding, not a rate or a debt.
    if (thing && (kind === "property" || kind === "held") && !VALUE_WORDS.has(thing.toLowerCase())) return thing;
  }
  return null;
}

/** Words read back for a home named before a figure, at most. */
const HOME_LOOK_BACK = 20;
/**
 * The nearest home or property the text names ("house", "condo"), not a word for its value; with `orBusiness`, a
 * business too ("the practice", valued or sold). Null when none.
 */
export function homeNamedIn(text: string, orBusiness = false): string | null {
  const tokens = text.split(/\s/).filter(Boolean);
  for (let i = tokens.length - 1; i >= 0 && tokens.length - i <= HOME_LOOK_BACK; i--) {
    const word = plainWord(tokens[i]!).toLowerCase();
    if (measuredKind(word) === "property" && !VALUE_WORDS.has(word)) return word;
    if (orBusiness && BUSINESS.has(word)) return word;
  }
  return null;
}

// "valued it at", "appraised it at", "sold them for": the thing valued was named before.
/**
 * "The agent thinks it lists at four ninety-five": "it" (or "they") said after the subject and before the figure is
 * what was sold, listed or appraised, not the subject (a person who says so).
 */
export function pointsPastSubject(before: string, subject: string): boolean {
  const at = subject ? before.toLowerCase().lastIndexOf(subject.toLowerCase()) : -1;
  return at >= 0 && /\b(?:it|they)\b/i.test(before.slice(at + subject.length));
}

export const VALUED_IT = /\b(?:valued|appraised|sold|listed|priced)\s+(?:it|that|them)\b/i;
/** A business, the thing valued or sold when a sentence says so of "it" (not wherever one is named). */
const BUSINESS = new Set(["practice", "business", "company", "firm", "shop", "store", "restaurant", "agency", "llc"]);
/** Sentences read back for the thing "it" was valued of. */
const VALUED_LOOK_BACK = 3;
export function valuedBefore(sentences: readonly Sentence[], index: number): string | null {
  for (let back = 1; back <= VALUED_LOOK_BACK; back++) {
    const earlier = sentences[index - back];
    if (!earlier) break;
    const thing = homeNamedIn(earlier.text, true);
    if (thing) return thing;
  }
  return null;
}

const FROM_OCCASION = /\b(?:appraisal|valuation|offer|estimate)\s+from\s+(?:the\s+|their\s+|our\s+|his\s+|her\s+)?$/i;
/** Characters before a subject read for "the appraisal from …". */
const OCCASION_WINDOW = 40;
/** True when the text names the word as where an appraisal came from ("the appraisal from the refinance"). */
export function occasionOf(text: string, word: string): boolean {
  const at = word ? text.toLowerCase().lastIndexOf(word) : -1;
  return at > 0 && FROM_OCCASION.test(text.slice(Math.max(0, at - OCCASION_WINDOW), at));
}

/** Words for a home: the thing an appraisal or a listing is of when a meeting talks of one home and nothing else. */
const HOMES = new Set(["house", "home", "condo", "townhouse", "duplex", "cottage", "apartment", "cabin", "farm"]);
const homesOfMeetings = new WeakMap<readonly Sentence[], string | null>();
/**
 * The one home a meeting talks of ("the house"), when it names one kind of home and no business: what "the
 * appraisal" with nothing named is of. One pass over the meeting, kept for its sentences.
 */
export function homeOfMeeting(sentences: readonly Sentence[]): string | null {
  const known = homesOfMeetings.get(sentences);
  if (known !== undefined) return known;
  const homes = new Set<string>();
  let business = false;
  for (const sentence of sentences) {
    for (const token of sentence.text.split(/\s/)) {
      const word = plainWord(token).toLowerCase();
      if (HOMES.has(word)) homes.add(word);
      else if (BUSINESS.has(word)) business = true;
    }
  }
  const home = homes.size === 1 && !business ? ([...homes][0] ?? null) : null;
  homesOfMeetings.set(sentences, home);
  return home;
}

/** What a measure is called when nothing named says what it measured ("Appraisal: $680,000."). */
const MEASURE_NOUN: Record<string, string> = {
  appraisal: "appraisal",
  valuation: "valuation",
  sale: "sale price",
  listing: "listing price",
};

/**
 * Those who value, list or sell a thing for its owner ("The appraiser came in at five twenty", "our realtor says four
 * ninety"): the one who says the figure, never the thing it is of.
 */
const MEASURERS = new Set(["appraiser", "appraisers", "assessor", "realtor", "realtors", "agent", "broker", "valuer"]);

/** Measures whose sentence form names the thing sold, listed or appraised ("The condo was appraised at …"). */
export const SAID_OF_PROPERTY: ReadonlySet<string> = new Set(["appraisal", "valuation", "sale", "listing"]);

/**
 * What a figure sold, listed or appraised (`measure`) is of, where its subject is not it: a thing to name it by
 * (`thing`, to be cleaned as a subject), the measure's own name (`named`), or null to keep the subject.
 */
export function propertyOf(
  measure: string,
  subject: string,
  subjectFrom: "sentence" | "question" | "context" | "none",
  before: string,
  sentences: readonly Sentence[],
  index: number,
): { thing?: string; named?: string } | null {
  // "The house, you had the appraisal done, 640,000": what was appraised is the home the sentence (or meeting)
  // named, not a thing named before that cannot be sold or valued ("the letters").
  const said = (subject.split(" ").at(-1) ?? "").toLowerCase();
  const unsellable = subjectFrom !== "sentence" && !["property", "held"].includes(measuredKind(said) ?? "");
  if (VALUE_WORDS.has(said) || !said || unsellable) {
    const home = homeNamedIn(before) ?? homeOfMeeting(sentences);
    return home ? { thing: home } : null;
  }
  if (VALUED_IT.test(before) || pointsPastSubject(before, subject)) {
    // "A practice broker valued it last year at 1.1 million", "The agent thinks it lists at four ninety-five": "it"
    // is the home, holding or business named before.
    const cut = VALUED_IT.exec(before)?.index ?? before.lastIndexOf(subject);
    const thing = homeNamedIn(before.slice(0, cut), true) ?? valuedBefore(sentences, index) ?? homeOfMeeting(sentences);
    if (thing) return { thing };
    // With nothing named, the measure's own name: "Listing price: …", never the one who said it.
    return VALUED_IT.test(before) ? null : { named: MEASURE_NOUN[measure] ?? subject };
  }
  // "The appraiser came in at four eighty": the home named before (or the meeting's one home), else the measure's name.
  if (MEASURERS.has(said)) {
    const thing = homeNamedIn(before) ?? valuedBefore(sentences, index) ?? homeOfMeeting(sentences);
    return thing ? { thing } : { named: MEASURE_NOUN[measure] ?? subject };
  }
  // "The appraisal from the refinance said six eighty": the refinance is when, not what, it appraised.
  if (occasionOf(before, said)) return { named: MEASURE_NOUN[measure] ?? subject };
  return null;
}

const OWNS_OR_POINTS = /^(?:a|an|the|your|his|her|their|my|our)$/i;
/**
 * The document a question just asked by someone else names, for a year said in reply ("Did Arne have a will?" "Yes.
 * We did them together in 1998."): the last thing the question names, when it is one a year dates; else null.
 */
export function documentAsked(sentences: readonly Sentence[], index: number): string | null {
  const sentence = sentences[index];
  for (let back = 1; sentence && back <= MEASURED_CONTEXT_SENTENCES; back++) {
    const earlier = sentences[index - back];
    if (!earlier) return null;
    if (!byAnother(earlier, sentence)) continue;
    if (!QUESTION_END.test(earlier.text.trim())) return null;
    // The last document it names after a determiner ("a will", "your trust"; "Will you …" asks, naming none).
    const words = withoutEndMarks(earlier.text, "?").slice(-MAX_PARSED).split(" ").map(plainWord);
    const at = words.findLastIndex(
      (w, i) => datesSomething(w.toLowerCase()) && OWNS_OR_POINTS.test(words[i - 1] ?? ""),
    );
    return at >= 0 ? words[at]!.toLowerCase() : null;
  }
  return null;
}
