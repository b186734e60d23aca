// Caption tools cut one spoken sentence over several cues ("Jenna pulls together the statements, the" | "equipment
// list…"), and a cue may end on "Dr." or "U.S.". Action items are read per sentence, so a sentence that does not end
// is joined to the next one of the same speaker. One pass, each sentence read once.

import type { Sentence } from "../../language/sentences";

const ENDS_SENTENCE = /[.!?…]["')\]]*$/;
// Abbreviations and initials that end a cue without ending the sentence.
const ENDS_ON_ABBREVIATION = /(?:^|\s)(?:Dr|Mr|Mrs|Ms|St|Jr|Sr|U\.S|U\.K|\p{Lu})\.$/u;
/** A joined sentence stops growing here: a caption run with no full stop is not one sentence. */
const MAX_JOINED_CHARACTERS = 600;

export function joinFragments(sentences: Sentence[]): Sentence[] {
  const out: Sentence[] = [];
  let open: Sentence | null = null;
  for (const sentence of sentences) {
    let current: Sentence;
    if (open && open.speaker === sentence.speaker && open.text.length + sentence.text.length <= MAX_JOINED_CHARACTERS) {
      current = { ...open, text: `${open.text} ${sentence.text}` };
    } else {
      if (open) out.push(open);
      current = { ...sentence };
    }
    open = current;
    if (ENDS_SENTENCE.test(current.text) && !ENDS_ON_ABBREVIATION.test(current.text)) {
      out.push(current);
      open = null;
    }
  }
  if (open) out.push(open);
  return out.map((sentence, index) => ({ ...sentence, index }));
}
