// What a question is searched by once its clients are resolved: its words without their names.
import { stemWord } from "../../language";
import { referentNames, thingReferent } from "./follow-up-referent";
import { namesOfLastFinding } from "./last-answer";
import { clientWordTest, householdFirstNames, type NamedClient } from "./match-client";
import type { Period } from "./parse-period";
import { type QuestionShape, subjectWords } from "./question-shape";
import { questionTerms } from "./question-terms";
import type { HistoryMessage, Understood } from "./understand-question";

/**
 * The question without the resolved clients' names ("the Okafors' roof" → "the roof"): once the search is scoped to
 * their meetings the names tell no sentence apart, and a plural or possessive form the meetings never say would count
 * as a term they do not know. The text itself when nothing else would be left.
 */
export function withoutClientNames(text: string, clients: readonly NamedClient[]): string {
  if (clients.length === 0) return text;
  const isName = clientWordTest(clients);
  const people = new Set(clients.flatMap((c) => householdFirstNames(c.name)));
  const kept = text
    .split(" ")
    .filter((word) => {
      const bare = word.replace(/[’']s$|[’']$/i, "").replace(/^[^\p{L}\p{N}]+|(?<![^\p{L}\p{N}])[^\p{L}\p{N}]+$/gu, "");
      if (people.has(bare.toLowerCase())) return true;
      const name = bare.length > 0 && bare.split("-").every(isName);
      return !name;
    })
    .join(" ");
  return kept.trim() ? kept : text;
}

/**
 * The question's subject words that are not the clients' names ("the Okafors' roof" → "roof"). A client's whole name
 * said leaves whole, its common words too ("Fairweather Trust" asks nothing of a trust), while a common word said with
 * part of the name stays ("the Hendricks trust" of "Hendricks Family Trust" asks about the trust).
 */
export function subjectBeyondClients(subject: string, clients: readonly NamedClient[]): string {
  const isName = clientWordTest(clients);
  let words = subject.split(" ").filter(Boolean);
  for (const client of clients) words = withoutRun(words, subjectWords(client.name));
  return words.filter((w) => !isName(w)).join(" ");
}

/** The words without each place where `run` appears whole, in order (by stem: "Trust's" is "trust"). */
function withoutRun(words: readonly string[], run: readonly string[]): string[] {
  if (run.length === 0) return [...words];
  const stems = run.map(stemWord);
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (stems.every((w, j) => i + j < words.length && stemWord(words[i + j]!) === w)) i += run.length - 1;
    else kept.push(words[i]!);
  }
  return kept;
}

/** What a question that names a meeting but no subject ("what did we decide at our last meeting?") is scored by. */
export const DECISION_TEXT = "decided agreed we will going to recommend go ahead plan approved";

/**
 * What the meetings are searched by, once the plan's meetings are known (`meetingsFound`): a decision asked of chosen
 * meetings with nothing else is scored by words of deciding; a follow-up whose client is resolved by its own words
 * (with the person the last answer named); any other question by its understood search text. Clients' names left out.
 */
export function searchTextOf(
  plan: {
    question: string;
    understood: Understood;
    shape: QuestionShape;
    period: Period | undefined;
    subject: string;
    history: readonly HistoryMessage[];
    meetingIds: number[] | undefined;
    clientIds: number[] | undefined;
  },
  meetingsFound: boolean,
): { text: string; decisionsOnly: boolean } {
  const { question, understood } = plan;
  // Meetings picked by place, period or the conversation, with nothing asked but a decision: their decisions answer.
  const meetingsChosen =
    meetingsFound && (plan.shape.pick !== undefined || plan.period !== undefined || understood.followUp);
  const decisionsOnly = Boolean(meetingsChosen) && plan.subject.length === 0 && understood.kinds.includes("decision");
  if (decisionsOnly) return { text: DECISION_TEXT, decisionsOnly };
  // A follow-up whose client (or meeting) is resolved is searched by its own words: the earlier question's terms
  // would only dilute them ("who is driving her there?" asks about driving, not the signing asked before).
  const ownWords =
    understood.followUp && plan.clientIds && questionTerms(withoutClientNames(question, understood.clients)).length > 0;
  // "Where does he live?": the person the last answer named joins the follow-up's own words.
  const referents = ownWords ? referentNames(question, namesOfLastFinding(plan.history)) : [];
  // "And when will he have it ready?": what "it" is comes from the last question.
  const thing = ownWords ? thingReferent(question, plan.history) : "";
  const ownText = [question, ...referents, thing].filter(Boolean).join(" ");
  const text = withoutClientNames(
    ownWords ? ownText : understood.searchText,
    plan.meetingIds ? [] : understood.clients,
  );
  return { text, decisionsOnly };
}
