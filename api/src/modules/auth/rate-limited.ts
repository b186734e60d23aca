import { HttpError } from "../../http-error";

/** "Too many attempts. Please wait N minutes and try again.", rounded up to whole minutes. */
export function tooManyAttemptsText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

/** A refusal that tells the client when to come back (Retry-After, in seconds). */
export class TooManyAttempts extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message = tooManyAttemptsText(retryAfterSeconds),
  ) {
    super(429, message, "rate_limited");
  }
}

/** The 429 answer: `{ message, code }` like every other error, plus Retry-After. */
export function rateLimitedResponse(seconds: number, message = tooManyAttemptsText(seconds)): Response {
  const retryAfter = Math.max(1, Math.ceil(seconds));
  return new Response(JSON.stringify({ message, code: "rate_limited" }), {
    status: 429,
    headers: { "content-type": "application/json; charset=utf-8", "retry-after": String(retryAfter) },
  });
}
