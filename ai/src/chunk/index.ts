export {
  type ChunkOptions,
  chunkPlainText,
  chunkTranscript,
  DEFAULT_CHUNK_OVERLAP,
  DEFAULT_CHUNK_SIZE,
  type TranscriptChunk,
} from "./chunk-transcript";
