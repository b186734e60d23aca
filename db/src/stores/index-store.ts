// Indexing's reads and writes (ai/src/intelligence/index-store.ts, IndexStore) over the query modules, from a Sql.
import type { Sql } from "../client";
import { type ChunkReplacementTarget, listMeetingsWithStaleEmbeddings, startChunkReplacement } from "../queries/chunks";
import { findMeetingForProcessing } from "../queries/meetings";
import { findNote } from "../queries/notes";
import { findSummary } from "../queries/summaries";
import { readAllSegments } from "../queries/transcript-segment-rows";

export function createIndexStore(sql: Sql) {
  return {
    meetingToIndex: (meetingId: number) => findMeetingForProcessing(sql, meetingId),
    allSegments: (meetingId: number) => readAllSegments(sql, meetingId),
    summary: (meetingId: number) => findSummary(sql, meetingId),
    note: (userId: number, meetingId: number) => findNote(sql, userId, meetingId),
    startChunkReplacement: (target: ChunkReplacementTarget, generation?: number) =>
      startChunkReplacement(sql, target, generation),
    meetingsWithStaleEmbeddings: (model: string) => listMeetingsWithStaleEmbeddings(sql, model),
  };
}
