import { useCallback, useEffect, useRef, useState } from "react";
import { openChunkStore } from "./chunk-store";
import type { Consent } from "./consent";
import { pickRecordingFormat, recordingFilename } from "./recording-format";
import { withRecordingLock } from "./recording-lock";
import { RecordingSession } from "./recording-session";
import { runRecordingUpload, type UploadStatus } from "./recording-upload";
import { useRecorder } from "./use-recorder";
import { useWakeLock } from "./use-wake-lock";

export interface RecordingDetails {
  title: string;
  clientId: number;
  /** A planned meeting the recording takes the place of. */
  plannedMeetingId?: number;
  consent: Consent;
}

/** The meeting data a recording is uploaded with (the multipart upload's, plus source and consent). */
export function recordingMeetingData(details: RecordingDetails, startedAt: Date) {
  return {
    title: details.title.trim(),
    clientId: details.clientId,
    date: startedAt.toISOString(),
    duration: 0,
    type: "Recorded",
    status: "Processing",
    timeKnown: true,
    ...(details.plannedMeetingId ? { meetingId: details.plannedMeetingId } : {}),
    source: "recording",
    consent: details.consent,
  };
}

const newRecordingId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(16).slice(2)}`;

/**
 * One recording from the microphone to a meeting: each chunk kept on this device, then sent while recording; Stop
 * sends the final length. `upload` says how sending goes; `pending` how much is kept but not yet acknowledged.
 */
export function useRecordingFlow() {
  const recorder = useRecorder();
  const [upload, setUpload] = useState<UploadStatus | null>(null);
  const [bytes, setBytes] = useState({ total: 0, acked: 0 });
  const [storageError, setStorageError] = useState<string | null>(null);
  const session = useRef<RecordingSession | null>(null);
  const runner = useRef<{ stop: () => void } | null>(null);
  useWakeLock(recorder.phase === "recording" || recorder.phase === "paused");

  /** Lets go of the recording's lock: a tab's banner (this one's after leaving the page) sends what is left. */
  const releaseLock = useRef<() => void>(() => {});
  useEffect(
    () => () => {
      runner.current?.stop();
      releaseLock.current();
    },
    [],
  );

  const start = useCallback(
    async (details: RecordingDetails): Promise<boolean> => {
      setStorageError(null);
      // Ask the browser not to evict this site's storage under pressure (it may say no; the chunks are still kept).
      void navigator.storage?.persist?.().catch(() => false);
      const format = pickRecordingFormat((type) =>
        typeof MediaRecorder !== "undefined" ? MediaRecorder.isTypeSupported(type) : false,
      );
      const startedAt = new Date();
      const id = newRecordingId();
      // This tab holds the recording from its first byte: a tab that finds it in the store leaves it alone.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      releaseLock.current = release;
      await withRecordingLock(id, () => held);
      let store: Awaited<ReturnType<typeof openChunkStore>>;
      try {
        store = await openChunkStore();
        session.current = await RecordingSession.begin(store, {
          id,
          title: details.title.trim(),
          metadata: {
            filename: recordingFilename(startedAt, format),
            filetype: format.filetype,
            meetingData: JSON.stringify(recordingMeetingData(details, startedAt)),
          },
        });
      } catch {
        release();
        setStorageError("This browser cannot keep the recording on this device (private mode or storage full).");
        return false;
      }
      const current = session.current;
      const started = await recorder.start((chunk, elapsedMs) => {
        void current.write(chunk, elapsedMs).then(() => {
          if (current.failure) setStorageError("The device's storage is full: the rest of the recording is not kept.");
          setBytes((b) => ({ ...b, total: current.totalBytes }));
        });
      }, format);
      if (!started) {
        await store.deleteRecording(id);
        session.current = null;
        release();
        return false;
      }
      runner.current = runRecordingUpload({
        store,
        recordingId: id,
        onAcknowledged: (acked) => setBytes((b) => ({ ...b, acked })),
        onStatus: (status) => {
          setUpload(status);
          if (status.kind === "finished" || status.kind === "failed") release();
        },
      });
      return true;
    },
    [recorder],
  );

  const stop = useCallback(async () => {
    const total = await recorder.stop();
    await session.current?.finish(total);
  }, [recorder]);

  return {
    ...recorder,
    start,
    stop,
    upload,
    storageError,
    pendingBytes: Math.max(0, bytes.total - bytes.acked),
    totalBytes: bytes.total,
  };
}
