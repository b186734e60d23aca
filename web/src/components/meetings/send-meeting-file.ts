import { type DetailedError, type HttpStack, Upload } from "tus-js-client";
import { UPLOADS_ENDPOINT } from "../recorder/recording-upload";
import { sendUpload } from "./upload-request";

/** Files above this go through the resumable upload (tus): a drop resumes where it stopped instead of starting over. */
export const TUS_THRESHOLD_BYTES = 8 * 1024 * 1024;
/** One PATCH of a large file: what a dropped connection can cost at most. */
const TUS_CHUNK_BYTES = 16 * 1024 * 1024;
/** About two minutes of retrying a lost connection before the dialog says the upload failed. */
const TUS_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000, 30000];

export type UploadRoute = "tus" | "multipart";

/** Small files keep the spec's multipart POST /api/meetings/upload; large ones go through /api/uploads. */
export const uploadRouteOf = (file: { size: number }): UploadRoute =>
  file.size > TUS_THRESHOLD_BYTES ? "tus" : "multipart";

/** Slices of the chosen file, as the browser's own tus reader does (and the same under test, where it has none). */
const blobFileReader = {
  openFile: async (file: Blob) => ({
    size: file.size,
    slice: async (start: number, end: number) => ({ value: file.slice(start, end), done: end >= file.size }),
    close: () => {},
  }),
};

/** "413: {"message":"..."}": the same shape as the multipart upload's errors, for the spec's toasts. */
function failureOf(error: Error | DetailedError): Error {
  const response = "originalResponse" in error ? error.originalResponse : null;
  if (response) return new Error(`${response.getStatus()}: ${response.getBody() || error.message}`);
  return new Error("0: The upload was interrupted. Please check your connection and try again.");
}

/**
 * Sends a file through tus: resumes an upload of the same file begun earlier in this browser (tus-js-client keeps its
 * address in localStorage), retries a dropped connection from the server's offset, reports progress.
 */
export function sendWithTus(
  file: File,
  meetingData: object,
  onProgress: (fraction: number) => void,
  httpStack?: HttpStack,
): Promise<{ meetingId: number | null }> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: UPLOADS_ENDPOINT,
      metadata: {
        filename: file.name,
        filetype: file.type || "application/octet-stream",
        meetingData: JSON.stringify(meetingData),
      },
      chunkSize: TUS_CHUNK_BYTES,
      retryDelays: TUS_RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      fileReader: blobFileReader,
      ...(httpStack ? { httpStack } : {}),
      onBeforeRequest: (req) => {
        const xhr = req.getUnderlyingObject() as XMLHttpRequest | undefined;
        if (xhr && "withCredentials" in xhr) xhr.withCredentials = true;
      },
      onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
      onSuccess: ({ lastResponse }) => {
        const id = Number(lastResponse.getHeader("Meeting-Id"));
        resolve({ meetingId: Number.isSafeInteger(id) && id > 0 ? id : null });
      },
      onError: (error) => reject(failureOf(error)),
    });
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const [latest] = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime));
        if (latest) upload.resumeFromPreviousUpload(latest);
      })
      .catch(() => {})
      .finally(() => upload.start());
  });
}

/** Sends the meeting's file the way its size calls for. */
export async function sendMeetingFile(
  file: File,
  meetingData: object,
  onProgress: (fraction: number) => void,
): Promise<{ route: UploadRoute; meetingId: number | null }> {
  if (uploadRouteOf(file) === "tus") return { route: "tus", ...(await sendWithTus(file, meetingData, onProgress)) };
  const form = new FormData();
  form.append("meetingData", JSON.stringify(meetingData));
  form.append("audioFile", file);
  const answer = (await sendUpload(form, onProgress)) as { id?: unknown } | undefined;
  return { route: "multipart", meetingId: typeof answer?.id === "number" ? answer.id : null };
}
