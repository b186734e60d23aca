export { liveChildProcessIds } from "./child-processes";
export { MeasureTimeoutError, measureAudioLength } from "./measure-audio-length";
export { type AudioPiece, type PrepareAudioOptions, prepareAudioPieces } from "./prepare-audio-pieces";
export { probeAudio } from "./probe-audio";
export {
  assertRecordingLength,
  formatHours,
  MAX_RECORDING_SECONDS,
  recordingTooLongMessage,
} from "./recording-limits";
export { remuxWithDuration } from "./remux-with-duration";
export { MissingToolError, spawnTool } from "./run-process";
export { decodeToSpeechWav, pieceEnd, readSpeechWav, writeSpeechWavPiece } from "./speech-wav";
