// What the next meeting is for: short noun phrases from the sentence that plans it ("to review the draft and
// confirm the deed" → ["Draft", "Deed"]), or from the next two sentences when it names none.

import type { Sentence } from "./split-sentences";

// The topic runs to the end of the sentence (sentences hold no line breaks, so `(.+)` needs no `$`, which made
// these quadratic over repeated leads on a line that does not end where `.` can reach).
const TOPIC_LEAD =
  /\b(?:to|and|we can|we'll|will)\s+(go over|go through|review|discuss|talk about|look at|confirm|finali[sz]e|cover|check on|sign off on|walk through)\s+(.+)/i;
// "the next time we meet is your annual review": the meeting named is the topic.
const NAMED_MEETING = /\bnext (?:time we (?:need to )?meet|meeting) (?:is|will be)\s+(.+)/i;
const ABOUT_LEAD = /\b(?:about|regarding|on the subject of)\s+(.+)/i;
const LEADING_WORDS =
  /^(?:the|our|your|their|his|her|any|all|a|an|how|where we are with|progress on|probably|maybe|perhaps|also|then|just|decide on|decide|sign)\s+/i;
// What a topic cannot be: a pronoun ("go over them"), or how long until the meeting ("a month from now").
const NOT_A_TOPIC =
  /^(?:them|it|that|this|those|these|everything|things|stuff)$|\b(?:from now|(?:days?|weeks?|months?|years?)(?: or so)?$)|^(?:(?:a|one|two|three|four|five|six|a few|a couple of)\s+)?(?:days?|weeks?|months?|years?)\b|^(?:a\s+)?(?:little\s+)?(?:bit\s+)?(?:more|less|longer|later)$/i;

/** Up to five topics of the meeting planned in `sentence`. */
export function findTopics(sentence: Sentence, all: Sentence[]): string[] {
  const topics: string[] = [];
  for (const offset of [0, 1, 2]) {
    const text = all[sentence.index + offset]?.text;
    if (!text) break;
    // "about X" is too loose in the neighbouring sentences; only an explicit "to review X" counts there.
    for (const topic of extractTopics(text, offset === 0)) {
      if (!topics.some((t) => t.toLowerCase() === topic.toLowerCase())) topics.push(topic);
    }
    if (topics.length > 0) break;
  }
  return topics.slice(0, 5);
}

/** "to confirm the second step and review the draft" → ["Second step", "Draft"]. */
function extractTopics(text: string, allowAbout = true): string[] {
  const lead = TOPIC_LEAD.exec(text);
  const named = lead ? null : NAMED_MEETING.exec(text);
  const about = lead || named || !allowAbout ? null : ABOUT_LEAD.exec(text);
  const phrase = lead?.[2] ?? named?.[1] ?? about?.[1];
  if (!phrase) return [];
  return (
    phrase
      // `(?<!…)`: a match starts only where its run of punctuation or whitespace starts (the same leftmost match,
      // without rescanning the run from each of its characters).
      .replace(/(?<![.!?])[.!?]+$/, "")
      .split(
        /,\s*(?:and\s+)?|(?<!\s)\s+and\s+(?:(?:to\s+)?(?:go over|review|discuss|talk about|look at|confirm|finali[sz]e|cover)\s+)?/i,
      )
      .map(cleanTopic)
      .filter(
        (topic) =>
          topic.length > 3 &&
          topic.split(" ").length <= 8 &&
          !/^(?:you know|like|so|right|okay)\b/i.test(topic) &&
          !NOT_A_TOPIC.test(topic),
      )
  );
}

function cleanTopic(raw: string): string {
  // A topic ends where a new clause begins ("the draft if they want to").
  let topic = (raw.split(/(?<!\s)\s+(?:if|because|so that|so|but|when|since|which|unless)\s+|[;:]/i)[0] ?? raw)
    .replace(/^(?:go over|go through|review|discuss|talk about|look at|confirm|finali[sz]e|cover|check on)\s+/i, "")
    .trim();
  while (LEADING_WORDS.test(topic)) topic = topic.replace(LEADING_WORDS, "");
  // Dates and trailing courtesy are not topics.
  topic = withoutDatePart(topic)
    .replace(/(?<!\s)\s+(?:together|then|again|as well)$/i, "")
    .trim();
  return topic.charAt(0).toUpperCase() + topic.slice(1);
}

const DATE_PART_LEAD = /(?<!\s)\s+(?:on|by|next|in)(?=\s)/gi;
const DATE_WORD = /\b(?:\d|monday|tuesday|wednesday|thursday|friday|week|month)\b/gi;
const WHITESPACE_RUN = /\s*/y;
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * "the draft on Friday" → "the draft": cuts from the first " on|by|next|in " that a date word follows, to the end.
 * What `.replace(/\s+(?:on|by|next|in)\s+.*\b(?:\d|monday|…|month)\b.*$/i, "")` did, without its 4th-degree
 * backtracking: the cut must be followed, on the same line, by a date word.
 */
function withoutDatePart(text: string): string {
  let lastDateWord = -1;
  for (const word of text.matchAll(DATE_WORD)) lastDateWord = word.index;
  if (lastDateWord < 0) return text;
  let lastLineBreak = -1;
  for (let i = text.length - 1; i >= 0; i--) {
    if (LINE_BREAK.test(text[i]!)) {
      lastLineBreak = i;
      break;
    }
  }
  for (const lead of text.matchAll(DATE_PART_LEAD)) {
    WHITESPACE_RUN.lastIndex = lead.index + lead[0].length;
    WHITESPACE_RUN.exec(text);
    const rest = WHITESPACE_RUN.lastIndex; // where `.*` began: the line must run from here to the end
    if (rest > lastLineBreak && lastDateWord >= rest) return text.slice(0, lead.index);
  }
  return text;
}
