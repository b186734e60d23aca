/** The container and codec a recording is made in, and the file name the server is told. */
export interface RecordingFormat {
  /** What MediaRecorder is asked for; "" lets the browser choose. */
  mimeType: string;
  /** The upload's filetype (without codec parameters). */
  filetype: string;
  extension: string;
}

const CANDIDATES: RecordingFormat[] = [
  { mimeType: "audio/webm;codecs=opus", filetype: "audio/webm", extension: "webm" },
  // Safari records AAC in MP4.
  { mimeType: "audio/mp4", filetype: "audio/mp4", extension: "m4a" },
  { mimeType: "audio/webm", filetype: "audio/webm", extension: "webm" },
];

/** Opus in WebM where the browser can, else AAC in MP4 (Safari), else whatever it records by default. */
export function pickRecordingFormat(isTypeSupported: (type: string) => boolean): RecordingFormat {
  return (
    CANDIDATES.find((format) => isTypeSupported(format.mimeType)) ?? {
      mimeType: "",
      filetype: "application/octet-stream",
      extension: "webm",
    }
  );
}

/** "Recording 2026-03-03 10-02.webm": the name the meeting's audio file is stored under. */
export function recordingFilename(startedAt: Date, format: RecordingFormat): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const day = `${startedAt.getFullYear()}-${pad(startedAt.getMonth() + 1)}-${pad(startedAt.getDate())}`;
  return `Recording ${day} ${pad(startedAt.getHours())}-${pad(startedAt.getMinutes())}.${format.extension}`;
}

/** "1:05:09" or "4:07": a running clock. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** "2 minutes", "less than a minute": how much audio is waiting. */
export function describeAudioLength(ms: number): string {
  if (ms < 60000) return "less than a minute";
  const minutes = Math.round(ms / 60000);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
