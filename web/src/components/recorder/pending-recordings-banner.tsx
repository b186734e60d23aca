import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useSWRConfig } from "swr";
import { PRODUCT_NAME } from "../../lib/brand";
import { refreshMeetingLists } from "../../lib/meeting-keys";
import { readableReason } from "../meetings/refusal-reason";
import { openChunkStore, type StoredRecording } from "./chunk-store";
import { describeAudioLength } from "./recording-format";
import { RECORDING_RELEASED_EVENT } from "./recording-lock";
import type { UploadStatus } from "./recording-upload";
import { resumeRecordings } from "./resume-recordings";

interface Entry {
  recording: StoredRecording;
  status: UploadStatus | null;
  cutOff?: boolean;
}

const SCAN_MS = 15000;

/** "2 minutes of recording waiting to upload": the audio not yet acknowledged, from its share of the bytes. */
export function waitingText(recording: StoredRecording): string {
  const pending = recording.totalBytes - recording.ackedBytes;
  const ms = recording.totalBytes > 0 ? (recording.durationMs * pending) / recording.totalBytes : 0;
  return `${describeAudioLength(ms)} of recording waiting to upload`;
}

/** One line per recording this tab resumed: what waits, whether the network is there, and the meeting once made. */
export function pendingLine({ recording, status, cutOff }: Entry): string {
  const name = `"${recording.title}"`;
  const cut = cutOff ? "The recording stopped when its page was reloaded or closed; what was recorded is kept. " : "";
  return cut + statusLine(name, recording, status);
}

function statusLine(name: string, recording: StoredRecording, status: UploadStatus | null): string {
  if (status?.kind === "finished") return `${name} is uploaded and being processed.`;
  if (status?.kind === "failed") return `${name} could not be uploaded. ${readableReason(status.message)}`;
  const waiting = `${name}: ${waitingText(recording)}. It is saved on this device`;
  if (status?.kind === "offline") return `No connection. ${waiting} and is sent when the connection is back.`;
  if (status?.kind === "waiting") return `${waiting}; the server cannot take it yet (${status.message}).`;
  return `${waiting}; keep ${PRODUCT_NAME} open until it is sent. If you close it, sending goes on next time.`;
}

/**
 * Above every signed-in page: the recordings kept on this device that no tab is sending (after a reload, a crash or
 * leaving the recorder) are resumed here, and the advisor sees what is pending and that it is safe.
 */
export function PendingRecordingsBanner() {
  const [entries, setEntries] = useState<Map<string, Entry>>(new Map());
  const { mutate } = useSWRConfig();

  useEffect(() => {
    let ended = false;
    const stops: (() => void)[] = [];
    const put = (id: string, change: (entry: Entry | undefined) => Entry | undefined) =>
      setEntries((current) => {
        const next = new Map(current);
        const value = change(current.get(id));
        if (value) next.set(id, value);
        return next;
      });
    const scan = async () => {
      const store = await openChunkStore().catch(() => null);
      if (!store || ended) return;
      const stop = await resumeRecordings(store, {
        onFound: (recording, cutOff) => put(recording.id, () => ({ recording, status: null, cutOff })),
        onAcknowledged: (id) =>
          void store.getRecording(id).then((recording) => {
            if (recording) put(id, (entry) => entry && { ...entry, recording });
          }),
        onStatus: (id, status) => {
          put(id, (entry) => entry && { ...entry, status });
          if (status.kind === "finished") {
            void refreshMeetingLists(mutate);
            void mutate("/api/stats");
          }
        },
      });
      if (ended) stop();
      else stops.push(stop);
    };
    void scan();
    const timer = setInterval(() => void scan(), SCAN_MS);
    const rescan = () => void scan();
    window.addEventListener("online", rescan);
    window.addEventListener(RECORDING_RELEASED_EVENT, rescan);
    return () => {
      ended = true;
      clearInterval(timer);
      window.removeEventListener("online", rescan);
      window.removeEventListener(RECORDING_RELEASED_EVENT, rescan);
      for (const stop of stops) stop();
    };
  }, [mutate]);

  if (entries.size === 0) return null;
  return (
    <section aria-label="Recordings on this device" className="mb-6 space-y-2">
      {[...entries.values()].map((entry) => (
        <div
          key={entry.recording.id}
          role="status"
          className={`flex flex-wrap items-center justify-between gap-3 rounded-lg p-3 text-sm ${
            entry.status?.kind === "failed"
              ? "bg-red-50 text-red-900 dark:bg-red-950/40 dark:text-red-100"
              : entry.status?.kind === "finished"
                ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100"
                : "bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
          }`}
        >
          <p className="min-w-0 flex-1">{pendingLine(entry)}</p>
          {entry.status?.kind === "finished" ? (
            <Link to={`/meetings/${entry.status.meetingId}`} className="btn-secondary">
              Open meeting
            </Link>
          ) : entry.status?.kind === "failed" ? (
            <button
              type="button"
              className="btn-secondary"
              onClick={() =>
                void openChunkStore()
                  .then((store) => store.deleteRecording(entry.recording.id))
                  .then(() =>
                    setEntries((current) => {
                      const next = new Map(current);
                      next.delete(entry.recording.id);
                      return next;
                    }),
                  )
              }
            >
              Discard recording
            </button>
          ) : null}
        </div>
      ))}
    </section>
  );
}
