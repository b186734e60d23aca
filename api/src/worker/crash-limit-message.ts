/**
 * The failure reason of a job failed for its crashes (MAX_WORKER_CRASHES): the meeting shows it, with Retry. The spec
 * has no text for it; it is written like the step limit's (./step-limit-message.ts).
 */
export function describeCrashLimit(crashes: number): string {
  return `Processing stopped unexpectedly ${crashes} times in a row and was not tried again. Retry to try again.`;
}
