import type { HttpStack } from "tus-js-client";
import type { ChunkStore, StoredRecording } from "./chunk-store";
import { withRecordingLock } from "./recording-lock";
import { runRecordingUpload, type UploadStatus } from "./recording-upload";

export interface ResumeCallbacks {
  /** `cutOff`: it was being recorded when its tab went (a reload, a crash, the page left). */
  onFound: (recording: StoredRecording, cutOff: boolean) => void;
  onStatus: (id: string, status: UploadStatus) => void;
  onAcknowledged: (id: string) => void;
  /** Tests pass their own. */
  httpStack?: HttpStack;
}

/**
 * Finds the recordings kept on this device that no tab is sending (a reload, a crash, a closed tab, a page left) and
 * sends each to the end. One cut off while recording is stopped where it was cut: what was captured becomes its meeting.
 * Returns a function that stops the uploads started here.
 */
/** Refused by the server (this page's life): not sent again by every scan, only after a reload. */
const refused = new Set<string>();

export async function resumeRecordings(store: ChunkStore, callbacks: ResumeCallbacks): Promise<() => void> {
  const stops: (() => void)[] = [];
  for (const found of await store.listRecordings()) {
    if (refused.has(found.id)) continue;
    void withRecordingLock(
      found.id,
      () =>
        new Promise<void>((release) => {
          void (async () => {
            if (found.state === "recording") await store.updateRecording(found.id, () => ({ state: "stopped" }));
            const recording = await store.getRecording(found.id);
            if (!recording) return release();
            callbacks.onFound(recording, found.state === "recording");
            const runner = runRecordingUpload({
              store,
              recordingId: recording.id,
              httpStack: callbacks.httpStack,
              onAcknowledged: () => callbacks.onAcknowledged(recording.id),
              onStatus: (status) => {
                callbacks.onStatus(recording.id, status);
                if (status.kind === "failed") refused.add(recording.id);
                if (status.kind === "finished" || status.kind === "failed") release();
              },
            });
            stops.push(() => {
              runner.stop();
              release();
            });
          })();
        }),
    );
  }
  return () => {
    for (const stop of stops) stop();
  };
}
