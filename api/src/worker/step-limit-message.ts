/** "Transcription took longer than 2 h 30 min and was stopped. Retry to try again.": the meeting's failure reason. */
export function describeStepLimit(label: string, ms: number): string {
  return `${label} took longer than ${formatLimit(ms)} and was stopped. Retry to try again.`;
}

function formatLimit(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 2) return "1 second";
  if (seconds < 120) return `${seconds} seconds`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
