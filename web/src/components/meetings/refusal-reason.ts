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

/** A met account limit, as the server answers it (413/429 `{message, code, quota, used, limit, left, freesAt}`). */
export interface LimitRefusal {
  /** The server's sentence: what the limit is, what is used or left, and what to do. */
  message: string;
  /** Which limit ("storage", "noteCharacters", "creations", "meetings", …). */
  quota: string;
  /** When it frees up by itself (the minute's end, the daily allowance), else null: only a deletion frees it. */
  freesAt: Date | null;
}

/** The codes of the server's limit refusals: `storage_quota`, `meetings_limit`, `creation_rate`, `note_length`, … */
const isLimitCode = (code: unknown) =>
  typeof code === "string" &&
  (code.endsWith("_quota") || code.endsWith("_limit") || code === "creation_rate" || code === "note_length");

/**
 * The limit refusal in a failed request's error ("429: {"message": …, "quota": "creations", …}", as api-request.ts
 * and the upload senders make it), recognised by its shape (a `quota`, or a limit's code) rather than its words, so
 * every form shows the server's sentence for every limit. Undefined for any other failure.
 */
export function readLimitRefusal(error: unknown): LimitRefusal | undefined {
  const text = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  const match = /^(413|429): ([\s\S]*)$/.exec(text);
  if (!match) return undefined;
  try {
    const body = JSON.parse(match[2] ?? "") as {
      message?: unknown;
      code?: unknown;
      quota?: unknown;
      freesAt?: unknown;
    };
    if (typeof body.message !== "string" || !body.message.trim()) return undefined;
    if (typeof body.quota !== "string" && !isLimitCode(body.code)) return undefined;
    const freesAt = typeof body.freesAt === "string" ? new Date(body.freesAt) : null;
    return {
      message: body.message.trim(),
      quota: typeof body.quota === "string" ? body.quota : String(body.code),
      freesAt: freesAt && !Number.isNaN(freesAt.getTime()) ? freesAt : null,
    };
  } catch {
    return undefined;
  }
}

/** The server's sentence when `error` is a limit refusal, else undefined (the form's own texts apply). */
export const limitRefusalMessage = (error: unknown): string | undefined => readLimitRefusal(error)?.message;
