import { ApiError } from "../../lib/api-request";

/** HTTP status of a failed apiRequest, or undefined for a network error. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  const match = /^(\d{3}): /.exec(error instanceof Error ? error.message : "");
  return match ? Number(match[1]) : undefined;
}

/** The server's own message: the `message` of a JSON error body, else the body text after "status: ". */
export function serverMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const body = text.replace(/^\d{3}: /, "");
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === "string" && parsed.message.trim()) return parsed.message;
  } catch {
    // not JSON: the plain body text is the message
  }
  return body;
}

/** The server's own message when it refused for too many attempts (429), else `fallback`. */
export function limitMessageOr(error: unknown, fallback: string): string {
  return errorStatus(error) === 429 ? serverMessage(error) : fallback;
}

/** A post-login target from `?next=`: only a path on this site ("/..." but not "//" or "/\\"). */
export function safeNextPath(next: string | null, fallback = "/dashboard"): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  return next;
}
