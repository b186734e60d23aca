import { limitRefusalMessage, refusalReason } from "./refusal-reason";

/** The toast text for a failed upload, chosen by the server's error message. */
export function uploadErrorMessage(message: string): string {
  // A met limit (storage, queue, daily hours, meetings, creations a minute): the server's sentence says what is used,
  // what is left and what to do. Recognised by the answer's shape, before any word of it is matched.
  const limit = limitRefusalMessage(message);
  if (limit) return limit;
  const m = message.toLowerCase();
  if (message.includes("API key") || m.includes("openai")) {
    return "There was an issue with the AI service. The administrator needs to configure the API key.";
  }
  if (m.includes("file format") || m.includes("unsupported")) {
    return "Unsupported file format. Please upload an audio file (MP3, WAV, M4A, etc.).";
  }
  if (m.includes("too large")) return "The audio file is too large. Please upload a file smaller than 500MB.";
  // Beyond the spec's list: a recording over 8 hours. The server's sentence says how long it is and what to do.
  if (m.includes("recording is too long")) return message.replace(/^\d{3}: /, "");
  if (m.includes("date")) return "Invalid date format in meeting data. Please check the date field.";
  if (m.includes("database")) return "Database error occurred while saving your meeting. Please try again.";
  // Where the spec names no text, the server's reason ("The file is empty."); the spec's "other" text only when the
  // answer gives none.
  return refusalReason(message) ?? "There was a problem with your upload. Please try again.";
}

const AUDIO_EXTENSIONS = ["mp3", "wav", "m4a", "aac", "caf", "mp4", "mov", "3gp"];
/** Transcript files skip speech recognition (beyond the spec: works without an AI key). */
const TRANSCRIPT_EXTENSIONS = ["vtt", "srt", "txt"];
const EXTRA_TYPES = ["video/mp4", "video/quicktime", "application/octet-stream"];

export const FILE_ACCEPT = [
  "audio/*",
  ...AUDIO_EXTENSIONS.map((e) => `.${e}`),
  ...TRANSCRIPT_EXTENSIONS.map((e) => `.${e}`),
  ...EXTRA_TYPES,
  "text/vtt",
  "text/plain",
].join(",");

/** The spec's acceptance rule for a dropped file, plus transcript files. */
export function isAcceptedFile(file: { name: string; type: string }): boolean {
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  return (
    file.type.startsWith("audio/") ||
    EXTRA_TYPES.includes(file.type) ||
    AUDIO_EXTENSIONS.includes(ext) ||
    TRANSCRIPT_EXTENSIONS.includes(ext)
  );
}

/** A transcript file (.vtt, .srt, .txt): its modification time says nothing about when the meeting was. */
export function isTranscriptFile(file: { name: string }): boolean {
  const dot = file.name.lastIndexOf(".");
  return dot >= 0 && TRANSCRIPT_EXTENSIONS.includes(file.name.slice(dot + 1).toLowerCase());
}
