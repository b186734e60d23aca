// What the meeting talked about, as a fact of the record: the words said most often across speakers and turns
// ("mediation", "executor", "Treasury"), written "Discussed: mediation, the executor and Treasury." Words of talk
// itself (greetings, number words, verbs of saying) are the lexicon's stop words or too short. One pass: linear.

import { NUMBER_WORDS, STOP_WORDS } from "../../language/lexicon";
import type { Sentence } from "../../language/sentences";
import { isPersonName, wordKind } from "./word-kinds";

/** Topics listed at most, and the times a word must be said to be one. */
const MAX_TOPICS = 6;
const MIN_SAID = 3;
const NUMBER = new Set<string>(NUMBER_WORDS);
// Words every meeting says: no topic of its own.
const TALK = new Set(
  "yeah okay right thing things going think know want need mean said says look looking good great sure really actually probably maybe little kind sort time year years month months week weeks today something anything everything people talk talking make makes made take takes come comes back still pretty lot well that's it's there's we're you're they're i'm don't can't didn't doesn't isn't wasn't we'll you'll i'll let's would could should".split(
    " ",
  ),
);

export interface Topic {
  word: string;
  count: number;
  first: Sentence;
}

export function readTopics(sentences: readonly Sentence[], names: ReadonlySet<string>): Topic[] {
  const counts = new Map<string, Topic & { speakers: Set<string | null> }>();
  for (const sentence of sentences) {
    for (const raw of sentence.text.split(/[^\p{L}'’-]+/u)) {
      const word = trimMarks(raw);
      const key = word.toLowerCase();
      if (key.length < 4 || STOP_WORDS.has(key) || TALK.has(key) || NUMBER.has(key) || names.has(key)) continue;
      // A thing, not a person: "Dale" said of someone absent is no topic.
      if (wordKind(word) !== "thing" || (/^\p{Lu}\p{Ll}/u.test(word) && isPersonName(word))) continue;
      const topic = counts.get(key);
      if (topic) {
        topic.count++;
        topic.speakers.add(sentence.speaker);
      } else
        counts.set(key, {
          word: /^\p{Lu}/u.test(word) && word !== raw.toLowerCase() ? word : key,
          count: 1,
          first: sentence,
          speakers: new Set([sentence.speaker]),
        });
    }
  }
  return [...counts.values()]
    .filter((t) => t.count >= MIN_SAID && t.speakers.size >= 2)
    .sort((a, b) => b.count - a.count || a.first.index - b.first.index)
    .slice(0, MAX_TOPICS)
    .map(({ word, count, first }) => ({ word, count, first }));
}

/** The word without apostrophes or hyphens at its ends; a walk from both ends, linear. */
function trimMarks(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && "'’-".includes(word.charAt(start))) start++;
  while (end > start && "'’-".includes(word.charAt(end - 1))) end--;
  return word.slice(start, end);
}
