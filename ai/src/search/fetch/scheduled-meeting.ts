// "When was the signing scheduled?", "When is Peggy coming in to sign?": a "when" question about an event the meeting
// set as its next meeting is answered by that next meeting's date. The event is found in the exchange where the next
// meeting was set (its cited transcript moment and the few segments before it: "So, signing. Kenji, what do we have?
// — I have Monday the 23rd at four-thirty."), which a passage search over the whole meeting can miss.

import type { AnswerStore, MeetingFact } from "../answer-store";
import { questionTerms, textTerms } from "../understand/question-terms";

/** Segments read before the next meeting's cited moment: where it was proposed and what for. */
export const EXCHANGE_BEFORE = 12;
/** Segments read after it: the rest of the exchange (a caption file's segments are a few words each). */
export const EXCHANGE_AFTER = 12;
/** The newest meetings whose next meeting is looked at. */
const MEETINGS_LOOKED_AT = 3;

/** Words of setting a meeting: they say a meeting was set, not which event it is. */
const SCHEDULING = new Set(
  questionTerms(
    "schedule scheduled scheduling set booked book plan planned date time day meet meeting come coming appointment supposed",
  ),
);

/**
 * The meeting (of `held`, newest first) whose next meeting is the event the question's subject names, or undefined.
 * Only a dated next meeting answers; at most MEETINGS_LOOKED_AT meetings are read, EXCHANGE_BEFORE + EXCHANGE_AFTER
 * segments each.
 */
export async function meetingThatScheduled(
  store: AnswerStore,
  held: readonly MeetingFact[],
  subject: string,
): Promise<MeetingFact | undefined> {
  const event = questionTerms(subject).filter((t) => !SCHEDULING.has(t));
  if (event.length === 0) return undefined;
  const planned = held.filter((f) => f.summary?.nextMeeting?.date).slice(0, MEETINGS_LOOKED_AT);
  for (const fact of planned) {
    const at = fact.summary?.nextMeeting?.source?.segment;
    if (at === undefined || at === null) continue;
    const segments = await store.segmentSpans(fact.id, [[Math.max(0, at - EXCHANGE_BEFORE), at + EXCHANGE_AFTER]]);
    const said = textTerms(segments.map((s) => s?.text ?? "").join(" "));
    if (event.some((t) => said.has(t))) return fact;
  }
  return undefined;
}
