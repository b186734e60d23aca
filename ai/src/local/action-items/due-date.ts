// A task's due date: only a deadline said for it ("by Friday", "tomorrow", "tonight", "by the 24th", "in the next
// two weeks"). A vague period ("this week", "early next week", "this weekend", "in about three weeks", "soon", "by the
// end of the month": a period's end, which people say for "during the month", not a promise for its last day) gives
// no date, and an explicit date said in the same clause wins over it. A date that is not a deadline ("book the
// notary for Saturday the 21st", "at the signing on the 9th") is the event's, not the task's.

import { format, parseISO, subDays } from "date-fns";
import { readDatePhrase, resolveDatePhrase } from "../../dates/resolve-date";
import { alternation, lexiconRegExp, MONTH_ABBREVIATIONS, MONTHS, WEEKDAYS } from "../../language";

// The meeting's own day: tonight, this afternoon, end of day.
const SAME_DAY =
  /\b(?:(?<!from )today|tonight|this (?:afternoon|morning|evening)|end of (?:the )?day|EOD|close of business|COB|on my (?:lunch )?break)\b/i;
// Periods that name no day; removed before the rest of the clause is read for a date.
const VAGUE =
  /\b(?:(?:by |before |at )?(?:the )?(?:early |late |end of )?(?:this|next|the) (?:week(?:end)?|month's end)|(?:in|within|over) (?:about |around |roughly |maybe )?(?:a (?:few|couple(?: of)?)|several|some|about|around|roughly) [\w-]+(?: (?:or|to) [\w-]+)? (?:days?|weeks?|months?)|in (?:about|around|roughly) (?:a |an |[\w-]+ )(?:days?|weeks?|months?)|(?:at )?some point|soon|sometime|(?:right )?(?:away|now))\b/gi;
// A period's end: "by the end of the month", "before the end of the quarter" (kept apart from VAGUE, whose proof of
// linear time is already long).
const PERIOD_END = /\b(?:by |before |at )?(?:the )?end of (?:this|next|the) (?:month|quarter|year)\b/gi;
// What starts a deadline: "by", "before", "no later than", "within", "in the next", "on <day>", "tomorrow".
const DEADLINE_START = lexiconRegExp(
  `\\b(?:by|before|no later than|within|in the next|tomorrow|on (?:${alternation(WEEKDAYS)}|the \\d|${alternation(MONTHS)}|${alternation(MONTH_ABBREVIATIONS)}\\b\\.?))\\b`,
  "i",
);

/** The due date said in the task, as yyyy-MM-dd, or null when none was said for it. */
export function dueDateOf(text: string, meetingDate: Date): string | null {
  const definite = text.replace(VAGUE, " ").replace(PERIOD_END, " ");
  const start = DEADLINE_START.exec(definite);
  const said = start ? resolveDatePhrase(definite.slice(start.index), meetingDate) : null;
  if (said) return said;
  return SAME_DAY.test(definite) ? resolveDatePhrase("today", meetingDate) : null;
}

// The words that end a task with its deadline ("…, by the 26th", "by Friday", "tomorrow"): at most this many.
const MAX_DEADLINE_WORDS = 6;
const DEADLINE_WORDS = new Set(["by", "before", "tomorrow", "tonight"]);
/** Words that may open a deadline said as one word ("by tomorrow", "before tonight"). */
const LEAD_IN = new Set(["by", "before", "until"]);
const HEDGES = new Set(["probably", "maybe", "hopefully", "ideally"]);

/**
 * The task without the deadline it ends with when those words name its due date (yyyy-MM-dd), or only a period
 * ("by the end of the week"), for prose that adds the due date itself ("Return the form by the 26th" → "Return the form", then "(by September 26)"); otherwise the
 * task as given. Reads at most its last MAX_DEADLINE_WORDS words: linear.
 */
export function withoutSaidDeadline(task: string, dueDate: string): string {
  // Read from the day before, any words naming the due day resolve to it ("by Friday", "tomorrow", "by the 26th").
  const dayBefore = subDays(parseISO(dueDate), 1);
  const dueWeekday = format(parseISO(dueDate), "EEEE").toLowerCase();
  const words = task.trimEnd().split(" ");
  for (let i = words.length - 1; i >= 1 && i >= words.length - MAX_DEADLINE_WORDS; i--) {
    const word = words[i]!;
    if (i < words.length - 1 && /[,.;:!?]$/.test(word)) return task;
    if (!DEADLINE_WORDS.has(word.toLowerCase().replace(/[^a-z]/g, ""))) continue;
    const said = words.slice(i).join(" ");
    // "by next Wednesday" read from the day before may be a week later: a weekday named is the due day's own.
    const namesDueWeekday = said.toLowerCase().includes(dueWeekday);
    // "…by the end of the week" with a day set for it ("Okay. I'll do it tonight."): the day given says when.
    const period = readDatePhrase(said, dayBefore)?.kind === "vague";
    if (resolveDatePhrase(said, dayBefore) !== dueDate && !SAME_DAY.test(said) && !namesDueWeekday && !period)
      return task;
    // "by tomorrow", "probably tomorrow": the word that starts or hedges the deadline goes with it.
    let start = i > 1 && LEAD_IN.has(words[i - 1]!.toLowerCase()) ? i - 1 : i;
    if (start > 1 && HEDGES.has(words[start - 1]!.toLowerCase())) start -= 1;
    return words.slice(0, start).join(" ").replace(/,$/, "");
  }
  return task;
}
