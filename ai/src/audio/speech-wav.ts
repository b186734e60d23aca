// A recording decoded once into 16 kHz mono 16-bit WAV, then read piece by piece: a job transcribes it a bounded
// piece at a time (issue 27, fair by work), cutting each piece at the quietest moment near its nominal end, so no
// piece needs ffmpeg to seek in the original (which, for formats without an index, decodes from the start each time).

import { open, writeFile } from "node:fs/promises";
import { FORMAT_WHITELIST, PROTOCOL_WHITELIST, runProcess, summariseStderr, toFileUrl } from "./run-process";
import { quietFfmpeg } from "./tool-paths";

export const SPEECH_SAMPLE_RATE = 16_000;
const BYTES_PER_SECOND = SPEECH_SAMPLE_RATE * 2;

/**
 * Decodes the first audio stream into 16 kHz mono 16-bit WAV (what pocketsphinx's acoustic model expects, and the
 * pieces of a job's transcription are cut from): at most `maxSeconds` of it when given. `timeoutMs` only catches a
 * hung process (decoding runs at hundreds of times real time).
 */
export async function decodeToSpeechWav(
  input: string,
  output: string,
  { maxSeconds, timeoutMs, signal }: { maxSeconds?: number; timeoutMs: number; signal?: AbortSignal },
): Promise<void> {
  const cmd = [
    ...quietFfmpeg("error"),
    "-y",
    ...PROTOCOL_WHITELIST,
    ...FORMAT_WHITELIST,
    ...["-i", toFileUrl(input), "-map", "0:a:0", "-vn", "-ac", "1", "-ar", String(SPEECH_SAMPLE_RATE)],
    ...(maxSeconds === undefined ? [] : ["-t", String(maxSeconds)]),
    ...["-c:a", "pcm_s16le", "-f", "wav", toFileUrl(output)],
  ];
  const result = await runProcess(cmd, { timeoutMs, signal });
  if (result.exitCode !== 0) throw new Error(`Audio conversion failed: ${summariseStderr(result.stderr)}`);
}

export interface SpeechWav {
  path: string;
  /** Byte offset of the samples (after the RIFF chunks ffmpeg writes before "data"). */
  dataOffset: number;
  dataBytes: number;
  durationSeconds: number;
}

/** Reads the layout of a WAV written by decodeToSpeechWav; throws when it is not one. */
export async function readSpeechWav(path: string): Promise<SpeechWav> {
  const file = await open(path, "r");
  try {
    const size = (await file.stat()).size;
    const header = Buffer.alloc(Math.min(size, 4096));
    await file.read(header, 0, header.length, 0);
    if (header.toString("ascii", 0, 4) !== "RIFF" || header.toString("ascii", 8, 12) !== "WAVE") {
      throw new Error("The converted audio is not a WAV file.");
    }
    // Chunks follow the 12-byte RIFF header: id (4), size (4), body (padded to even).
    for (let at = 12; at + 8 <= header.length; ) {
      const id = header.toString("ascii", at, at + 4);
      const chunkSize = header.readUInt32LE(at + 4);
      if (id === "data") {
        const dataOffset = at + 8;
        // ffmpeg writing to a file fills in the real size; a streamed one may say 0 or 0xFFFFFFFF.
        const dataBytes = evenBytes(Math.min(size - dataOffset, chunkSize > 0 ? chunkSize : size));
        return { path, dataOffset, dataBytes, durationSeconds: dataBytes / BYTES_PER_SECOND };
      }
      at += 8 + chunkSize + (chunkSize % 2);
    }
    throw new Error("The converted audio has no samples.");
  } finally {
    await file.close();
  }
}

const evenBytes = (bytes: number) => Math.max(0, bytes - (bytes % 2));
const byteAt = (seconds: number) => evenBytes(Math.round(seconds * SPEECH_SAMPLE_RATE) * 2);

/** Frames of 20 ms: long enough to measure loudness, short enough to cut between words. */
const FRAME_BYTES = (BYTES_PER_SECOND / 1000) * 20;

/**
 * The end of the piece starting at `start`: `start + pieceSeconds`, moved to the quietest 20 ms within the 5 s (at
 * most a quarter of the piece) before it (a pause between words), or the recording's end when that comes first. Reads
 * only the searched window, so planning every piece of a recording is linear in its length.
 */
export async function pieceEnd(wav: SpeechWav, start: number, pieceSeconds: number): Promise<number> {
  const nominal = start + pieceSeconds;
  if (nominal >= wav.durationSeconds) return wav.durationSeconds;
  const searchSeconds = Math.min(5, pieceSeconds / 4);
  const from = byteAt(nominal - searchSeconds);
  const to = byteAt(nominal);
  const window = await readSamples(wav, from, to);
  let quietest = { at: window.length, energy: Number.POSITIVE_INFINITY };
  for (let at = 0; at + FRAME_BYTES <= window.length; at += FRAME_BYTES) {
    let energy = 0;
    for (let i = at; i < at + FRAME_BYTES; i += 2) energy += Math.abs(window.readInt16LE(i));
    // Later frames win ties: pieces stay as long as allowed.
    if (energy <= quietest.energy) quietest = { at: at + FRAME_BYTES / 2, energy };
  }
  return (from + evenBytes(quietest.at)) / BYTES_PER_SECOND;
}

/** Writes the samples between `start` and `end` seconds as a WAV file of their own. */
export async function writeSpeechWavPiece(wav: SpeechWav, start: number, end: number, output: string): Promise<void> {
  const from = byteAt(start);
  const to = Math.min(byteAt(end), wav.dataBytes);
  const samples = await readSamples(wav, from, to);
  await writeFile(output, Buffer.concat([wavHeader(samples.length), samples]));
}

/** The samples from byte `from` to byte `to` of the data (none when `to` comes first). */
async function readSamples(wav: SpeechWav, from: number, to: number): Promise<Buffer> {
  const data = Bun.file(wav.path).slice(wav.dataOffset + from, wav.dataOffset + to);
  return Buffer.from(await data.arrayBuffer());
}

/** The 44-byte header of 16 kHz mono 16-bit PCM. */
function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SPEECH_SAMPLE_RATE, 24);
  header.writeUInt32LE(BYTES_PER_SECOND, 28);
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write("data", 36, "ascii");
  header.writeUInt32LE(dataBytes, 40);
  return header;
}
