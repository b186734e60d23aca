// Scores a meeting's notes against advisor-meetings-2's truth (its README, "truth.json"), the set's own rules:
// regexes are JavaScript sources, case-insensitive, matched against the product's text one item at a time.
//   Action items: a product item is right for a truth item when its task matches the task regex and its assignee
//   the assignee regex. Recall: truth actionItems paired one-to-one (a maximum matching) with product items.
//   Precision: product items matching an actionItem or an optionalItem, over all product items; the rest are false
//   positives, and those matching a notActionItem (a false friend) are counted apart as well.
//   Next meeting: offsetDays N → the product's date is that day (moved to the Monday on a weekend); null → no date,
//   or a date matching acceptDate. With topics: also one topic regex matches one of the product's topics.
//   Facts: a fact's regex matches the executive summary, a key point or a decision.
// The truth must be filled (fillDeep) with the meeting's date first.
import { isoDay } from "./advisor-set";
import { dayAfter, type Set2Item, type Set2Meeting } from "./advisor-set-2";
import type { Summary } from "./notes-scoring";

const regex = (source: string) => new RegExp(source, "i");

export interface Set2MeetingScore {
  key: string;
  file: string;
  items: { truth: number; predicted: number; matched: number; right: number; falseFriends: number };
  missed: string[];
  wrongItems: string[];
  falseFriends: string[];
  nextMeeting: { day: boolean; topics: boolean; expected: string; got: string };
  facts: { total: number; found: number; inSummaryAlone: number; missed: string[] };
}

export const matchesItem = (truth: Set2Item, item: { task: string; assignee: string }) =>
  regex(truth.task).test(item.task) && regex(truth.assignee).test(item.assignee);

/** The size of a maximum one-to-one matching between truth items and product items (augmenting paths). */
export function maximumMatching(edges: boolean[][]): number {
  const owner = new Map<number, number>();
  const tryAssign = (t: number, seen: Set<number>): boolean => {
    for (const [p, ok] of (edges[t] ?? []).entries()) {
      if (!ok || seen.has(p)) continue;
      seen.add(p);
      const current = owner.get(p);
      if (current === undefined || tryAssign(current, seen)) {
        owner.set(p, t);
        return true;
      }
    }
    return false;
  };
  let size = 0;
  for (let t = 0; t < edges.length; t++) if (tryAssign(t, new Set())) size++;
  return size;
}

/** The next meeting's day: the expected ISO day, or null when none was set (then acceptDate may excuse a date). */
export function nextMeetingDayRight(
  truth: Set2Meeting["nextMeeting"],
  meetingDate: Date,
  got: { date: string | null } | null,
): boolean {
  if (truth.offsetDays === null)
    return !got || got.date === null || (truth.acceptDate !== undefined && regex(truth.acceptDate).test(got.date));
  return got?.date === isoDay(dayAfter(meetingDate, truth.offsetDays));
}

export function scoreSet2Meeting(truth: Set2Meeting, meetingDate: Date, summary: Summary | null): Set2MeetingScore {
  const predicted = summary?.actionItems ?? [];
  const edges = truth.actionItems.map((t) => predicted.map((p) => matchesItem(t, p)));
  const matched = maximumMatching(edges);
  const real = [...truth.actionItems, ...truth.optionalItems];
  const right = predicted.filter((p) => real.some((t) => matchesItem(t, p)));
  const friends = predicted.filter((p) => truth.notActionItems.some((n) => regex(n.task).test(p.task)));
  const label = (p: { task: string; assignee: string }) => `${p.assignee}: ${p.task}`;

  const next = summary?.nextMeeting ?? null;
  const day = nextMeetingDayRight(truth.nextMeeting, meetingDate, next);
  const topics =
    day &&
    next !== null &&
    truth.nextMeeting.topics.some((source) => next.topics.some((topic) => regex(source).test(topic)));

  const pieces = summary
    ? [summary.executiveSummary, ...summary.keyPoints.map((p) => p.text), ...summary.decisions.map((d) => d.text)]
    : [];
  const found = truth.summaryFacts.filter((f) => pieces.some((piece) => regex(f.re).test(piece)));
  const inSummary = truth.summaryFacts.filter((f) => summary && regex(f.re).test(summary.executiveSummary));

  return {
    key: truth.key,
    file: truth.file,
    items: {
      truth: truth.actionItems.length,
      predicted: predicted.length,
      matched,
      right: right.length,
      falseFriends: friends.length,
    },
    missed: truth.actionItems
      .filter((t) => !predicted.some((p) => matchesItem(t, p)))
      .map((t) => `${t.assignee}: ${t.note ?? t.task}`),
    wrongItems: predicted.filter((p) => !right.includes(p)).map(label),
    falseFriends: friends.map(label),
    nextMeeting: {
      day,
      topics,
      expected:
        truth.nextMeeting.offsetDays === null ? "no date" : isoDay(dayAfter(meetingDate, truth.nextMeeting.offsetDays)),
      got: next ? `${next.date ?? "no date"} (${next.topics.join("; ")})` : "none",
    },
    facts: {
      total: truth.summaryFacts.length,
      found: found.length,
      inSummaryAlone: inSummary.length,
      missed: truth.summaryFacts.filter((f) => !found.includes(f)).map((f) => f.fact),
    },
  };
}
