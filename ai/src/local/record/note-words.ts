// The words the note rules read (note-rules.rules.ts, note-exchange.rules.ts) that the lexicon (../../language) does
// not hold, in one place. Phrases are matched whole, case
// folded, as plain alternatives.

/** Asides a speaker sets off by commas, beyond the lexicon's FILLER_PHRASES: gone from a note. */
export const NOTE_ASIDES = [
  "I suppose",
  "I'd say",
  "like",
  "basically",
  "honestly",
  "frankly",
  "to be honest",
  "let's see",
  "let me see",
  "what was it",
  "what is it",
  "if you will",
  "mind you",
  "as it were",
  "more or less",
  "believe it or not",
  "as I said",
  "again",
  "if you don't mind me asking",
  "if you don't mind my asking",
  "if I may",
];

/** Tags that turn a statement into a check ("…, right?"): the note keeps the statement. */
export const TAG_QUESTIONS = [
  "right",
  "correct",
  "yes",
  "no",
  "okay",
  "ok",
  "isn't it",
  "is that right",
  "is that correct",
  "yeah",
  "you know",
  "didn't we",
  "don't we",
  "wasn't it",
];

/** Adverbs that may sit between a subject and its verb ("I just want"). */
export const INNER_ADVERBS = [
  "just",
  "also",
  "still",
  "really",
  "actually",
  "only",
  "already",
  "never",
  "always",
  "probably",
  "definitely",
  "usually",
  "certainly",
  "even",
];

/** Words a reply opens with beyond the lexicon's discourse markers and filler sounds ("No, …", "Good question."). */
export const REPLY_OPENERS = ["no", "nope", "about that", "good question"];

/** Determiners and possessives a question's topic opens with ("the mortgage", "your pension"): dropped from it. */
export const TOPIC_DETERMINERS = ["the", "your", "their", "his", "her", "our", "my", "that", "this"];

/**
 * Verbs whose present form after "I" or a singular "you" the note rules put in the third person ("I want" →
 * "Priya wants"). A verb not listed leaves its subject as said: a past, a noun or an adverb is not mistaken for one.
 */
export const AGREEING_VERBS = (
  "want need think know like love hate pay get own plan expect prefer hope owe earn make take keep live work sell buy " +
  "spend save hold say feel mean see use receive agree understand remember believe guess recommend suggest " +
  "propose worry wish intend reckon doubt send call check handle manage run contribute draw collect rent lease " +
  "qualify file plan mind care"
).split(" ");

/** Words after "you" that make it plural or not a subject to agree with ("you two", "you both"). */
export const YOU_PLURAL = ["two", "both", "all", "guys", "folks", "three"];
