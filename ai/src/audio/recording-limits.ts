// Upper bound on what we accept, so a runaway upload cannot occupy the transcription queue for days.

export const MAX_RECORDING_SECONDS = 8 * 3600;

export function assertRecordingLength(durationSeconds: number | null): void {
  if (durationSeconds === null || durationSeconds <= MAX_RECORDING_SECONDS) return;
  throw new Error(
    `The recording is too long: ${formatHours(durationSeconds)} hours, the maximum is ${formatHours(MAX_RECORDING_SECONDS)} hours. Split it into shorter recordings.`,
  );
}

/**
 * A recording whose counted length passed the limit (counting stops there, so its full length is unknown). Says
 * "recording is too long", which the upload page shows as it is: the spec's "too large" toast speaks of 500MB files.
 */
export function recordingTooLongMessage(maxSeconds = MAX_RECORDING_SECONDS): string {
  return `The recording is too long to process: it is longer than ${formatLimit(maxSeconds)}. Split it into shorter recordings.`;
}

export function formatHours(seconds: number): string {
  return (seconds / 3600).toFixed(1).replace(/\.0$/, "");
}

/** "8 hours"; a limit under an hour (tests lower it) in seconds. */
function formatLimit(seconds: number): string {
  return seconds >= 3600 ? `${formatHours(seconds)} hours` : `${Math.round(seconds)} seconds`;
}
