// What the page's MediaRecorder produced, seen from the test: every `dataavailable` chunk of every recorder the
// context's pages create is copied to the test process as it happens (a reload starts new recorders, the chunks
// already copied stay). The test can then compare what the server stored with what was recorded.
import { writeFile } from "node:fs/promises";
import type { BrowserContext } from "playwright-core";
import { measureAudioLength } from "../../ai/src/audio/index";

export interface TappedChunk {
  /** One MediaRecorder (unique across reloads). */
  recorder: string;
  seq: number;
  mimeType: string;
  bytes: Uint8Array;
  at: number;
}

export interface RecorderTap {
  chunks: TappedChunk[];
  /** Recorders seen, in the order their first chunk arrived. */
  recorders(): string[];
  /** One recorder's chunks joined in order: the file it recorded. */
  recording(recorder: string): Uint8Array;
  /** Decoded length in seconds of one recorder's file (written to `path`). */
  recordedSeconds(recorder: string, path: string): Promise<number>;
}

const BINDING = "__cmTapRecordedChunk";

/** Runs in every page before its scripts: each new MediaRecorder reports its chunks to the binding. */
function installTap(binding: string) {
  const Original = window.MediaRecorder;
  if (!Original) return;
  const load = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  let made = 0;
  class TappedMediaRecorder extends Original {
    constructor(stream: MediaStream, options?: MediaRecorderOptions) {
      super(stream, options);
      const recorder = `${load}-${made++}`;
      let seq = 0;
      this.addEventListener("dataavailable", (event) => {
        const n = seq++;
        const reader = new FileReader();
        reader.onload = () => {
          const send = (window as unknown as Record<string, (...args: unknown[]) => void>)[binding];
          send?.(recorder, n, this.mimeType, String(reader.result).split(",")[1] ?? "");
        };
        reader.readAsDataURL(event.data);
      });
    }
  }
  window.MediaRecorder = TappedMediaRecorder;
}

export async function tapRecorders(context: BrowserContext): Promise<RecorderTap> {
  const chunks: TappedChunk[] = [];
  await context.exposeBinding(BINDING, (_source, recorder: string, seq: number, mimeType: string, base64: string) => {
    chunks.push({ recorder, seq, mimeType, bytes: Buffer.from(base64, "base64"), at: Date.now() });
  });
  await context.addInitScript(installTap, BINDING);
  const recorders = () => [...new Set(chunks.map((chunk) => chunk.recorder))];
  const recording = (recorder: string) =>
    Buffer.concat(
      chunks
        .filter((chunk) => chunk.recorder === recorder)
        .sort((a, b) => a.seq - b.seq)
        .map((chunk) => chunk.bytes),
    );
  return {
    chunks,
    recorders,
    recording,
    async recordedSeconds(recorder, path) {
      await writeFile(path, recording(recorder));
      return (await measureAudioLength(path, { maxSeconds: 8 * 3600 })).seconds;
    },
  };
}
