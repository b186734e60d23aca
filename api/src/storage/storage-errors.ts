import { HttpError } from "../http-error";

export const STORAGE_UNAVAILABLE_MESSAGE =
  "Recording storage is unavailable right now: nothing already saved is lost. Please try again in a few minutes.";

/**
 * The bucket could not be reached or refused the request (down, a network fault, wrong credentials, a missing
 * bucket). A 503 for the user; `detail` (the S3 error's code and message) is for the operator's log. Processing that
 * meets it waits and tries again, without counting an attempt (../jobs/storage-faults.ts).
 */
export class StorageUnavailableError extends HttpError {
  constructor(
    readonly detail: string,
    message = STORAGE_UNAVAILABLE_MESSAGE,
  ) {
    super(503, message, "storage_unavailable");
  }
}

/** The stored file is not there (a bucket emptied by hand, a file removed meanwhile). */
export class StoredFileMissingError extends Error {
  constructor(readonly key: string) {
    super(`The stored file ${key} is missing.`);
  }
}

/** True for the error itself or one that carries it as its cause (a failed step wraps what it met). */
export function isStorageUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof StorageUnavailableError) return true;
  }
  return false;
}
