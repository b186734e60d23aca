/** The toast text for a failed delete, chosen by the server's error message. */
export function deleteMeetingErrorMessage(message: string): string {
  const m = message.toLowerCase();
  if (m.includes("not found")) return "The meeting could not be found or may have already been deleted.";
  if (m.includes("permission")) return "You don't have permission to delete this meeting.";
  if (m.includes("database")) return "Database error occurred while trying to delete the meeting.";
  return "Failed to delete the meeting. Please try again.";
}

export const DELETE_MEETING_CONFIRMATION =
  "Are you sure you want to delete this meeting? This action cannot be undone and will permanently remove the meeting, transcript, summary, and audio recording.";

export const MEETING_REFERRER_KEY = "meetingReferrer";
