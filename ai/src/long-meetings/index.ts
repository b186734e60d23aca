export {
  mergePartSummaries,
  onWholeTranscript,
  PART_CHARACTERS,
  splitIntoParts,
  type TranscriptPart,
} from "./summary-parts";
