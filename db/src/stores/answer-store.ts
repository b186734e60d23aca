// The answer path's reads (ai/src/search/answer-store.ts, AnswerStore) over the query modules: `ai` defines the
// interface, this implements it from a Sql, and api hands it in. Checked against the interface where api builds it.
import type { Sql } from "../client";
import { findSentenceVectors, scoreChunksByWindows, searchChunksByText, searchChunksByVector } from "../queries/chunks";
import {
  findClientsMet,
  findMeetingFacts,
  findPlannedMeetings,
  findRecordFigures,
  listClientNames,
} from "../queries/intelligence";
import { listClientSpeakers } from "../queries/question-names";
import { readSegmentSpans } from "../queries/transcript-pages";

export function createAnswerStore(sql: Sql) {
  return {
    meetingFacts: (userId: number, filters?: Parameters<typeof findMeetingFacts>[2]) =>
      findMeetingFacts(sql, userId, filters),
    plannedMeetings: (userId: number, options: Parameters<typeof findPlannedMeetings>[2]) =>
      findPlannedMeetings(sql, userId, options),
    clientsMet: (userId: number, from: Date, to: Date) => findClientsMet(sql, { userId, from, to }),
    clientNames: (userId: number) => listClientNames(sql, userId),
    clientSpeakers: (userId: number) => listClientSpeakers(sql, userId),
    recordFigures: (userId: number, meetingIds: readonly number[]) => findRecordFigures(sql, userId, meetingIds),
    segmentSpans: (meetingId: number, spans: [number, number][]) => readSegmentSpans(sql, meetingId, spans),
    chunksByVector: (search: Parameters<typeof searchChunksByVector>[1]) => searchChunksByVector(sql, search),
    chunksByText: (search: Parameters<typeof searchChunksByText>[1]) => searchChunksByText(sql, search),
    chunkWindowScores: (scoring: Parameters<typeof scoreChunksByWindows>[1]) => scoreChunksByWindows(sql, scoring),
    sentenceVectors: (lookup: Parameters<typeof findSentenceVectors>[1]) => findSentenceVectors(sql, lookup),
  };
}
