/** An error with an HTTP status whose message is safe to show to the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** More for the client beside `message` and `code` (a met quota's used, limit, left, freesAt). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = "Resource") => new HttpError(404, `${what} not found`, "not_found");
export const badRequest = (message: string) => new HttpError(400, message, "validation");
export const unauthorized = (message = "Authentication required. Please log in again.") =>
  new HttpError(401, message, "unauthenticated");
