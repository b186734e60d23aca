export {
  type AudioPiece,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_SECONDS,
  DEFAULT_OVERLAP_SECONDS,
  type PrepareAudioOptions,
  type PreparedAudio,
  prepareAudioPieces,
} from "./prepare-audio-pieces";
export { type AudioProbe, probeAudio } from "./probe-audio";
export { assertRecordingLength, MAX_RECORDING_SECONDS } from "./recording-limits";
export { MissingToolError } from "./run-process";
