// Figures as facts: each amount, rate, age or year said, with what it measures (the phrase it is said of, or the
// question it answers), whose it is, what it is per, the figure it corrects. Spoken numbers are read as values, never
// copied. One pass over the sentences, reading at most MAX_PARSED characters before a figure: linear.

import type { Sentence } from "../../language/sentences";
import { byAnother, QUESTION_END } from "./fact-signals";
import { agedSubject } from "./figure-ages";
import {
  CORRECTION_IN_TURN,
  CORRECTION_OPENER,
  CORRECTION_SENTENCES,
  correctedInSentence,
  gapOrSumOfSaid,
  saysUsedToBe,
  withCorrections,
  withoutAnsweredGuesses,
} from "./figure-corrections";
import { isPlainNumber, measureOf, measureSubject, subjectNamedBy } from "./figure-measures.rules";
import { asksHowMuch, boundOf, clauseBefore, deniedIn, opensSupposition, periodAsked, supposedIn } from "./figure-mood";
import { ownedShare, ownerNotInSubject, ownerOf, withOwnerSaidAgain } from "./figure-owners";
import { namesDifference, OUT_OF_A_FIGURE, saysDifference, subjectSaidAfter } from "./figure-said-after";
import { asSaidOf, changedFromHundreds, moneySaidSince } from "./figure-scale";
import {
  cleanSubject,
  datesSomething,
  type FigureContext,
  isClauseSubject,
  lastNounPhrase,
  measuredPhraseAfter,
  measuredPhraseBefore,
  measuresSomething,
  thingNamedBeforeQuestion,
  withoutAside,
  wordBeforeOne,
} from "./figure-subjects";
import {
  type Found,
  figuresIn,
  PERIOD,
  percentsJustSaid,
  withoutChangeSizes,
  withoutPercentsSaidAgain,
} from "./figures-in-sentence";
import { countedAfter, measuredKind } from "./measured-things.rules";
import { topicOf } from "./note-exchange.rules";
import { withoutEndMarks } from "./sentence-forms";
import { saysMoney } from "./shorthand-amounts";
import { writeNumbersAsFigures } from "./spoken-numbers";
import {
  BARE_VALUE_WORDS,
  documentAsked,
  MAX_PARSED,
  MEASURED_CONTEXT_SENTENCES,
  POINTS_BACK,
  propertyOf,
  SAID_OF_PROPERTY,
  SOMEONE_ELSES,
  topicAnnounced,
  VALUE_LOOK_BACK,
  VALUE_WORDS,
  valueOfThingBefore,
} from "./thing-named-before";

/** Sentences looked back for what a figure is of, when its own names nothing. */
const CONTEXT_SENTENCES = 2;
/** …and for a sentence that is only a figure, said after a few words of agreement ("Yeah. I saw it."). */
const BARE_CONTEXT_SENTENCES = 5;
const ASKED_BACK = /^\s*(?:so )?[$]?\d[\d,.]*(?: (?:thousand|million))?(?: (?:a|per) (?:week|month|year))?\?\s*$/i;
const BARE_FIGURE =
  /^\s*(?:about |around |roughly |maybe |so |it's |it was )?[$]?\d[\d,.]*(?: (?:thousand|million))?[.!]?\s*$/i;

/** True when one of the sentences just before says money. */
function saysMoneyBefore(sentences: readonly Sentence[], index: number): boolean {
  for (let back = 1; back <= BARE_CONTEXT_SENTENCES; back++) {
    const earlier = sentences[index - back];
    if (!earlier) return false;
    if (saysMoney(earlier.text)) return true;
  }
  return false;
}

export interface FigureFact extends Omit<Found, "start" | "end" | "periodFrom" | "scaled"> {
  subject: string;
  whose?: string;
  period?: string;
  was?: string;
  measure: string | null;
  /** A bound said right before the figure ("under", "at most", "up to"): the figure is a limit, not the value. */
  bound?: string;
  subjectFrom: "sentence" | "question" | "context" | "none";
  /** The subject is the clause's own, right before "is", "was" or "cost" ("The sewer camera was …"). */
  stated: boolean;
  inQuestion: boolean;
  /** Said in a denied clause: "not to write a $170,000 check". */
  negated: boolean;
  /** Said as what it used to be ("It used to be twenty-two hundred"): the figure before it was this. */
  former: boolean;
  hypothetical: boolean;
  figuresInSentence: number;
  sentence: Sentence;
}

const PERIOD_OF: Record<string, string> = {
  annually: "year",
  yearly: "year",
  monthly: "month",
  weekly: "week",
};

/** Every figure of the meeting as a fact, in the order said. */
export function readFigures(sentences: readonly Sentence[], context: FigureContext): FigureFact[] {
  const facts: FigureFact[] = [];
  // Figures said as a difference ("seven-fifty more a year"): the last sentence each value was said so in. Said again
  // soon after ("Seven-fifty a year is one less race entry"), it is still the difference, no amount of a thing.
  const differences = new Map<number, number>();
  for (const sentence of sentences) {
    const previous = sentences[sentence.index - 1];
    const written = writeNumbersAsFigures(sentence.text);
    const lastFact = facts.at(-1);
    // A speaker still on an amount they just said ("Two hundred twelve thousand. Oh, wait, no. … says two-oh-eight."),
    // in their own turn maybe after its reason (withCorrections, below).
    const sinceLast = lastFact ? sentences.slice(lastFact.sentence.index + 1, sentence.index) : [];
    const ownTurn = sinceLast.every((s) => s.speaker === sentence.speaker);
    const onTheirAmount =
      lastFact?.money === true &&
      lastFact.sentence.speaker === sentence.speaker &&
      sentence.index - lastFact.sentence.index <= (ownTurn ? CORRECTION_IN_TURN : CORRECTION_SENTENCES) &&
      sinceLast.some((s) => s.speaker === sentence.speaker && CORRECTION_OPENER.test(s.text.trim()));
    // A sentence that is only a figure ("Three hundred sixty-two thousand.") answers what the talk was just on.
    const bare = BARE_FIGURE.test(written);
    // "four hundred and twelve thousand" is money talk as said, though written "412,000".
    const moneyTalk =
      saysMoney(written) ||
      SAID_IN_THOUSANDS.test(sentence.text) ||
      (previous !== undefined && saysMoney(previous.text)) ||
      onTheirAmount ||
      // "The lower unit's sixteen fifty. The upper is seventeen twenty-five.": amounts said one after another.
      (lastFact?.money === true &&
        lastFact.sentence.index === sentence.index - 1 &&
        lastFact.sentence.speaker === sentence.speaker) ||
      (bare && saysMoneyBefore(sentences, sentence.index));
    // An amount in millions just said by another ("$3.1 million?") may be said back in its millions ("Three point one").
    const justSaid =
      lastFact?.money && lastFact.value >= 1_000_000 && sentence.index - lastFact.sentence.index <= SAID_BACK_SENTENCES
        ? lastFact.value / 1_000_000
        : undefined;
    const found = withoutChangeSizes(
      withoutPercentsSaidAgain(
        figuresIn(written, moneyTalk, justSaid),
        written,
        percentsJustSaid(sentences, sentence, written, SAID_BACK_SENTENCES),
      ),
      written,
    );
    if (found.length === 0) continue;
    // "The HOA is four-ten a month. Four hundred ten.": the speaker's figure just said, said again in full words.
    const saidInFull =
      bare &&
      found.length === 1 &&
      lastFact?.sentence.index === sentence.index - 1 &&
      lastFact.sentence.speaker === sentence.speaker &&
      found[0]!.value !== lastFact.value &&
      figuresIn(written, false)[0]?.value === lastFact.value;
    if (saidInFull) continue;
    const inQuestion = QUESTION_END.test(written.trim());
    // "Fifteen hundred a month?" in reply: a figure asked back is the one just said, no fact of its own.
    if (ASKED_BACK.test(written) && previous && previous.speaker !== sentence.speaker) continue;
    const hypothetical = opensSupposition(written);
    const saidJustNow = moneySaidSince(facts, sentence.index - SAID_BACK_SENTENCES);
    const { replaced, wasOf } = correctedInSentence(found, written);
    found.forEach((read, k) => {
      if (replaced.has(k)) return;
      const spoken = written.slice(Math.max(0, read.start - MAX_PARSED), read.start);
      // "putting in four hundred a month now. I'd raise it to six hundred": in hundreds, as what it changes.
      const changed = changedFromHundreds(read, spoken, facts, sentence.index, SAID_BACK_SENTENCES);
      const figure = changed?.figure ?? read;
      const before = withoutAside(spoken);
      const after = written.slice(figure.end, figure.end + 40);
      const periodMatch = PERIOD.exec(written.slice(figure.periodFrom, figure.periodFrom + 40));
      let period = periodMatch
        ? (PERIOD_OF[periodMatch[2]?.toLowerCase() ?? ""] ?? periodMatch[1]!.toLowerCase())
        : changed?.period;
      // Named outright around it: a share owned ("Reggie's 25% is $200,000"), a tax saved ("worth 25,000 in tax").
      const taxSaved = figure.money && IN_TAX.test(after) && WORTH_OR_SAVES.test(spoken);
      const share = taxSaved ? "tax saving" : ownedShare(before, figure, ownerOf(sentence, context));
      let phrase = share ?? lastNounPhrase(before);
      // The thing measured the figure's own sentence names, before it or right after it ("the seller note", "policy").
      const ownMeasured = measuredPhraseBefore(before, true) ?? measuredPhraseAfter(after);
      let subjectFrom: FigureFact["subjectFrom"] = phrase ? "sentence" : "none";
      let askedText = "";
      // Nothing named before the figure: the question it answers, else what the speaker's last sentences named.
      for (let back = 1; !phrase && back <= CONTEXT_SENTENCES; back++) {
        const earlier = sentences[sentence.index - back];
        // "Including the cabin, the tax, the insurance, the boat slip, all of that. It's about 9,500 a month.": a
        // figure after a list is of them all, not of the last one named.
        if (!earlier || listsThings(earlier.text)) break;
        const asked = byAnother(earlier, sentence) && QUESTION_END.test(earlier.text.trim());
        // "Is that with taxes and insurance?" "$2,650, yes.": a yes-or-no question asks after what was said before it.
        if (asked && YES_OR_NO.test(earlier.text.trim())) continue;
        // "Your checking account pays about 300 a year": a thing measured named in the figure's own sentence is what
        // it is of, before anything the sentences before named; a question asked is answered first.
        // A word only for a value ("it's worth …") is of the thing before it, read below.
        const own = asked ? null : ownMeasured;
        if (own && !VALUE_WORDS.has(own.toLowerCase())) {
          [phrase, subjectFrom] = [own, "sentence"];
          break;
        }
        // A question just asked is answered by its topic (or a thing named alone before it), else by the thing
        // measured it names ("last year's total tax").
        const question = asked ? writeNumbersAsFigures(earlier.text) : null;
        if (question) askedText = withoutEndMarks(question, ".?!\"')").slice(-MAX_PARSED);
        const asks = question && (topicOf(question) ?? thingNamedBeforeQuestion(sentences, earlier));
        phrase =
          (question
            ? asks || measuredPhraseBefore(withoutEndMarks(question, ".?!\"')").slice(-MAX_PARSED))
            : thingNamedBeforeQuestion(sentences, earlier)) ?? lastNounPhrase(earlier.text.slice(-MAX_PARSED));
        if (phrase) subjectFrom = asked ? "question" : "context";
      }
      // "About how much a year from the contract work?" "Around thirty thousand.": a year's, as asked.
      if (subjectFrom === "question") period ??= periodAsked(askedText);
      // "after thirty-one years with the district": a span of time, no age. "$1,500 a month more": a difference.
      // "I'll eat the difference. Seven-fifty a year is …": the speaker's own sentence just before names it one.
      const ownDifference = subjectFrom === "context" && previous?.speaker === sentence.speaker;
      if (saysDifference(after) || (ownDifference && phrase && namesDifference(phrase))) {
        differences.set(figure.value, sentence.index);
        return;
      }
      // "six hundred ten thousand out of nine fifty": a part of the figure after it, not the thing the talk named.
      if (OUT_OF_A_FIGURE.test(after) && subjectFrom !== "sentence") return;
      const span = SPAN_OF_TIME.test(after);
      const around = `${spoken.slice(-80)} `;
      // What its own words say it measures, else what the question it answers asked ("What did you pay for it?").
      const asked = subjectFrom === "question" && askedText ? measureOf(figure, askedText, askedText.length) : null;
      const measure =
        span || taxSaved ? null : (measureOf(figure, `${around}${figure.display}${after}`, around.length) ?? asked);
      // Said of something a figure measures, or no fact: a sold, listed or appraised thing, a retirement age and a
      // number read out keep what they are said of. A plain count ("20", "15") is no fact unless an age.
      const aged = agedSubject(measure, before, after);
      // "fourteen employees", or "Fourteen, including me." asked "And fourteen employees?": a count of what notes count.
      const counted =
        isPlainNumber(figure) && !aged ? countOf(after, subjectFrom === "question" ? phrase : null) : null;
      if (isPlainNumber(figure) && !aged && !counted) return;
      // A year dates a document or a plan named in its sentence ("wills from 2009") or in the question it answers,
      // or is no fact.
      if (figure.year && !(phrase && datesSomething(phrase))) {
        phrase = documentAsked(sentences, sentence.index);
        if (!phrase) return;
        subjectFrom = "question";
      }
      // "The sewer camera was thirty thousand by itself": a thing said right before "is", "was" or "cost" is what the
      // amount is of, whether or not it is a thing figures usually measure.
      // Not in reply to a question just asked of a thing measured ("What are the rents?" "The front units are twelve
      // forty."): the answer is of what was asked.
      const inReply = sentences
        .slice(Math.max(0, sentence.index - CONTEXT_SENTENCES), sentence.index)
        .some(
          (s) =>
            byAnother(s, sentence) &&
            QUESTION_END.test(s.text.trim()) &&
            measuredPhraseBefore(withoutEndMarks(s.text, ".?!\"')").slice(-MAX_PARSED)) !== null,
        );
      // A share said of its clause's subject is that subject's too ("Vantora is about 64% of your net worth").
      const sayable = figure.money || (figure.percent && figure.display.includes(" of "));
      const statedOf = Boolean(
        phrase && sayable && subjectFrom === "sentence" && !inReply && isClauseSubject(before, phrase),
      );
      // "About how much a year from the contract work?": an amount of what the question names, whatever it is.
      const askedOf = figure.money && subjectFrom === "question" && asksHowMuch(askedText);
      const saidOf = share || statedOf || askedOf || SAID_OF_PROPERTY.has(measure ?? "") || figure.year;
      if (!(phrase && (saidOf || measuresSomething(phrase)))) {
        let measured = ownMeasured;
        subjectFrom = measured ? "sentence" : "none";
        // "It's 10,200 now.": what the sentences just before named.
        for (let back = 1; !measured && back <= (bare ? BARE_CONTEXT_SENTENCES : MEASURED_CONTEXT_SENTENCES); back++) {
          const earlier = sentences[sentence.index - back];
          if (!earlier || listsThings(earlier.text)) break;
          measured = measuredPhraseBefore(withoutEndMarks(earlier.text, ".?!\"')").slice(-MAX_PARSED));
          if (measured) subjectFrom = "context";
        }
        // "It's worth about 385,000": what is worth it is the thing the sentences before named ("House: worth …").
        if (measured && VALUE_WORDS.has(measured.toLowerCase()) && POINTS_BACK.test(before))
          measured = valueOfThingBefore(sentences, sentence.index) ?? measured;
        // "the next federal payment 5,600 … and the state one goes up to 1,050": the thing just named, told apart by
        // another word in the place of its own ("the back ones" of "rents" asked names no word of the rents).
        const apart = measured?.includes(" ") && subjectFrom === "context" ? wordBeforeOne(before) : null;
        phrase = apart && measured ? `${apart} ${measured.split(" ").at(-1)}` : measured;
      }
      // "What's the value today?" "One million one hundred twenty thousand.": the value of the thing talked of.
      if (phrase && subjectFrom !== "sentence" && BARE_VALUE_WORDS.test(phrase.trim()))
        phrase = valueOfThingBefore(sentences, sentence.index, VALUE_LOOK_BACK) ?? phrase;
      // "Arne's IRA. Peggy, do you know where that is? … The last statement said 412,000.": the topic announced.
      if (!phrase && figure.money) {
        phrase = topicAnnounced(sentences, sentence.index);
        if (phrase) subjectFrom = "context";
      }
      // "she sold my neighbor's place": someone else's thing, told in passing, is no subject.
      if (phrase && subjectFrom !== "sentence" && SOMEONE_ELSES.test(phrase)) [phrase, subjectFrom] = [null, "none"];
      // The words after the figure may say what it is: "fifty thousand stays in cash" (./figure-said-after.ts).
      const inSentence = subjectFrom === "sentence";
      const pointsBack = POINTS_BACK.test(before);
      const saidAfter = figure.money ? subjectSaidAfter(after, { named: phrase, inSentence, pointsBack }) : null;
      if (saidAfter) [phrase, subjectFrom] = [saidAfter, "sentence"];
      // A difference's value said again soon, its sentence naming nothing of its own, is still the difference.
      const differenceAt = differences.get(figure.value);
      const saidAgain = differenceAt !== undefined && sentence.index - differenceAt <= DIFFERENCE_SAID_AGAIN;
      if (saidAgain && subjectFrom !== "sentence") return;
      // "51.20 … 48.80 a month." "So I'm trading about 240 a month": the gap between two figures just said (or their
      // sum: "So her side is about 517"), its own sentence naming nothing it measures, is no figure of its own.
      const namesMeasured = subjectFrom === "sentence" && !(statedOf && phrase && !measuresSomething(phrase));
      if (!namesMeasured && figure.money && gapOrSumOfSaid(figure.value, period, facts, sentence.index)) return;
      // A measure only the question said ("What's your take-home pay?") keeps the question's words if they name a thing.
      const keepsAsked = measure === asked && phrase !== null && measuresSomething(phrase);
      const named = keepsAsked ? null : subjectNamedBy(measure, subjectFrom === "sentence");
      if (named) phrase = named;
      // "You give to your church every year?" "Three thousand a year.": nothing named, the question's words of money.
      if (!phrase && !measure && askedText) phrase = measureSubject(measureOf(figure, askedText, askedText.length));
      let { subject, whose } = cleanSubject(aged ?? counted ?? phrase ?? "", sentence, context);
      // "Vincent's IRA is 780,000, and Giulia's is 210": the thing named once, its owner again right before this one.
      if (subject && !aged) subject = withOwnerSaidAgain(subject, before, ownerOf(sentence, context));
      // "About twenty-six fifty a month at sixty-seven": a benefit taken at that age, whatever it was called before.
      const takenAt = figure.money ? TAKEN_AT_AGE.exec(written.slice(figure.end, figure.end + 30))?.[1] : undefined;
      if (takenAt) subject = `${subject || "benefit"} at ${takenAt}`;
      // "My 403(b) is about 400,000", "My brother's in a facility and it's 11,000 a month": whose, said outside the subject.
      whose ??= ownerNotInSubject(subject, before, sentence, sentences[sentence.index - 1], context);
      // "I want to be done at 62", said by a client: whose age it is.
      if (aged && !whose && sentence.speaker && context.isClient(sentence.speaker) && FIRST_PERSON.test(before))
        whose = `${context.nameOf(sentence.speaker)}'s`;
      // A figure sold, listed or appraised is of the home or thing it names, never of who said so.
      const property = SAID_OF_PROPERTY.has(measure ?? "")
        ? propertyOf(measure!, subject, subjectFrom, before, sentences, sentence.index)
        : null;
      if (property?.thing) ({ subject, whose } = cleanSubject(property.thing, sentence, context));
      else if (property?.named) [subject, whose] = [property.named, undefined];
      // "The mortgage was appraised at …" is wrong: a thing sold, listed or appraised is property, or unknown.
      const head = subject.split(" ").at(-1) ?? "";
      const kind = measuredKind(head);
      const measured =
        SAID_OF_PROPERTY.has(measure ?? "") && (VALUE_WORDS.has(head.toLowerCase()) || (kind && kind !== "property"))
          ? null
          : measure;
      const amount = asSaidOf(figure, subject, spoken, saidJustNow);
      // A number's name ("account number", "cell") is said of a number read out, not of an amount.
      if (kind === "reference" && !figure.identifier) return;
      // A rate is a percentage ("Tax rate: $366,000" is another figure).
      if (kind === "limit" && RATE_WORDS.has(head.toLowerCase()) && !figure.percent) return;
      facts.push({
        value: amount.value,
        display: amount.display,
        money: figure.money,
        percent: figure.percent,
        year: figure.year,
        identifier: figure.identifier,
        subject,
        ...(whose ? { whose } : {}),
        ...(period ? { period } : figure.each ? { each: figure.each } : {}),
        ...(wasOf.has(k) ? { was: wasOf.get(k)! } : {}),
        ...boundOf(spoken),
        measure: counted ? "count" : measured,
        subjectFrom,
        stated: statedOf && subjectFrom === "sentence",
        inQuestion,
        negated: deniedIn(spoken),
        former: saysUsedToBe(clauseBefore(before)),
        hypothetical: hypothetical || supposedIn(spoken, written.slice(figure.end, figure.end + 40)),
        figuresInSentence: found.length,
        sentence,
      });
    });
  }
  return withoutAnsweredGuesses(withCorrections(facts, sentences));
}

/** "… a month at 67", "… at age 70": the age an amount is taken at (a pension or Social Security claimed then). */
const TAKEN_AT_AGE =
  /^(?:\s+(?:a|per)\s+(?:month|year))?,?\s+at\s+(?:age\s+)?([5-7]\d)\b(?![,.]\d|%|\s*(?:percent|thousand|million))/;
/** An amount said in words of thousands or millions: money talk, whatever else the sentence says. */
const SAID_IN_THOUSANDS = /\b(?:thousand|million)\b/i;
/** A question answered yes or no: it opens with a verb, not a word of asking. */
const YES_OR_NO =
  /^(?:(?:and|so|but|okay|ok|now)[,\s]+)*(?:is|are|was|were|does|do|did|has|have|had|can|could|will|would|should)\b/i;
/** A list summed up at its end: "…, the insurance, the boat slip, all of that." */
const SUMS_UP = /,\s*(?:and\s+)?(?:all of (?:that|it|those|them)|and so on|everything|etc)\W*$/i;
/** True when the sentence ends by summing up what it listed: a figure said after it is of them all. */
const listsThings = (text: string) => SUMS_UP.test(text);
/** Sentences after a difference within which its value said again is that difference. */
const DIFFERENCE_SAID_AGAIN = 12;
/** Sentences after an amount in millions within which it may be said back in its millions. */
const SAID_BACK_SENTENCES = 2;

/** "… worth about 25,000 in tax (this year)": what is saved in tax, whatever "worth" says ("costs … in tax" is a cost). */
const IN_TAX = /^\s+in\s+(?:federal\s+|state\s+)?(?:tax|taxes)\b/i;
const WORTH_OR_SAVES =
  /\b(?:worth|saves?|saving|savings)\s+(?:you\s+|us\s+|them\s+)?(?:about\s+|around\s+|roughly\s+|maybe\s+)?$/i;
const RATE_WORDS = new Set(["rate", "rates", "yield", "return", "returns", "afr", "apr"]);

/** What a plain count counts: the word after it, or the last word of the thing the question asked the count of. */
const countOf = (after: string, asked: string | null) =>
  countedAfter(after) ?? (asked && countedAfter(asked.split(" ").at(-1)!));
const SPAN_OF_TIME = /^\s*(?:more\s+|full\s+)?(?:years?|months?|weeks?|days?)\b(?!\s+old\b)/i;
const FIRST_PERSON = /(?:^|[\s,])(?:I|I'm|I'll|I’m|I’ll)\s/;
