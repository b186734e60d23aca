import { type DetailedError, type HttpStack, Upload } from "tus-js-client";
import type { ChunkStore } from "./chunk-store";
import { LostBytesError, type RecordingFeed, recordingFeed, recordingFileReader } from "./recording-source";

export const UPLOADS_ENDPOINT = "/api/uploads";
/** One PATCH carries at most this much: what a reload finds waiting goes in pieces the server acknowledges one by one. */
const PATCH_BYTES = 2 * 1024 * 1024;
/** tus-js-client's own retries of one request; after them this runner starts again, for as long as it runs. */
const RETRY_DELAYS = [0, 1000, 3000];
const RESTART_MS = 4000;

export type UploadStatus =
  | { kind: "sending" }
  | { kind: "offline"; message: string }
  /** The server answered but cannot take it yet (busy, checking, daily allowance spent): sent again later. */
  | { kind: "waiting"; message: string }
  | { kind: "finished"; meetingId: number }
  | { kind: "failed"; message: string };

export interface RecordingUploadOptions {
  store: ChunkStore;
  recordingId: string;
  feed?: RecordingFeed;
  onStatus: (status: UploadStatus) => void;
  onAcknowledged?: (offset: number) => void;
  /** Tests pass their own; the browser's XMLHttpRequest stack otherwise. */
  httpStack?: HttpStack;
  restartMs?: number;
  retryDelays?: number[];
}

/** The error body's `message` (the server's words), or tus-js-client's own. */
export function messageOf(error: Error | DetailedError): string {
  const response = "originalResponse" in error ? error.originalResponse : null;
  if (!response) return error.message;
  const body = response.getBody();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { message?: unknown };
      if (typeof parsed.message === "string") return parsed.message;
    } catch {
      return body;
    }
  }
  // A HEAD answer has no body.
  if (response.getStatus() === 404) return "the server no longer has this upload.";
  return `the server refused it (answer ${response.getStatus()}).`;
}

/** A refusal the same request would meet again (validation, not found, too large): not worth retrying. */
export function isFinalRefusal(error: Error | DetailedError): boolean {
  if (error instanceof LostBytesError) return true;
  const status = "originalResponse" in error ? (error.originalResponse?.getStatus() ?? 0) : 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 429 && status !== 408;
}

/**
 * Sends a stored recording to /api/uploads and keeps at it: creates the upload (deferred length) or resumes it from the
 * server's offset (HEAD), sends chunks as they are written, drops each chunk once acknowledged, and after a lost
 * connection starts again every few seconds. Ends when the server answers with the meeting's id.
 */
export function runRecordingUpload(options: RecordingUploadOptions): { stop: () => void } {
  const { store, recordingId, onStatus, feed = recordingFeed, restartMs = RESTART_MS } = options;
  let stopped = false;
  let current: Upload | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Said "offline" or "waiting": an attempt to start again says "sending" only once the server accepts a request. */
  let offline = false;

  async function start() {
    const recording = await store.getRecording(recordingId);
    if (stopped || !recording) return;
    if (recording.refusal) {
      onStatus({ kind: "failed", message: recording.refusal });
      return;
    }
    if (!offline) onStatus({ kind: "sending" });
    // Once the server has bytes of it, the recording lives at its address: if that is gone (refused, swept), a new
    // upload could not be whole (acknowledged chunks are deleted), so tus-js-client must not make one.
    const canCreate = !recording.uploadUrl || recording.ackedBytes === 0;
    const upload: Upload = new Upload(new Blob([]), {
      endpoint: canCreate ? UPLOADS_ENDPOINT : null,
      uploadUrl: recording.uploadUrl,
      metadata: recording.metadata,
      uploadLengthDeferred: true,
      chunkSize: PATCH_BYTES,
      retryDelays: options.retryDelays ?? RETRY_DELAYS,
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      fileReader: recordingFileReader({ store, recordingId, feed, stopped: () => stopped }),
      ...(options.httpStack ? { httpStack: options.httpStack } : {}),
      onBeforeRequest: (req) => {
        const xhr = req.getUnderlyingObject() as XMLHttpRequest | undefined;
        if (xhr && "withCredentials" in xhr) xhr.withCredentials = true;
      },
      onAfterResponse: (_req, res) => {
        if (!offline || stopped || res.getStatus() < 200 || res.getStatus() >= 300) return;
        offline = false;
        onStatus({ kind: "sending" });
      },
      onUploadUrlAvailable: () => {
        const url = upload.url;
        if (url) void store.updateRecording(recordingId, () => ({ uploadUrl: url }));
      },
      onChunkComplete: (_size, accepted) => {
        void store.acknowledge(recordingId, accepted).then(() => options.onAcknowledged?.(accepted));
        onStatus({ kind: "sending" });
      },
      onSuccess: ({ lastResponse }) => {
        const meetingId = Number(lastResponse.getHeader("Meeting-Id"));
        if (!Number.isSafeInteger(meetingId) || meetingId < 1) {
          onStatus({ kind: "failed", message: "The server did not name the meeting it made from the recording." });
          return;
        }
        void store.deleteRecording(recordingId).then(() => onStatus({ kind: "finished", meetingId }));
      },
      onError: (error) => {
        if (stopped) return;
        if (isFinalRefusal(error)) {
          const message = messageOf(error);
          void store
            .updateRecording(recordingId, () => ({ refusal: message }))
            .finally(() => onStatus({ kind: "failed", message }));
          return;
        }
        const status = "originalResponse" in error ? (error.originalResponse?.getStatus() ?? 0) : 0;
        offline = true;
        onStatus({ kind: status ? "waiting" : "offline", message: messageOf(error) });
        // A spent daily allowance frees up slowly: ask again in a minute, not every few seconds.
        timer = setTimeout(() => void start(), status === 429 ? Math.max(restartMs, 60_000) : restartMs);
      },
    });
    current = upload;
    upload.start();
  }

  void start();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      void current?.abort();
      // A slice waiting for the next chunk looks again now, and fails: the stopped upload sends nothing more.
      feed.notify(recordingId);
    },
  };
}
