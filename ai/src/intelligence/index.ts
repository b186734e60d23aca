// @cm/ai/intelligence: Meeting Intelligence's indexing (chunk, embed, store) and re-embedding, beside retrieval and
// answering (@cm/ai/search). Functions take { store, embedder, logger } (the store is db's, handed in by api), never the app's context.
export {
  type IndexingOptions,
  type IndexProgress,
  type IntelligenceDeps,
  type IntelligenceLogger,
  indexMeeting,
  isIndexProgress,
} from "./index-meeting";
export type { ChunkReplacement, ChunkReplacementTarget, IndexStore, NewChunk } from "./index-store";
export { createMeetingIndexer, type MeetingIndexer } from "./meeting-indexer";
