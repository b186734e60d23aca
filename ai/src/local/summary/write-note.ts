// A transcript moment written as a note: one sentence, or the few sentences a point needs (a question and its
// answer, a reply and what it replies to), in the notes' own voice, without speaker labels or quote marks. The words
// are cleaned first (`write`: corrected figures, stutters, asides, spoken numbers), then the note rules
// (note-rules.rules.ts) put people in the third person, and a question joins its answer (note-exchange.rules.ts).

import { isSmallTalk, plainSentence, type Sentence } from "../../language/sentences";
import { answerCore, joinTopic, topicOf } from "./note-exchange.rules";
import { withoutRepeats } from "./note-joins.rules";
import type { NotePeople } from "./note-people";
import { applyNoteRules, type NoteContext } from "./note-rules.rules";

const QUESTION_END = /\?["')]*$/;
const VOCATIVE = /^(\p{Lu}\p{Ll}+),\s/u;

export interface NoteWriter {
  /** One sentence as a note. */
  sentence(sentence: Sentence): string;
  /** Consecutive sentences (a question and its answer, a remark and what it leans on) as one note. */
  chain(chain: Sentence[]): string;
}

/** Where one sentence of a written note ends and the next begins ("…340,000. $340,000." is two). */
const NOTE_SENTENCE_BREAK = /(?<=[.!?])\s+(?=[$€£\p{Lu}\d])/u;

/** A written note without its sentences that add nothing (note-joins.rules.ts). */
const tidy = (note: string) => withoutRepeats(note.split(NOTE_SENTENCE_BREAK)).join(" ");

export function createNoteWriter(people: NotePeople, speakers: string[], write: (text: string) => string): NoteWriter {
  const speakerWords = new Set(speakers.flatMap((s) => s.toLowerCase().split(/\s+/)));
  const contextOf = (sentence: Sentence): NoteContext => {
    const speaker = sentence.speaker;
    const speakerIsClient = speaker !== null && people.isClient(speaker);
    const vocative = VOCATIVE.exec(sentence.text.trim())?.[1];
    let addressee: string | null = null;
    let addresseePlural = false;
    if (vocative && people.firstNames.has(vocative.toLowerCase())) addressee = vocative;
    else if (speaker !== null && speakers.length === 2) {
      const other = speakers.find((s) => s !== speaker);
      addressee = other ? people.nameOf(other) : null;
    } else if (speaker !== null && !speakerIsClient) {
      addressee = people.client;
      addresseePlural = people.clientPlural;
    }
    return {
      speaker: speaker === null ? null : people.nameOf(speaker),
      speakerIsClient,
      addressee,
      addresseePlural,
      household: speakerIsClient && people.clientPlural ? people.client : null,
      firstNames: people.firstNames,
    };
  };
  const noteOf = (sentence: Sentence) => tidy(applyNoteRules(write(plainSentence(sentence.text)), contextOf(sentence)));
  /** Only the cleaning rules: the question's own words, for its topic. */
  const cleanOf = (sentence: Sentence) =>
    applyNoteRules(write(plainSentence(sentence.text)), {
      speaker: null,
      speakerIsClient: false,
      addressee: null,
      addresseePlural: false,
      household: null,
      firstNames: people.firstNames,
    });

  return {
    sentence: noteOf,
    chain(chain) {
      if (chain.length === 1) return noteOf(chain[0]!);
      const last = chain.at(-1)!;
      const questionAt = chain.findIndex((s) => QUESTION_END.test(s.text.trim()) && s.speaker !== last.speaker);
      const said = (list: Sentence[]) =>
        withoutRepeats(list.filter((s, i) => i === list.length - 1 || !isSmallTalk(s.text)).map(noteOf));
      if (questionAt >= 0) {
        const answers = chain.slice(questionAt + 1).filter((s) => s.speaker !== chain[questionAt]!.speaker);
        const topic = topicOf(cleanOf(chain[questionAt]!));
        const core = answerCore(said(answers).join(" "));
        if (topic && core) return joinTopic(topic, core, speakerWords);
      }
      return said(chain).join(" ");
    },
  };
}
