import type { AnswerStore } from "../answer-store";
import type { ChosenEvidence, Evidence, Passage } from "../answer-types";
import { momentOf } from "./moment-of";

/** Seconds into the recording for each piece of evidence, read from the transcripts' segments. */
export async function withMoments(
  store: AnswerStore,
  chosen: ChosenEvidence[],
  passages: Passage[],
): Promise<Evidence[]> {
  const meetings = [...new Set(chosen.filter((e) => e.source === "transcript").map((e) => e.meetingId))];
  // Each meeting's read on its own, all at once (a list across clients cites a dozen meetings).
  const read = await Promise.all(
    meetings.map((id) => {
      // Only the cited passages' segments: a long meeting's whole transcript is 10 MB and more.
      const spans = chosen.flatMap((e) => {
        const span = e.meetingId === id && e.source === "transcript" ? passages[e.passage]?.segmentIndexes : undefined;
        return span ? [span] : [];
      });
      return store.segmentSpans(id, spans);
    }),
  );
  const segments = new Map(meetings.map((id, i) => [id, read[i]!]));
  // A line of the notes is linked to the moment it cites, when it cites one.
  const moment = (text: string, e: { source: string; meetingId: number }, passage: number) =>
    e.source === "transcript"
      ? momentOf(text, passages[passage]!, segments.get(e.meetingId))
      : e.source === "summary"
        ? (passages[passage]?.startSeconds ?? null)
        : null;
  return chosen.map(({ passage, ...e }) => ({
    ...e,
    seconds: moment(e.text, e, passage),
    ...(e.reply ? { reply: { ...e.reply, seconds: moment(e.reply.text, e, passage) } } : {}),
  }));
}
