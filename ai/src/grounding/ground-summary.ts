// The grounding step, run on any engine's draft: every key point, decision, action item and next meeting gets the
// transcript moment it came from, or is dropped. An item that names its evidence (the openai engine's structured
// output) keeps it only where the segment exists and says the item's content words; an item that names none (the
// local engine's sentences) is looked up in an inverted index of the segments. Rather short and right than long
// and wrong: an item with no moment in the transcript does not reach the advisor.

import { contentTerms } from "../language/tokens";
import type {
  ActionItem,
  DraftPoint,
  Evidence,
  GroundedSummary,
  MeetingSummary,
  StoredActionItem,
  StoredNextMeeting,
  SummaryFact,
  SummaryPoint,
  SummarySource,
  TranscriptSegment,
} from "../types";
import { ARRANGED, arrangementScore, locateNextMeeting } from "./next-meeting-moment";
import { buildSegmentIndex, type SegmentIndex } from "./segment-index";

/** Claims beyond this many per item are not checked: a model that lists every segment has not found one. */
const MAX_CLAIMS = 8;

export function groundSummary(
  draft: MeetingSummary,
  segments: readonly TranscriptSegment[],
): GroundedSummary & { facts?: SummaryFact[] } {
  const index = buildSegmentIndex(segments);
  const momentOf = (segment: number): SummarySource => ({ segment, start: segments[segment]?.start ?? null });
  const find = (text: string, evidence: number[] | undefined): SummarySource | undefined => {
    const segment = evidence === undefined ? index.locate(text) : bestClaim(index, text, evidence);
    return segment === undefined ? undefined : momentOf(segment);
  };
  const points = (list: DraftPoint[] | undefined): SummaryPoint[] =>
    (list ?? []).flatMap((point) => {
      const { text, evidence } = typeof point === "string" ? { text: point, evidence: undefined } : point;
      const source = find(text, evidence);
      return source ? [{ text, source }] : [];
    });
  const items = (list: ActionItem[]): StoredActionItem[] =>
    list.flatMap(({ evidence, ...item }) => {
      const source = find(item.task, evidence);
      return source ? [{ ...item, source }] : [];
    });
  const possible = items(draft.possibleActionItems ?? []);
  // The record keeps each fact's moment as the engine read it; a fact whose segment is not in the transcript has none.
  const facts = draft.facts?.map(({ segment, ...fact }): SummaryFact => {
    const { features: _features, form: _form, ...kept } = fact as typeof fact & { features?: unknown; form?: unknown };
    return segments[segment] ? { ...kept, source: momentOf(segment) } : kept;
  });
  return {
    ...(facts ? { facts } : {}),
    executiveSummary: draft.executiveSummary,
    keyPoints: points(draft.keyPoints),
    decisions: points(draft.decisions),
    actionItems: items(draft.actionItems),
    nextMeeting: draft.nextMeeting && groundNextMeeting(draft.nextMeeting, segments, momentOf),
    ...(possible.length > 0 ? { possibleActionItems: possible } : {}),
  };
}

/** The claimed segment that exists and shares the most content words with the item (the first on a tie). */
function bestClaim(index: SegmentIndex, text: string, evidence: number[]): number | undefined {
  let best: number | undefined;
  let bestShared = 0;
  for (const claim of evidence.slice(0, MAX_CLAIMS)) {
    if (!Number.isSafeInteger(claim) || claim < 0 || claim >= index.segmentCount) continue;
    const shared = index.overlap(text, claim);
    if (shared > bestShared) {
      best = claim;
      bestShared = shared;
    }
  }
  return best;
}

function groundNextMeeting(
  { evidence, ...next }: StoredNextMeeting & Evidence,
  segments: readonly TranscriptSegment[],
  momentOf: (segment: number) => SummarySource,
): StoredNextMeeting | null {
  const segment =
    evidence === undefined ? locateNextMeeting(segments, next) : claimedArrangement(segments, next, evidence);
  return segment === undefined ? null : { ...next, source: momentOf(segment) };
}

function claimedArrangement(
  segments: readonly TranscriptSegment[],
  next: StoredNextMeeting,
  evidence: number[],
): number | undefined {
  const topicTerms = new Set(next.topics.flatMap(contentTerms));
  return evidence.slice(0, MAX_CLAIMS).find((claim) => {
    const segment = Number.isSafeInteger(claim) ? segments[claim] : undefined;
    return segment !== undefined && arrangementScore(segment.text, next, topicTerms) >= ARRANGED;
  });
}
