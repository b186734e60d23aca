// Upper bound on what we accept, so a runaway upload cannot occupy the transcription queue for days.

export const MAX_RECORDING_SECONDS = 8 * 3600;

export function assertRecordingLength(durationSeconds: number | null, maxSeconds = MAX_RECORDING_SECONDS): void {
  if (durationSeconds === null || durationSeconds <= maxSeconds) return;
  throw new Error(
    `The recording is too long: ${formatHours(durationSeconds)} hours, the maximum is ${formatHours(maxSeconds)} hours. Split it into shorter recordings.`,
  );
}

function formatHours(seconds: number): string {
  return (seconds / 3600).toFixed(1).replace(/\.0$/, "");
}
