export { liveChildProcessIds } from "./child-processes";
export { type MeasuredLength, MeasureTimeoutError, measureAudioLength } from "./measure-audio-length";
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
export {
  assertRecordingLength,
  formatHours,
  MAX_RECORDING_SECONDS,
  recordingTooLongMessage,
} from "./recording-limits";
export { remuxWithDuration } from "./remux-with-duration";
export { MissingToolError, spawnTool } from "./run-process";
export {
  decodeToSpeechWav,
  pieceEnd,
  readSpeechWav,
  SPEECH_SAMPLE_RATE,
  type SpeechWav,
  writeSpeechWavPiece,
} from "./speech-wav";
