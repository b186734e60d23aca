import { type IndexingOptions, type IntelligenceDeps, indexMeeting, indexMeetingNote } from "./index-meeting";
import { listMeetingsToReembed } from "./reembedding";

/** Indexing bound to its database and embedder: what the worker's context holds for its jobs. */
export interface MeetingIndexer {
  /** Transcript, summary and note; returns the number of chunks written. */
  indexMeeting(meetingId: number, options?: Pick<IndexingOptions, "signal" | "resume" | "onSlice">): Promise<number>;
  /** The note alone, after it was saved. */
  indexNote(meetingId: number, signal?: AbortSignal): Promise<number>;
  /** Meetings whose chunks another model than the embedder's embedded (loads the embedder first). */
  meetingsToReembed(): Promise<number[]>;
}

export function createMeetingIndexer(deps: IntelligenceDeps): MeetingIndexer {
  return {
    indexMeeting: (meetingId, options) => indexMeeting(deps, meetingId, options),
    indexNote: (meetingId, signal) => indexMeetingNote(deps, meetingId, signal),
    meetingsToReembed: () => listMeetingsToReembed(deps),
  };
}
