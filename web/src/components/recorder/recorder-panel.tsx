import { readableReason } from "../meetings/refusal-reason";
import { describeAudioLength, formatClock } from "./recording-format";
import type { UploadStatus } from "./recording-upload";
import type { RecorderPhase } from "./use-recorder";

/** The share of the recording's time not yet acknowledged, from its bytes. */
export function pendingAudioMs(elapsedMs: number, pendingBytes: number, totalBytes: number): number {
  return totalBytes > 0 ? (elapsedMs * pendingBytes) / totalBytes : 0;
}

/** What the upload means for the advisor: sent as it goes, waiting for the network, or refused. */
export function uploadLine(
  upload: UploadStatus | null,
  online: boolean,
  pendingMs: number,
): { tone: "ok" | "warn" | "error"; text: string } {
  if (upload?.kind === "failed") {
    return { tone: "error", text: `The upload was refused. ${readableReason(upload.message)}` };
  }
  if (online && upload?.kind === "waiting") {
    return {
      tone: "warn",
      text: `The server cannot take the recording yet: ${upload.message} It is saved on this device and is sent again shortly.`,
    };
  }
  if (!online || upload?.kind === "offline") {
    const length = describeAudioLength(pendingMs);
    const waiting =
      pendingMs > 0 ? `${length.charAt(0).toUpperCase()}${length.slice(1)} of recording waiting to upload. ` : "";
    return {
      tone: "warn",
      text: `No connection. ${waiting}It is saved on this device and is sent when the connection is back.`,
    };
  }
  return { tone: "ok", text: "Saved on this device and uploaded as you record." };
}

const TONES = {
  ok: "bg-emerald-50 text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100",
  warn: "bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100",
  error: "bg-red-50 text-red-900 dark:bg-red-950/40 dark:text-red-100",
};

/** The running recording: clock, input level, how the upload goes, Pause/Resume and Stop. */
export function RecorderPanel({
  phase,
  elapsedMs,
  level,
  line,
  onPause,
  onResume,
  onStop,
}: {
  phase: RecorderPhase;
  elapsedMs: number;
  level: number;
  line: { tone: "ok" | "warn" | "error"; text: string };
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
}) {
  const paused = phase === "paused";
  return (
    <section aria-label="Recording" className="card space-y-5 p-5 text-center">
      <p className="flex items-center justify-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-300">
        <span
          aria-hidden
          className={`h-2.5 w-2.5 rounded-full ${paused ? "bg-slate-400" : "animate-pulse bg-red-600"}`}
        />
        {paused ? "Paused" : phase === "stopping" ? "Stopping..." : "Recording"}
      </p>
      <p className="font-mono text-5xl font-semibold tabular-nums text-slate-900 dark:text-slate-100" role="timer">
        {formatClock(elapsedMs)}
      </p>
      {/* A native meter for assistive technology; the bar beside it is what the eye reads (a meter styles poorly). */}
      <meter className="sr-only" aria-label="Microphone level" min={0} max={100} value={Math.round(level * 100)} />
      <div
        aria-hidden
        className="mx-auto h-3 w-full max-w-xs overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className="h-full bg-emerald-500 transition-[width] duration-100"
          style={{ width: `${Math.round(level * 100)}%` }}
        />
      </div>
      <p role="status" className={`rounded-lg p-3 text-left text-sm ${TONES[line.tone]}`}>
        {line.text}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <button
          type="button"
          className="btn-secondary py-3"
          disabled={phase === "stopping"}
          onClick={paused ? onResume : onPause}
        >
          {paused ? "Resume" : "Pause"}
        </button>
        <button type="button" className="btn-danger py-3" disabled={phase === "stopping"} onClick={onStop}>
          Stop
        </button>
      </div>
    </section>
  );
}
