// The server's reason for refusing an upload, as a sentence for the advisor. Every upload route (the multipart POST,
// tus, the in-browser recorder) shows it where the spec names no text of its own.

const VALIDATION_PREFIX = "validation failed: ";
/** A first word of small letters only ("the file is empty"), not a field name ("clientId: no such client"). */
const LOWERCASE_WORD = /^[a-z]+(?=[\s,]|$)/;

/** "validation failed: the file is empty" → "The file is empty.": the reason, as a sentence. */
export function readableReason(message: string): string {
  let reason = message.trim();
  if (reason.startsWith(VALIDATION_PREFIX)) reason = reason.slice(VALIDATION_PREFIX.length).trim();
  if (LOWERCASE_WORD.test(reason)) reason = reason.charAt(0).toUpperCase() + reason.slice(1);
  return /[.!?]$/.test(reason) ? reason : `${reason}.`;
}

/**
 * The reason in a failed upload's error ("400: {"message": "validation failed: the file is empty"}", as
 * upload-request.ts and send-meeting-file.ts make it): the JSON body's message, or the sentence the client itself
 * wrote for a lost connection ("0: …"). Undefined when the answer carries none (a proxy's HTML page, an empty body).
 */
export function refusalReason(error: string): string | undefined {
  const match = /^(\d{1,3}): ([\s\S]*)$/.exec(error);
  if (!match) return undefined;
  const [, status, body = ""] = match;
  if (status === "0") return body.trim() ? readableReason(body) : undefined;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === "string" && parsed.message.trim() ? readableReason(parsed.message) : undefined;
  } catch {
    return undefined;
  }
}
