// The notes written from the record: the executive summary opens with what the meeting decided and what happens
// next, then the figures it turned on; key points are the sure figures and open questions, one sentence form each;
// decisions are listed as choices. Only facts at or above the fitted threshold are said.

import { capitalise } from "../../language/sentences";
import type { DraftPoint } from "../../types";
import type { Fact } from "./fact";
import { DECIDED, listed, lowerTopic, withoutEndMarks } from "./sentence-forms";

/** Key points at most: notes an advisor reads at a glance. */
export const MAX_KEY_POINTS = 10;
const SUMMARY_DECISIONS = 3;
const SUMMARY_STEPS = 2;
const SUMMARY_FIGURES = 4;
/**
 * Figures said within this many segments of each other are told as one key point ("403(b): $540,000; 457(b):
 * $118,000; Roth IRA: $42,000."), at most GROUPED of them: a list of balances read out together is one thing to
 * read, and the ten points then hold more of what was sure.
 */
const GROUP_SPAN = 3;
const GROUPED = 3;

export interface WrittenNotes {
  executiveSummary: string;
  keyPoints: DraftPoint[];
  decisions: DraftPoint[];
}

const evidenceOf = (fact: Fact) => (fact.segment >= 0 ? [fact.segment] : []);
const point = (fact: Fact, text = fact.text): DraftPoint => ({ text, evidence: evidenceOf(fact) });
const byConfidence = (a: Fact, b: Fact) => b.confidence - a.confidence || a.segment - b.segment;
const bySegment = (a: Fact, b: Fact) => a.segment - b.segment;

export function writeNotes(facts: readonly Fact[], threshold: number, emptyMeeting: string): WrittenNotes {
  // A figure said in a denied clause ("not to write a $170,000 check") has no sentence form that would not assert it;
  // nor has one only supposed ("if you left her even fifty thousand, it would …").
  const denied = (f: Fact) => f.kind === "figure" && Boolean(f.features?.negated || f.features?.hypothetical);
  const sure = facts.filter((f) => f.confidence >= threshold && !denied(f));
  // Saying less must not mean saying nothing: with no figure at the threshold, the surest one said as a statement is
  // still told.
  if (!sure.some((f) => f.kind === "figure")) {
    // A figure only asked about ("Could I retire at 60?"), supposed or denied is not the one to tell.
    const told = (f: Fact) =>
      f.kind === "figure" && !f.features?.["in-question"] && !f.features?.hypothetical && !denied(f);
    const surest = facts.filter(told).sort(byConfidence)[0];
    if (surest) sure.push(surest);
  }
  const decisions = sure.filter((f) => f.kind === "decision").sort(bySegment);
  const steps = sure.filter((f) => f.kind === "commitment");
  const next = sure.find((f) => f.kind === "next-meeting");
  // The surest figures are told in the summary; the key points hold the next ones and what is still open. When there
  // are no others, those figures are the key points (never "No key points" beside a summary that names figures), and
  // a summary that says what was decided or happens next does not say them a second time.
  const ranked = sure
    .filter((f) => f.kind === "figure" || f.kind === "role" || f.kind === "open-question")
    .sort(byConfidence);
  const figures = ranked.filter((f) => f.kind === "figure").slice(0, SUMMARY_FIGURES);
  const rest = pointGroups(ranked.filter((f) => !figures.includes(f)));
  const notes = rest.length > 0 ? rest : figures.map((f) => [f]);

  const summary: string[] = [];
  // Each choice as its own sentence form wrote it, opening in lower case where its first word is no name.
  const decided = decisions.slice(0, SUMMARY_DECISIONS).map((d) => withoutEndMarks(d.text.slice(DECIDED.length), ".!"));
  // A decision with its details after commas ("1.25 million, ten-year term") is kept apart from the next by semicolons
  // (a comma inside a figure, "$170,000", is none).
  if (decided.length)
    summary.push(`Decided: ${decided.some((d) => d.includes(", ")) ? decided.join("; ") : listed(decided)}.`);
  // The summary says who does what: tasks with an owner come first, in the order said; one without an owner only
  // when fewer are owned. After a semicolon an owner-less task goes on in lower case ("…; send Alicia the comparison").
  const picked = [...steps.filter((s) => s.who), ...steps.filter((s) => !s.who)].slice(0, SUMMARY_STEPS);
  const shown = steps
    .filter((s) => picked.includes(s))
    .map((s, i) => withoutEndMarks(i > 0 && !s.who ? lowerTopic(s.text) : s.text, ".!"));
  if (shown.length) {
    const more = steps.length - shown.length;
    summary.push(`Next: ${shown.join("; ")}${more > 0 ? ` (and ${more} more task${more > 1 ? "s" : ""})` : ""}.`);
  }
  if (next) summary.push(next.text);
  if (rest.length > 0 || summary.length === 0) summary.push(...[...figures].sort(bySegment).map((f) => f.text));
  const discussed = sure.find((f) => f.kind === "topics");
  if (discussed && summary.length) summary.push(discussed.text);

  return {
    executiveSummary: summary.length ? summary.join(" ") : emptyMeeting,
    keyPoints: notes.sort((a, b) => bySegment(a[0]!, b[0]!)).map(groupPoint),
    decisions: decisions.map((d) => point(d, `${capitalise(withoutEndMarks(d.subject, ".!"))}.`)),
  };
}

/**
 * The key points, surest first, up to MAX_KEY_POINTS: a figure joins a point of figures said near it (GROUP_SPAN)
 * of other things while that point holds fewer than GROUPED; anything else is a point of its own. Each group is in
 * spoken order.
 */
function pointGroups(ranked: readonly Fact[]): Fact[][] {
  const groups: Fact[][] = [];
  for (const fact of ranked) {
    const near =
      fact.kind === "figure"
        ? groups.find(
            (group) =>
              group.length < GROUPED &&
              group.every(
                (f) =>
                  f.kind === "figure" &&
                  Math.abs(f.segment - fact.segment) <= GROUP_SPAN &&
                  f.subject.toLowerCase() !== fact.subject.toLowerCase(),
              ),
          )
        : undefined;
    if (near) near.push(fact);
    else if (groups.length < MAX_KEY_POINTS) groups.push([fact]);
  }
  return groups.map((group) => group.sort(bySegment));
}

/** One key point: a fact's sentence, or figures said together joined by semicolons, each cited. */
function groupPoint(group: readonly Fact[]): DraftPoint {
  if (group.length === 1) return point(group[0]!);
  return {
    text: `${group.map((f) => withoutEndMarks(f.text, ".")).join("; ")}.`,
    evidence: [...new Set(group.flatMap(evidenceOf))],
  };
}
