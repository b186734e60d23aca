// The meeting's record of facts, before any prose: figures (./read-figures.ts), decisions (./find-decisions.ts),
// commitments and the next meeting (as the action-item and next-meeting modules give them), open questions, roles
// (./read-plans-and-roles.ts) and the plans and documents the meeting was about. Each
// fact is written by its sentence form (./sentence-forms.ts), placed at its transcript segment, and scored by the
// fitted confidence (./confidence.ts). A figure said several times is one fact, said more surely.

import type { Sentence } from "../../language/sentences";
import type { ActionItem, NextMeeting } from "../../types";
import { confidenceOf, type FactFeatures } from "./confidence";
import { decisionChoice } from "./decision-forms.rules";
import type { ConfidenceWeights, Fact } from "./fact";
import { QUESTION_END } from "./fact-signals";
import { measureSubject } from "./figure-measures.rules";
import type { FigureContext } from "./figure-subjects";
import type { FoundDecision } from "./find-decisions";
import { topicOf } from "./note-exchange.rules";
import { type FigureFact, readFigures } from "./read-figures";
import { readDiscussed, readRoles } from "./read-plans-and-roles";
import {
  listed,
  namesOwner,
  writeCommitment,
  writeDecision,
  writeFigure,
  writeNextMeeting,
  writeOpenQuestion,
  writeRole,
} from "./sentence-forms";
import { isPersonName } from "./word-kinds";

export interface RecordInput {
  sentences: readonly Sentence[];
  /** Transcript segment index of each spoken segment a sentence points at. */
  segmentOf: (sentence: Sentence) => number;
  decisions: readonly FoundDecision[];
  actionItems: readonly ActionItem[];
  nextMeeting: NextMeeting | null;
  people: FigureContext;
  /** The meeting's day: a date in another year is written with its year. */
  meetingDate?: Date;
  weights?: ConfidenceWeights;
}

// "I'll find out", "not sure", "we don't know yet": a question the meeting left open.
const LEFT_OPEN =
  /\b(?:i(?:'ll| will) (?:find out|check|look into|ask)|not sure|don't know|do not know|no idea|get back to you|need to confirm|have to check)\b/i;

// "How much is the boat worth?": a question for a thing's value.
const ASKS_WORTH = /\bworth\b/i;

export function buildRecord(input: RecordInput): Fact[] {
  const { sentences, segmentOf, weights } = input;
  const total = Math.max(1, sentences.length);
  const facts: Fact[] = [];
  const score = (fact: Omit<Fact, "confidence">, features: FactFeatures): Fact => ({
    ...fact,
    confidence: confidenceOf(features, weights),
    features: features as Record<string, number>,
  });

  for (const group of groupFigures(readFigures(sentences, input.people))) {
    const first = group.find((f) => f.subject) ?? group[0]!;
    const subject = first.subject || measureSubject(first.measure) || "";
    const was = group.find((f) => f.was)?.was;
    const period = group.find((f) => f.period)?.period;
    const fact = { ...first, subject, ...(was ? { was } : {}), ...(period ? { period } : {}) };
    const written = writeFigure(fact);
    if (!written) continue;
    facts.push(
      score(
        {
          kind: "figure",
          subject,
          value: first.display,
          ...(was ? { was } : {}),
          ...(period ? { period } : {}),
          ...(first.whose ? { whose: first.whose } : {}),
          form: written.form,
          text: written.text,
          segment: segmentOf(first.sentence),
        },
        {
          figure: 1,
          money: first.money ? 1 : 0,
          percent: first.percent ? 1 : 0,
          year: first.year ? 1 : 0,
          identifier: first.identifier ? 1 : 0,
          subject: first.subject ? 1 : 0,
          "subject-from-question": first.subjectFrom === "question" ? 1 : 0,
          "subject-from-context": first.subjectFrom === "context" ? 1 : 0,
          "plain-number": first.money || first.percent || first.year || first.identifier ? 0 : 1,
          measure: first.measure ? 1 : 0,
          period: period ? 1 : 0,
          corrected: was ? 1 : 0,
          repeated: Math.log(group.length),
          "in-question": group.every((f) => f.inQuestion) ? 1 : 0,
          negated: group.every((f) => f.negated) ? 1 : 0,
          // Supposed, and otherwise only asked about or denied ("even fifty thousand, it would …", "up to fifty
          // thousand?", "we're not sitting on fifty thousand"): said nowhere as what is.
          hypothetical:
            group.some((f) => f.hypothetical) && group.every((f) => f.hypothetical || f.inQuestion || f.negated)
              ? 1
              : 0,
          "figures-in-sentence": Math.log(first.figuresInSentence),
          position: first.sentence.index / total,
          magnitude: first.money ? Math.log10(Math.max(1, first.value)) / 6 : 0,
          "subject-words": Math.min(3, subject.split(" ").length),
          "client-said": first.sentence.speaker && input.people.isClient(first.sentence.speaker) ? 1 : 0,
        },
      ),
    );
  }

  // "Reggie's share: 25%" beside "Reggie's 25% share: $200,000" says the share twice: the second says it all.
  const subjects = new Set(facts.map((f) => f.subject));
  const sharesSaid = facts.filter(
    (f) => f.subject.endsWith("'s share") && subjects.has(`${f.subject.slice(0, -5)}${f.value} share`),
  );
  for (const said of sharesSaid) facts.splice(facts.indexOf(said), 1);

  const isName = namesOfMeeting(sentences);
  for (const decision of input.decisions) {
    const read = decisionChoice(decision.text);
    if (!read) continue;
    const written = writeDecision(read.choice, isName);
    facts.push(
      score(
        {
          kind: "decision",
          subject: read.choice,
          form: read.form,
          text: written,
          segment: segmentOf(decision.sentence),
        },
        {
          decision: 1,
          "form-matched": read.form === "as-said" ? 0 : 1,
          recap: decision.recap ? 1 : 0,
          position: decision.sentence.index / total,
        },
      ),
    );
  }

  for (const sentence of sentences) {
    if (!QUESTION_END.test(sentence.text.trim())) continue;
    const answer = sentences[sentence.index + 1];
    if (!answer || answer.speaker === sentence.speaker || !LEFT_OPEN.test(answer.text)) continue;
    const topic = topicOf(sentence.text);
    // "Miriam?": a name called is no topic.
    if (!topic || topic.split(" ").every((w) => isName(w.replace(/[^\p{L}]/gu, "")))) continue;
    facts.push(
      score(
        {
          kind: "open-question",
          subject: topic,
          form: "open",
          // "How much is the ring worth?" left open is the ring's value, not "ring".
          text: writeOpenQuestion(ASKS_WORTH.test(sentence.text) ? `the value of the ${topic}` : topic, isName),
          segment: segmentOf(sentence),
        },
        { "open-question": 1, position: sentence.index / total },
      ),
    );
  }

  // What the action-item and next-meeting modules give is theirs to vouch for: it enters the record as given.
  for (const item of input.actionItems) {
    const text = writeCommitment(item, input.meetingDate);
    if (!text) continue;
    facts.push({
      kind: "commitment",
      subject: item.task,
      ...(namesOwner(item.assignee) ? { who: item.assignee } : {}),
      ...(item.dueDate ? { when: item.dueDate } : {}),
      form: "commitment",
      text,
      segment: item.evidence?.[0] ?? -1,
      confidence: 1,
    });
  }
  if (input.nextMeeting) {
    const text = writeNextMeeting(input.nextMeeting, input.meetingDate);
    if (text) {
      facts.push({
        kind: "next-meeting",
        subject: input.nextMeeting.topics.join("; "),
        ...(input.nextMeeting.date ? { when: input.nextMeeting.date } : {}),
        form: "next-meeting",
        text,
        segment: input.nextMeeting.evidence?.[0] ?? -1,
        confidence: 1,
      });
    }
  }
  for (const role of readRoles(sentences, isName)) {
    facts.push(
      score(
        {
          kind: "role",
          subject: role.role,
          who: role.who,
          form: "role",
          text: writeRole(role.role, role.who),
          segment: segmentOf(role.sentence),
        },
        { role: 1, position: role.sentence.index / total },
      ),
    );
  }
  // The plans and documents said of most: one fact, said at the summary's end.
  const discussed = readDiscussed(sentences);
  if (discussed.length >= 2) {
    facts.push({
      kind: "topics",
      subject: discussed.map((t) => t.term).join("; "),
      form: "topics",
      text: `Discussed: ${listed(discussed.map((t) => t.term))}.`,
      segment: segmentOf(discussed[0]!.first),
      confidence: 1,
    });
  }
  return facts;
}

/** Values this close, said of the same thing, are one figure said twice ("1,112", then "about 1,100"). */
const SAME_FIGURE_SHARE = 0.02;

/**
 * Figures of one value said more than once: one fact (its first telling with a subject), in the order said. A value
 * said once with its period and once without is one figure; so are two close values said of the same thing.
 */
function groupFigures(figures: FigureFact[]): FigureFact[][] {
  const groups = new Map<string, FigureFact[]>();
  const periodsOf = new Map<string, Set<string>>();
  const subjectsOf = new Map<string, Set<string>>();
  for (const figure of figures) {
    if (figure.identifier || !figure.period) continue;
    const value = `${figure.value}|${figure.percent}`;
    periodsOf.set(value, (periodsOf.get(value) ?? new Set()).add(figure.period));
    subjectsOf.set(value, (subjectsOf.get(value) ?? new Set()).add(figure.subject.toLowerCase()));
  }
  for (const figure of figures) {
    const value = `${figure.value}|${figure.percent}`;
    const periods = periodsOf.get(value);
    // Said without its period, the figure is the one said with it, when only one period was said, unless its own
    // sentence names another thing it is of ("The camera was thirty thousand" beside "thirty thousand a year" in tax).
    const ownThing = figure.stated && !subjectsOf.get(value)?.has(figure.subject.toLowerCase());
    const period = figure.period ?? (periods?.size === 1 && !ownThing ? [...periods][0] : "");
    const key = figure.identifier ? figure.display : `${value}|${period}`;
    const group = groups.get(key);
    if (group) group.push(figure);
    else groups.set(key, [figure]);
  }
  // A figure that a later one corrected is no fact of its own: its group goes. So does a number read out only in
  // part before it was read whole ("4471-0038-22, hold on, 4471-0038-2291").
  const replaced = new Set(figures.flatMap((f) => (f.was ? [f.was] : [])));
  const ids = figures.filter((f) => f.identifier).map((f) => f.display);
  const cutShort = (display: string) => ids.some((id) => id.length > display.length && id.startsWith(display));
  const kept = [...groups.values()].filter(
    (group) => !replaced.has(group[0]!.display) && !(group[0]!.identifier && cutShort(group[0]!.display)),
  );
  return mergeCloseValues(kept);
}

/** Earlier groups looked at for a subject's head word: a meeting names a few holdings, not hundreds. */
const SAME_HEAD_LOOKED_AT = 8;

/** Significant digits of a value: 1,120,000 has three, 1,100,000 two. The more a figure has, the surer its telling. */
function significantDigits(value: number): number {
  let digits = Math.round(Math.abs(value));
  let zeros = 0;
  for (; digits > 0 && digits % 10 === 0; digits /= 10) zeros++;
  return String(Math.round(Math.abs(value))).length - zeros;
}

/** One subject names the other ("Fidelity account" and "Fidelity brokerage account"): the same head, words within. */
function namesSameThing(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const longWords = new Set(long.split(" "));
  return short.split(" ").at(-1) === long.split(" ").at(-1) && short.split(" ").every((w) => longWords.has(w));
}

/**
 * "We list at three sixty-nine. Three sixty-nine, nine hundred.": a figure said with nothing named for it, by the
 * one who said the figure just before, in the next sentence and within SAME_FIGURE_SHARE of it, is that figure again.
 */
function restatesLast(last: FigureFact[], figure: FigureFact): boolean {
  const a = last[0]!;
  const { index, speaker } = figure.sentence;
  return (
    !figure.subject &&
    !figure.measure &&
    figure.money === a.money &&
    figure.percent === a.percent &&
    last.some((said) => said.sentence.index === index - 1 && said.sentence.speaker === speaker) &&
    Math.abs(a.value - figure.value) <= SAME_FIGURE_SHARE * Math.max(a.value, figure.value)
  );
}

const TIMES_A_YEAR: Readonly<Record<string, number>> = { year: 1, quarter: 4, month: 12, week: 52 };
/** "$6,500 a month" and "$78,000 a year": one amount said per two periods. */
function sameOverAYear(a: FigureFact, b: FigureFact): boolean {
  const [perA, perB] = [TIMES_A_YEAR[a.period ?? ""], TIMES_A_YEAR[b.period ?? ""]];
  return Boolean(a.money && b.money && perA && perB && perA !== perB && a.value * perA === b.value * perB);
}

/**
 * Groups whose values are within SAME_FIGURE_SHARE and said of the same thing (the same subject, or one naming the
 * other: "the Fidelity brokerage account, about one point one million", then "the Fidelity account … one million one
 * hundred twenty thousand") join the first of them; the more precise telling stands ("$1.12 million"). So does one
 * exactly a thousand times the other: the same words read at two scales ("a four ninety-five fee", then "Four
 * ninety-five?" read as thousands), and the first reading stands; and one said per another period that comes to the
 * same over a year ("$6,500 a month", "$78,000 a year").
 */
function mergeCloseValues(groups: FigureFact[][]): FigureFact[][] {
  const byHead = new Map<string, FigureFact[][]>();
  const out: FigureFact[][] = [];
  for (const group of groups) {
    const head = group.find((f) => f.subject) ?? group[0]!;
    const last = out.at(-1);
    if (last && restatesLast(last, head)) {
      // The more precise telling stands, said of what the first one was said of.
      if (significantDigits(head.value) > significantDigits(last[0]!.value))
        last.forEach((said, k) => {
          last[k] = { ...said, value: head.value, display: head.display };
        });
      last.push(...group);
      continue;
    }
    const subject = head.subject.toLowerCase();
    const key = `${subject.split(" ").at(-1)}|${head.money}|${head.percent}`;
    const earlier = head.subject && !head.identifier ? (byHead.get(key) ?? []).slice(-SAME_HEAD_LOOKED_AT) : [];
    const same = earlier.find((g) => {
      const first = g.find((f) => f.subject) ?? g[0]!;
      if (!namesSameThing(first.subject.toLowerCase(), subject)) return false;
      const a = g[0]!.value;
      return (
        Math.abs(a - head.value) <= SAME_FIGURE_SHARE * Math.max(a, head.value) ||
        (head.money && (a === head.value * 1000 || head.value === a * 1000)) ||
        sameOverAYear(g[0]!, head)
      );
    });
    if (same) {
      const closer = !(same[0]!.value === head.value * 1000 || head.value === same[0]!.value * 1000);
      if (closer && significantDigits(head.value) > significantDigits(same[0]!.value)) same.unshift(...group);
      else same.push(...group);
      continue;
    }
    out.push(group);
    if (head.subject) {
      const list = byHead.get(key);
      if (list) list.push(group);
      else byHead.set(key, [group]);
    }
  }
  return out;
}

/** Whether a word is a person's name: a word of a speaker's label, or a name the lexicon knows. */
export function namesOfMeeting(sentences: readonly Sentence[]): (word: string) => boolean {
  const names = new Set(
    sentences.flatMap((s) => (s.speaker ?? "").split(/[^\p{L}]+/u)).filter((w) => /^\p{Lu}\p{Ll}+$/u.test(w)),
  );
  return (word) => names.has(word) || isPersonName(word);
}
