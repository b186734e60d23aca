// The noun compounds of a question ("rollover elections", "flood insurance policies", "457 accounts"), read with the
// compromise tagger: each noun phrase's head (its last noun) and the words before it that say which kind of head it
// is. A question across clients is about the kind: "the rollovers are all redone" says "rollover elections" redone
// though it never says "elections" (rank/subject-match.ts, headsNoHeavier). The tagger reads
// the question once (at most 1000 characters) and each phrase once: linear in the question. The same tagger says
// which of the question's words are verbs ("use", "holding back"): they ask how, not what of (rank/record-figure.ts).
import { STOP_WORDS, stemWord } from "../../language";

export interface NounCompound {
  /** The phrase's last word, stemmed: what kind of thing it is ("designat" of "designations"). */
  head: string;
  /** The words before it in the phrase, stemmed, without pronouns, determiners and stop words. */
  modifiers: string[];
}

interface TaggedTerm {
  normal: string;
  tags: string[];
}

/** What the tagger reads in a question: its noun compounds, and its words read as verbs (stemmed). */
export interface TaggedQuestion {
  compounds: NounCompound[];
  verbs: Set<string>;
  /**
   * The question is a noun phrase alone ("the Ortegas' child support?", "Maple Street list price?"): no
   * question word, no verb, no word asking for news. It asks for the value of what it names.
   */
  onlyNames: boolean;
}

/** Words that ask what happened, not what something is: "anything about the boat?", "news on the house?". */
const ASKING_NEWS = new Set(["anything", "something", "everything", "news", "nothing", "status"]);

/**
 * The question read once by the tagger: its noun phrases of two content words or more, each as its head and
 * modifiers, and the words it reads as verbs. The tagger loads at the first question, not with the server (it is the
 * largest module the search code imports).
 */
export async function tagQuestion(question: string): Promise<TaggedQuestion> {
  const { default: nlp } = await import("compromise");
  const doc = nlp(question.slice(0, 1000));
  const phrases = doc.nouns().json() as { terms: TaggedTerm[] }[];
  const compounds: NounCompound[] = [];
  for (const phrase of phrases) {
    const words = phrase.terms
      .filter((t) => !t.tags.includes("Pronoun") && !t.tags.includes("Determiner"))
      .flatMap((t) => t.normal.split(/[^\p{L}\p{N}]+/u))
      .filter((w) => w && !STOP_WORDS.has(w));
    if (words.length < 2) continue;
    const head = words[words.length - 1]!;
    compounds.push({ head: stemWord(head), modifiers: words.slice(0, -1).map(stemWord) });
  }
  const verbs = new Set<string>();
  let onlyNames = true;
  for (const term of (doc.json() as { terms: TaggedTerm[] }[]).flatMap((s) => s.terms)) {
    if (term.tags.includes("Verb")) for (const w of term.normal.split(/[^\p{L}\p{N}]+/u)) if (w) verbs.add(stemWord(w));
    if (term.tags.includes("Verb") || term.tags.includes("QuestionWord") || ASKING_NEWS.has(term.normal))
      onlyNames = false;
  }
  return { compounds, verbs, onlyNames };
}

/**
 * Loads the tagger and reads one question with it, so that the first question across clients a server answers does
 * not wait for it (440-590 ms on the bench machine): a server calls it once its port answers.
 */
export async function loadQuestionTagger(): Promise<void> {
  await tagQuestion("Which clients hold a rollover election?");
}
