import { status } from "elysia";
import { HttpError } from "../../http-error";

/** "Too many attempts. Please wait N minutes and try again.", rounded up to whole minutes. */
function tooManyAttemptsText(seconds: number): string {
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

/**
 * The 429 answer: `{ message, code }` like every other error, plus Retry-After. Returned through Elysia's `status`
 * so the route's declared 429 model checks it and the handler's answer stays typed.
 */
export function refuseTooMany(
  set: { headers: Record<string, unknown> },
  seconds: number,
  message = tooManyAttemptsText(seconds),
) {
  set.headers["retry-after"] = String(Math.max(1, Math.ceil(seconds)));
  return status(429, { message, code: "rate_limited" });
}
