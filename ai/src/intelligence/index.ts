// @cm/ai/intelligence: Meeting Intelligence's indexing (chunk, embed, store) and re-embedding, beside retrieval and
// answering (@cm/ai/search). Functions take { sql, embedder, logger }, never the app's context.
export type { IndexedSource } from "./draft-chunks";
export {
  type IndexingOptions,
  type IndexProgress,
  type IntelligenceDeps,
  type IntelligenceLogger,
  indexMeeting,
  indexMeetingNote,
  isIndexProgress,
} from "./index-meeting";
export { createMeetingIndexer, type MeetingIndexer } from "./meeting-indexer";
export { listMeetingsToReembed } from "./reembedding";
