// "The Roth conversion, starting at sixty thousand, I'll confirm with the projections": the thing promised is said
// first and the promise after it, so the words after "I'll" are a verb with no object ("Confirm with the
// projections", a task of nothing). The thing said first is its object: "Confirm the Roth conversion with the
// projections".

/** Words that open the sentence before its topic ("And your amended return, …"). */
const OPENER = /^(?:and|so|now|okay|then|but),?\s/i;
/** A noun phrase said first as the sentence's topic opens with one of these. */
const TOPIC_DETERMINER = /^(?:the|that|this|those|these|your|our|my)\s/i;
/** Parts (split at commas) the words before the promise hold at most: the topic and one detail of it. */
const MAX_PARTS = 2;
/** Words the topic runs to at most: longer, it is a clause of its own, not a thing. */
const MAX_TOPIC_WORDS = 8;

/** The topic the words before the promise name ("The Roth conversion, starting at sixty thousand, "), or null. */
function topicBefore(before: string): string | null {
  const parts = before
    .trim()
    .replace(OPENER, "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const topic = parts[0];
  if (!topic || parts.length > MAX_PARTS || /[;:]/.test(topic) || !TOPIC_DETERMINER.test(topic)) return null;
  return topic;
}

/** A verb followed at once by one of these has no object of its own ("confirm with…", "file by Friday"). */
const NO_OBJECT_NEXT = /^(\p{L}+)(?:\s+(?:with|by|at|to|for|on|in|before|after|once|when|next|today|tomorrow)\b.*)?$/iu;
/** Verbs that take a preposition, not an object: "talk to Bev" is whole, and "talk the trust to Bev" is wrong. */
const INTRANSITIVE = new Set(
  "talk speak go come meet work follow check get reach call circle sit think look wait deal catch touch loop swing head stop".split(
    " ",
  ),
);

/**
 * The task with the sentence's fronted topic as its object when the words after the promise have none; `before`
 * is what the sentence says before the clause of the promise. Unchanged otherwise.
 */
export function withFrontedObject(task: string, before: string): string {
  const verb = NO_OBJECT_NEXT.exec(task)?.[1];
  if (!verb || INTRANSITIVE.has(verb.toLowerCase())) return task;
  const topic = topicBefore(before);
  if (!topic || topic.split(/\s+/).length > MAX_TOPIC_WORDS) return task;
  // Its first word lower case inside the task, "your" and "my" as "the": the task list is read by everyone.
  const object = topic.replace(/^(?:your|my|our)\s/i, "the ").replace(/^\p{Lu}\p{Ll}*/u, (word) => word.toLowerCase());
  return `${verb} ${object}${task.slice(verb.length)}`;
}
