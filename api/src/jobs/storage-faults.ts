import { isStorageUnavailable, StoredFileMissingError } from "../storage/storage-errors";
import { JobPostponed, PermanentJobError } from "./job-definition";

/**
 * What a job makes of a storage fault: the bucket down (or refusing) postpones it without counting an attempt, so an
 * outage never fails a meeting for good; a stored file that is gone will not come back, so that fails at once. Any
 * other error is answered unchanged.
 */
export function jobErrorOfStorageFault(error: unknown): unknown {
  if (isStorageUnavailable(error)) {
    return new JobPostponed("Waiting for the recording storage, which is unavailable; processing resumes on its own.");
  }
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof StoredFileMissingError) return new PermanentJobError("The recording's stored file is missing.");
  }
  return error;
}
