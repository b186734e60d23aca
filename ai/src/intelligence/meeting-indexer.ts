import { type IndexingOptions, type IntelligenceDeps, indexMeeting } from "./index-meeting";

/** Indexing bound to its database and embedder: what the worker's context holds for its jobs. */
export interface MeetingIndexer {
  /** Transcript, summary and note; returns the number of chunks written. */
  indexMeeting(meetingId: number, options?: Pick<IndexingOptions, "signal" | "resume" | "onSlice">): Promise<number>;
  /** The note alone, after it was saved: its transcript and summary chunks stay as they are. */
  indexNote(meetingId: number, signal?: AbortSignal): Promise<number>;
  /**
   * After the embedding model changes (local <-> OpenAI, hashing -> sentence encoder, a new OpenAI model), the meetings
   * whose chunks another model embedded, to index again. Until then vector search skips those chunks (it filters by
   * the current model: their vectors are not comparable) while full-text search still finds them.
   */
  meetingsToReembed(): Promise<number[]>;
}

export function createMeetingIndexer(deps: IntelligenceDeps): MeetingIndexer {
  return {
    indexMeeting: (meetingId, options) => indexMeeting(deps, meetingId, options),
    indexNote: (meetingId, signal) => indexMeeting(deps, meetingId, { sources: ["note"], signal }),
    meetingsToReembed: async () => {
      // The embedder loaded first, so its model is settled.
      await deps.embedder.embed(["ready"]);
      return deps.store.meetingsWithStaleEmbeddings(deps.embedder.model);
    },
  };
}
