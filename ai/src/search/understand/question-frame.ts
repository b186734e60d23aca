// The words that frame a question ("What did the team discuss about…", "Summarize the discussion on…") say how it is
// asked, not what it is about. Matched in the transcript they only add noise: "discuss" and "summarize" are rare in
// speech, so full text weighted them above the subject itself.
import { splitWords } from "../../language";

/** Words of a question that say how it is asked, not what it is about. */
export const QUESTION_WORDS: ReadonlySet<string> = new Set(
  (
    "what whats what's who whom whose when where why how which did does do done is was were are be been being we " +
    "i you my our me us your they them their he she his her it its tell say said says saying mention mentioned talk " +
    "talked discuss discussed about meeting meetings call calls session anything something there any know give " +
    "show find told ask asked can could would should will shall please the a an of to in on for with from at by " +
    "and or that this these those get got go have has had let lets let's much many also any all some " +
    // The question's kind (a decision) is scored by what a sentence holds, not by these words appearing in it.
    "decide decided decision decisions agree agreed agreement conclude concluded settle settled " +
    // Nor is a person asked for by name ("who is named guardian", "her full name"): a name in the sentence answers.
    "name names named " +
    // How a request for a summary or an opinion is worded.
    "summarize summarise summary summarized discussion discussions discussing talking think thinks thought " +
    "opinion opinions view views feel felt consider considered regarding happen happened group team explain explained " +
    // How a size is asked ("how big is the rental?"): the kind of fact (a measure), not what it is about.
    "big large " +
    // How a comparison is asked ("how does that compare with…"): the things compared are the subject.
    "compare compared compares comparing comparison versus vs"
  ).split(" "),
);

/** The question without its framing words, for full-text search; the question itself when nothing else is left. */
export function subjectOfQuestion(question: string): string {
  const words = splitWords(question.slice(0, 1000)).filter((word) => !QUESTION_WORDS.has(word));
  return words.length > 0 ? words.join(" ") : question;
}
