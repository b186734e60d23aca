// What the next meeting is for: short topics from what they said they would do there ("we'll go over the draft and
// confirm the deed" → ["Draft", "Confirm the deed"]), read by the leads of next-meeting/topics.rules.ts from the
// sentences around the arrangement. A topic is a noun phrase, or an act with its object; never a whole quote.

import { alternation, DIGIT_WORDS, WEEKDAYS } from "../language/lexicon";
import { lexiconRegExp } from "../language/patterns";
import { matchRule } from "../language/rules";
import { capitalise, type Sentence } from "../language/sentences";
import { ACT_VERBS, TALK_VERBS, TOPIC_LEADS, TOPIC_VERBS } from "./next-meeting/topics.rules";

/** At most this many topics a meeting. */
const MAX_TOPICS = 5;
/** A topic longer than this is a quote, not a topic; an act keeps its verb and first item within it. */
const MAX_TOPIC_WORDS = 9;
/** What is read after a lead: a topic is far shorter, and a bound keeps each step linear in the sentence. */
const MAX_PHRASE = 240;

const LEADING_WORDS =
  /^(?:the|our|your|their|his|her|its|my|any|all|a|an|full|whole|how|where we are with|progress on|probably|maybe|perhaps|also|then|just|some|those|these|new)\s+/i;
// What a topic cannot be: a pronoun ("go over them"), or how long until the meeting ("a month from now").
const NOT_A_TOPIC = lexiconRegExp(
  `^(?:them|it|that|this|those|these|everything|things|stuff|anything|something|what we (?:said|discussed)|(?:a |another |the )?(?:call|meeting|session|time|catch-up|video call))$|\\b(?:from now|(?:days?|weeks?|months?|years?)(?: or so)?$)|^(?:(?:a|${alternation(DIGIT_WORDS.slice(0, 6))}|a few|a couple of)\\s+)?(?:days?|weeks?|months?|years?)\\b|^(?:a\\s+)?(?:little\\s+)?(?:bit\\s+)?(?:more|less|longer|later)$|^(?:you know|like|so|right|okay)\\b`,
  "i",
);
const PRONOUN = /^(?:it|them|that|this|those|these|one|some)$/i;
// "do it on Zoom", "go over that with Owen": a topic led by a pronoun names nothing.
const PRONOUN_LED = /^(?:it|them|that|this|those|these)\b/i;
// A topic ends where a new clause begins ("the draft if they want to"), or where the meeting itself is named again.
const CLAUSE_END =
  /(?<!\s)\s+(?:if|because|so that|so|but|when|once|since|which|unless|while|as soon as|before|after|at the (?:next |annual |)(?:meeting|review|signing|session|call))\b|[;:()]|\s[-–—]\s/i;
// Items of one verb's object: "the draft, the deed and the letter". A new verb after "and" was split off before.
const ITEM_SPLIT = /,\s*(?:and\s+)?|(?<!\s)\s+and\s+/i;
// "and review …", "and to decide …": a new verb after the object starts its own topic.
const NEXT_VERB = lexiconRegExp(`(?<!\\s)\\s+and\\s+(?:to\\s+)?(?=(?:${TALK_VERBS}|${ACT_VERBS})\\s)`, "i");
const VERB_FIRST = lexiconRegExp(`^(${TALK_VERBS}|${ACT_VERBS})\\s+(.*)$`, "i");

/** Up to five topics said for the meeting arranged in `window` (the plan's own sentences flagged in `plans`). */
export function findTopicsIn(
  window: readonly Pick<Sentence, "index" | "text">[],
  plans: ReadonlySet<number>,
): string[] {
  const topics: string[] = [];
  for (const sentence of window) {
    for (const topic of topicsOfSentence(sentence.text, plans.has(sentence.index))) {
      if (topics.length < MAX_TOPICS && !topics.some((t) => t.toLowerCase() === topic.toLowerCase()))
        topics.push(topic);
    }
  }
  return topics;
}

/** The topics one sentence states: every lead that counts here, in the order the table gives them. */
export function topicsOfSentence(text: string, isPlan: boolean): string[] {
  const topics: string[] = [];
  for (const rule of TOPIC_LEADS.rules) {
    // Outside the plan's own sentences, only a lead said for the meeting counts.
    if (!isPlan && rule.effect !== "said-for-the-meeting") continue;
    const hit = matchRule(rule, text);
    if (!hit) continue;
    const verb = hit.captures[0] ?? "";
    // "sign your will" is the will of whoever signs: the notes say "Sign the will".
    topics.push(...topicsOfPhrase(verb, hit.captures[1] ?? "").map((topic) => topic.replace(/\byour\b/gi, "the")));
    if (topics.length > 0) break;
  }
  return topics;
}

/** "go over" + "the draft and the deed, if there's time" → ["Draft", "Deed"]; "sign" + "the deed" → ["Sign the deed"]. */
export function topicsOfPhrase(verb: string, rest: string): string[] {
  const bounded = rest.slice(0, MAX_PHRASE);
  const phrase = (bounded.split(CLAUSE_END)[0] ?? bounded).replace(/(?<![.!?])[.!?]+$/, "");
  const [first, ...more] = phrase.split(NEXT_VERB);
  const topics = topicsOfObject(verb, first ?? "");
  for (const clause of more) {
    const [, nextVerb, object] = VERB_FIRST.exec(clause) ?? [];
    if (nextVerb && object !== undefined) topics.push(...topicsOfObject(nextVerb, object));
  }
  return topics;
}

function topicsOfObject(verb: string, object: string): string[] {
  // "see you before the mediation": the meeting readies them for it.
  if (/^before$/i.test(verb)) return [capitalise(`prepare for ${cleanTopic(object, false)}`)];
  const kind = verbKind(verb);
  if (kind === "act") {
    const cleaned = cleanTopic(object, false);
    const kept = cleaned.split(" ").length <= MAX_TOPIC_WORDS ? cleaned : (cleaned.split(ITEM_SPLIT)[0] ?? cleaned);
    // "sign everything" is a topic, and so is "then we sign" said alone, as the act's name ("Signing"); "sign it"
    // is not.
    if (kept.length === 0 && object.trim().length === 0) return [capitalise(actName(verb))];
    return kept.length > 0 && !PRONOUN.test(kept) ? [capitalise(`${verb.toLowerCase()} ${kept}`)] : [];
  }
  if (kind !== "object") return [];
  return object
    .split(ITEM_SPLIT)
    .map((item) => cleanTopic(item, true))
    .filter(
      (t) => t.length > 3 && t.split(" ").length <= MAX_TOPIC_WORDS && !NOT_A_TOPIC.test(t) && !PRONOUN_LED.test(t),
    )
    .map(capitalise);
}

function verbKind(verb: string): "object" | "act" | null {
  if (verb === "") return "object"; // the meeting named: "the next meeting is your annual review"
  for (const rule of TOPIC_VERBS.rules) if (matchRule(rule, verb)) return rule.effect;
  return null;
}

function cleanTopic(raw: string, dropLeading: boolean): string {
  let topic = raw.trim();
  if (dropLeading) while (LEADING_WORDS.test(topic)) topic = topic.replace(LEADING_WORDS, "");
  return (
    withoutDatePart(topic)
      // "the survey back", "the inventory filed": what will be in by then is the survey, the inventory.
      .replace(
        /(?<!\s)\s+(?:together|then|again|as well|too|first|later|there|here|back|done|ready|filed|signed|finished)$/i,
        "",
      )
      .trim()
  );
}

/** "sign" → "signing", "finalize" → "finalizing": an act said alone, named as a topic. */
const actName = (verb: string) => {
  const [first = "", ...rest] = verb.toLowerCase().split(" ");
  const named = /[^aeiou]e$/.test(first) ? `${first.slice(0, -1)}ing` : `${first}ing`;
  return [named, ...rest].join(" ");
};

const DATE_PART_LEAD = /(?<!\s)\s+(?:on|by|next|in)(?=\s)/gi;
const DATE_WORD = lexiconRegExp(`\\b(?:\\d|${alternation([...WEEKDAYS, "week", "month"])})\\b`, "gi");

/**
 * "the draft on Friday" → "the draft": cuts from the first " on|by|next|in " that a date word follows, to the end.
 * One pass for the last date word and one over the leads: linear (the rule it replaced backtracked).
 */
function withoutDatePart(text: string): string {
  let lastDateWord = -1;
  for (const word of text.matchAll(DATE_WORD)) lastDateWord = word.index;
  if (lastDateWord < 0) return text;
  for (const lead of text.matchAll(DATE_PART_LEAD)) {
    if (lastDateWord > lead.index + lead[0].length) return text.slice(0, lead.index);
  }
  return text;
}
