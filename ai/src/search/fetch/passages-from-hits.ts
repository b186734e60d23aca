import type { AnswerStore, ChunkHit, MeetingFact } from "../answer-store";
import type { Passage } from "../answer-types";

/** The meetings hits come from, by id, with their notes. */
export type MeetingInfo = Map<number, MeetingFact>;

/** The title, date and client of every meeting the hits come from (those of `known` read again from nowhere). */
export async function meetingInfoFor(
  store: AnswerStore,
  userId: number,
  hits: readonly ChunkHit[],
  known: readonly MeetingFact[] = [],
): Promise<MeetingInfo> {
  const info: MeetingInfo = new Map();
  for (const f of known) info.set(f.id, f);
  const missing = [...new Set(hits.map((h) => h.meetingId))].filter((id) => !info.has(id));
  if (missing.length) for (const f of await store.meetingFacts(userId, { meetingIds: missing })) info.set(f.id, f);
  return info;
}

/** Retrieved chunks as passages, with their meeting and the moment and speakers their metadata give. */
export function passagesFromHits(hits: readonly ChunkHit[], info: MeetingInfo): Passage[] {
  return hits.flatMap((h) => {
    const meeting = info.get(h.meetingId);
    if (!meeting) return [];
    const m = h.metadata ?? {};
    return [
      {
        meetingId: h.meetingId,
        title: meeting.title,
        date: meeting.date,
        clientName: meeting.clientName,
        source: h.source,
        content: h.content,
        startSeconds: typeof m.startSeconds === "number" ? m.startSeconds : null,
        speakers: Array.isArray(m.speakers) ? m.speakers.filter((s): s is string => typeof s === "string") : [],
        segmentIndexes:
          Array.isArray(m.segmentIndexes) && m.segmentIndexes.length === 2
            ? (m.segmentIndexes as [number, number])
            : undefined,
        ...(h.windowSimilarities ? { windowSimilarities: h.windowSimilarities } : {}),
      },
    ];
  });
}
