// The shapes of question an advisor asks beyond one fact about one client: across clients ("which clients have RMDs
// coming up?", "who asked about long-term care?"), about change ("what has changed for the Okafors since our first
// meeting?"), about one meeting picked by its place ("at our first meeting", "our most recent meeting"), and about
// the advisor's own notes ("what did I write in my notes about…"); an outcome ("what did it end up being?") is
// asked of the newest meeting. Flat alternations between word boundaries and
// one pass over the words: linear in the question.
import { firstMatch, MONTH_ABBREVIATIONS, MONTHS, STOP_WORDS, splitWords, stemWord, WEEKDAYS } from "../../language";
import { changeCues } from "./change-cue.rules";
import { QUESTION_WORDS } from "./question-frame";

export interface QuestionShape {
  /** Asks which clients something holds for: every meeting is searched and the clients listed. */
  across: boolean;
  /** Asks what changed over the meetings: answered by the newest and the first, each cited. */
  changes: boolean;
  /** Names one meeting by its place among the client's held meetings (an outcome asked for is the latest's). */
  pick: "first" | "latest" | undefined;
  /** Asks about the advisor's own notes. */
  notesFirst: boolean;
  /** Asks how things stand now ("what is it charging now?"): the newest meeting's telling comes first. */
  current: boolean;
  /** What the question is about once its framing is set aside ("long-term care"), empty when nothing is left. */
  subject: string;
}

// "Who is retiring?" asks across clients; "Who is Calvin's lawyer?", "who was the appraiser?" ask for one person (a
// determiner or a possessive after "who is").
const ACROSS =
  /\b(?:which|what)\s+(?:of\s+(?:my|our|the)\s+)?clients?\b|\bwho\s+(?:else\s+)?(?:asked|mentioned|raised|brought|wanted|wants|needs|need|has|have|had|hold|holds|owns|own)\b|\bwho\s+(?:else\s+)?(?:is|are|was|were)\s+(?!(?:the|a|an|my|our|your|their|his|her|its)\s|[\w-]+['’]s\s)|\bany\s+(?:of\s+(?:my|our)\s+)?clients?\b|\bclients?\s+(?:who|that|with)\b/i;
const CHANGE = /\bchang(?:e|ed|es|ing)\b|\bevolved?\b|\bdifferent\s+now\b|\bwhat(?:'s|’s|\s+is)\s+new\b/i;
const SINCE = /\bsince\b|\bover\s+time\b|\b(?:how|what)\s+(?:has|have)\b|\bso\s+far\b/i;
// Up to four words may name the meeting in between ("our most recent Okafor review meeting"): bounded, so linear.
const FIRST =
  /\b(?:first|initial|intro|introductory|earliest|original)\s+(?:[\w&'’-]+\s+){0,4}?(?:meeting|call|session|conversation|visit)\b/i;
const LATEST =
  /\b(?:most\s+recent|latest|last|previous|recent)\s+(?:[\w&'’-]+\s+){0,4}?(?:meeting|call|session|conversation|visit)\b|\blast\s+time\s+we\s+(?:met|spoke|talked)\b/i;
/** "What did the premium end up being?", "what was the rate in the end?": the outcome, as the newest meeting has it. */
const OUTCOME = /\b(?:end|ends|ended)\s+up\b|\bin\s+the\s+end\b|\bfinally\s+(?:settle|land|come|came)\b/i;
// "What is Linden Court charging now?", "her current premium"; a "Now," that opens the question only moves it on.
const CURRENT = /(?<!^)\bnow\b|\b(?:currently|current|these days|at the moment|as of today)\b/i;
// "What is Hollybrook charging?", "what are they paying for it?": an amount that goes on, asked in the present.
const GOES_ON =
  /\b(?:is|are|'s|'re)\s+(?:[\w.&']+\s+){0,4}?(?:charging|paying|costing|earning|making|drawing|receiving|spending|contributing)\b/i;
const NOTES = /\b(?:my|our|the)\s+notes?\b|\bi\s+(?:wrote|noted|jotted|typed)\b/i;

/** Words that frame a question across clients or about change, not what it is about. */
const FRAME_WORDS = new Set(
  (
    "client clients which who whom whose any else meet met see seen spoke speak talk talked each meeting meetings " +
    "first initial intro introductory earliest original since change changed changes changing evolve evolved over " +
    "time recent recently latest last previous past week weeks month months year years day days ago today " +
    "thinking think considering consider looking look involve involves involved matter matters person people " +
    "planning plan plans note notes wrote write written jotted noted typed " +
    // What a meeting went over ("what did we cover", "what came out of it"): the meeting's notes answer, no subject.
    "cover covered covering go went come came out outcome outcomes " +
    // A named month, day or season sets the period the question looks in ("in September"), which the period parser
    // reads; it is not what the question is about.
    `${[...MONTHS.filter((m) => m !== "may"), ...MONTH_ABBREVIATIONS, ...WEEKDAYS].join(" ")} weekend yesterday ` +
    "quarter spring summer autumn fall winter"
  ).split(" "),
);

/** The question's own subject: its words without framing, question and stop words. */
export function subjectWords(question: string): string[] {
  return splitWords(question.slice(0, 1000)).filter(
    (w) => !QUESTION_WORDS.has(w) && !STOP_WORDS.has(w) && !FRAME_WORDS.has(w) && !FRAME_WORDS.has(stemWord(w)),
  );
}

export function shapeOfQuestion(question: string, namesClient: boolean): QuestionShape {
  const q = question.slice(0, 1000).replace(/’/g, "'");
  const subject = subjectWords(q).join(" ");
  const first = FIRST.test(q);
  return {
    across: !namesClient && ACROSS.test(q) && subject.length > 0,
    // "What did we first set aside, and what is it now?": the state at the start against today's (change-cue.rules).
    changes: (CHANGE.test(q) && (SINCE.test(q) || first)) || firstMatch(changeCues, q.toLowerCase()) !== null,
    pick: first ? "first" : LATEST.test(q) || OUTCOME.test(q) ? "latest" : undefined,
    notesFirst: NOTES.test(q),
    current: CURRENT.test(q.trim()) || GOES_ON.test(q),
    subject,
  };
}
