// Offline speech recognition with the pocketsphinx command-line tool (Debian's `pocketsphinx` and
// `pocketsphinx-en-us`, BSD). About 0.3-0.4x real time on one core and ~36% word error rate on clean read speech,
// worse on conversation: what it makes is a draft, and every transcript it makes is recorded as such.
//
// Two command-line tools exist. Debian 12 ships 5prealpha, whose tool is `pocketsphinx_continuous -infile f.wav
// -time yes`: per utterance a hypothesis line, then one "word start end confidence" line per word between "<s>" and
// "</s>". PocketSphinx 5.x ships `pocketsphinx live f.wav`, which prints one JSON line per utterance:
// {"b":start,"d":duration,"p":prob,"t":"text","w":[{"b":..,"d":..,"p":..,"t":"word"}]}. Both are read here.

import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { probeAudio } from "../audio/probe-audio";
import { assertRecordingLength } from "../audio/recording-limits";
import { spawnTool, summariseStderr } from "../audio/run-process";
import { decodeToSpeechWav } from "../audio/speech-wav";
import { capitalise } from "../language/sentences";
import type { AudioInput, TranscribeOptions, Transcript, TranscriptSegment } from "../types";

/** Recorded on every transcript it makes; a transcript with this engine is a draft. */
export const POCKETSPHINX_ENGINE = "pocketsphinx";

/** Engines whose transcripts are drafts: offline recognition, shown with "Draft transcript, made offline". */
export function isDraftSpeechEngine(engine: string | null | undefined): boolean {
  return engine === POCKETSPHINX_ENGINE;
}

export interface PocketsphinxCli {
  /** "continuous": 5prealpha's pocketsphinx_continuous; "live": the 5.x `pocketsphinx` tool. */
  kind: "continuous" | "live";
  path: string;
}

/** The model Debian's pocketsphinx-en-us installs, which 5prealpha's tool reads by default. */
const DEBIAN_MODEL_DIR = "/usr/share/pocketsphinx/model/en-us/en-us";

/**
 * The installed command-line tool, or undefined. `path` (POCKETSPHINX_PATH) names one explicitly; otherwise the 5.x
 * `pocketsphinx` is preferred, then 5prealpha's `pocketsphinx_continuous` when its English model is installed.
 */
export function findPocketsphinx(path?: string): PocketsphinxCli | undefined {
  if (path) {
    const resolved = Bun.which(path);
    if (!resolved) return undefined;
    return { kind: basename(resolved).includes("continuous") ? "continuous" : "live", path: resolved };
  }
  const live = Bun.which("pocketsphinx");
  if (live) return { kind: "live", path: live };
  const continuous = Bun.which("pocketsphinx_continuous");
  if (continuous && existsSync(DEBIAN_MODEL_DIR)) return { kind: "continuous", path: continuous };
  return undefined;
}

export interface PocketsphinxSettings {
  cli: PocketsphinxCli;
  /** Parent directory for the temporary WAV file (default: the OS temp directory). */
  tempDir?: string;
  /** How often a long recognition reports progress, so a job queue can extend its lease (default 10 s). */
  progressEveryMs?: number;
}

/** ffmpeg to 16 kHz mono 16-bit WAV (what the acoustic model expects), then recognition into timed segments. */
export async function transcribeWithPocketsphinx(
  audio: AudioInput,
  settings: PocketsphinxSettings,
  options: TranscribeOptions = {},
): Promise<Transcript> {
  const { signal } = options;
  const probe = await probeAudio(audio.path, signal);
  if (!probe.isAudio) throw new Error("The file is not a readable audio recording (unsupported or damaged format)");
  assertRecordingLength(probe.durationSeconds);
  const workDir = await mkdtemp(join(options.tempDir ?? settings.tempDir ?? tmpdir(), "cm-pocketsphinx-"));
  try {
    const wavPath = join(workDir, "speech.wav");
    const expectedSeconds = probe.durationSeconds ?? 0;
    await decodeToSpeechWav(audio.path, wavPath, { timeoutMs: 120_000 + expectedSeconds * 200, signal });
    const converted = await probeAudio(wavPath, signal);
    const durationSeconds = converted.durationSeconds ?? probe.durationSeconds ?? 0;
    const segments = await recognise(wavPath, durationSeconds, settings, options);
    const fullText = segments.map((segment) => segment.text).join("\n");
    return { segments, fullText, durationSeconds: Math.round(durationSeconds * 1000) / 1000 };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

function commandFor(cli: PocketsphinxCli, wavPath: string): string[] {
  // Our own temporary file: its name never starts with "-".
  if (cli.kind === "live") return [cli.path, "live", wavPath];
  return [cli.path, "-infile", wavPath, "-time", "yes", "-logfn", "/dev/null"];
}

/** Runs the tool, reading its output as it comes, so progress (and the job's lease) keeps up with long recordings. */
async function recognise(
  wavPath: string,
  durationSeconds: number,
  settings: PocketsphinxSettings,
  options: TranscribeOptions,
): Promise<TranscriptSegment[]> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const cmd = commandFor(settings.cli, wavPath);
  const proc = spawnTool(cmd, settings.cli.path);
  const reader = createOutputReader(settings.cli.kind);
  const total = Math.max(1, Math.ceil(durationSeconds));
  const report = () => onProgress?.(Math.min(total, Math.floor(reader.lastTime())), total);
  // ~0.4x real time on one core; twice real time plus two minutes only catches a hung process.
  const timeoutMs = 120_000 + durationSeconds * 2_000;
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    proc.kill("SIGKILL");
  }, timeoutMs);
  const ticker = setInterval(report, settings.progressEveryMs ?? 10_000);
  const onAbort = () => proc.kill("SIGKILL");
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    onProgress?.(0, total);
    const [, stderr, exitCode] = await Promise.all([
      readLines(proc.stdout, (line) => reader.line(line)),
      keepTail(proc.stderr, 4_000),
      proc.exited,
    ]);
    signal?.throwIfAborted();
    if (timedOut) throw new Error(`pocketsphinx did not finish within ${Math.round(timeoutMs / 1000)} seconds`);
    if (exitCode !== 0) throw new Error(`Offline speech recognition failed: ${summariseStderr(stderr)}`);
    onProgress?.(total, total);
    return reader.finish();
  } finally {
    clearTimeout(deadline);
    clearInterval(ticker);
    signal?.removeEventListener("abort", onAbort);
  }
}

async function readLines(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of stream) {
    pending += decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf("\n");
    while (newline !== -1) {
      onLine(pending.slice(0, newline));
      pending = pending.slice(newline + 1);
      newline = pending.indexOf("\n");
    }
  }
  pending += decoder.decode();
  if (pending) onLine(pending);
}

/** The last `max` characters of a stream: enough for an error message, never the whole log. */
async function keepTail(stream: ReadableStream<Uint8Array>, max: number): Promise<string> {
  const decoder = new TextDecoder();
  let tail = "";
  for await (const chunk of stream) {
    tail += decoder.decode(chunk, { stream: true });
    if (tail.length > 2 * max) tail = tail.slice(-max);
  }
  return (tail + decoder.decode()).slice(-max);
}

// ---------------------------------------------------------------------------------------------------------------
// Output reading and segmentation: pure, so tests feed it recorded output.

export interface RecognisedWord {
  word: string;
  start: number;
  end: number;
}

/** A pause this long ends a segment once it holds a few words; an utterance's end always does. */
const PAUSE_SECONDS = 0.3;
const MIN_WORDS_BEFORE_PAUSE_BREAK = 5;
const MAX_WORDS = 40;

export interface OutputReader {
  line(line: string): void;
  /** Seconds of audio recognised so far. */
  lastTime(): number;
  finish(): TranscriptSegment[];
}

/** Reads either tool's output line by line into segments. */
export function createOutputReader(kind: PocketsphinxCli["kind"]): OutputReader {
  const segmenter = createSegmenter();
  return {
    line(raw) {
      const line = raw.trim();
      if (!line) return;
      if (kind === "live") readJsonLine(line, segmenter);
      else readWordLine(line, segmenter);
    },
    lastTime: () => segmenter.lastTime(),
    finish: () => segmenter.finish(),
  };
}

/** 5prealpha: "word start end confidence"; "<s>" and "</s>" bracket an utterance; other lines are hypotheses. */
function readWordLine(line: string, segmenter: Segmenter) {
  const parts = line.split(" ");
  if (parts.length !== 4) return;
  const start = toSeconds(parts[1]);
  const end = toSeconds(parts[2]);
  if (start === undefined || end === undefined || toSeconds(parts[3]) === undefined) return;
  const word = parts[0] ?? "";
  if (word === "</s>") segmenter.endUtterance(end);
  else segmenter.token(word, start, end);
}

/** 5.x: one JSON object per utterance; word times are a start ("b") and a duration ("d"). */
function readJsonLine(line: string, segmenter: Segmenter) {
  let utterance: unknown;
  try {
    utterance = JSON.parse(line);
  } catch {
    return;
  }
  if (typeof utterance !== "object" || utterance === null) return;
  const { w, b, d } = utterance as { w?: unknown; b?: unknown; d?: unknown };
  if (Array.isArray(w)) {
    for (const entry of w) {
      if (typeof entry !== "object" || entry === null) continue;
      const { t, b: wordStart, d: wordDuration } = entry as { t?: unknown; b?: unknown; d?: unknown };
      if (typeof t !== "string" || typeof wordStart !== "number" || typeof wordDuration !== "number") continue;
      segmenter.token(t, wordStart, wordStart + wordDuration);
    }
  }
  const end = typeof b === "number" && typeof d === "number" ? b + d : segmenter.lastTime();
  segmenter.endUtterance(end);
}

function toSeconds(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

interface Segmenter {
  token(word: string, start: number, end: number): void;
  endUtterance(at: number): void;
  lastTime(): number;
  finish(): TranscriptSegment[];
}

function createSegmenter(): Segmenter {
  const segments: TranscriptSegment[] = [];
  let words: RecognisedWord[] = [];
  let pause = 0;
  let last = 0;

  const flush = () => {
    const first = words[0];
    const final = words[words.length - 1];
    if (first && final) {
      segments.push({ start: round(first.start), end: round(final.end), speaker: null, text: toSentence(words) });
    }
    words = [];
    pause = 0;
  };

  return {
    token(raw, start, end) {
      last = Math.max(last, end);
      const word = spokenWord(raw);
      if (word === undefined) {
        pause += Math.max(0, end - start);
        return;
      }
      const previous = words[words.length - 1];
      if (previous) pause += Math.max(0, start - previous.end);
      if (words.length >= MAX_WORDS || (pause >= PAUSE_SECONDS && words.length >= MIN_WORDS_BEFORE_PAUSE_BREAK)) {
        flush();
      }
      pause = 0;
      words.push({ word, start, end });
    },
    endUtterance(at) {
      last = Math.max(last, at);
      flush();
    },
    lastTime: () => last,
    finish() {
      flush();
      return segments;
    },
  };
}

/**
 * The word as spoken: fillers ("<s>", "<sil>", "[NOISE]", "++UH++") are pauses, not words; an alternative
 * pronunciation's marker ("read(2)") is dropped.
 */
export function spokenWord(raw: string): string | undefined {
  if (!raw || raw.startsWith("<") || raw.startsWith("[") || raw.startsWith("+")) return undefined;
  const paren = raw.indexOf("(");
  const word = paren > 0 && raw.endsWith(")") ? raw.slice(0, paren) : raw;
  return word || undefined;
}

/** Recognised words carry no case or punctuation: a segment reads as one sentence, with "I" capitalised. */
function toSentence(words: RecognisedWord[]): string {
  const text = words.map(({ word }) => (word === "i" || word.startsWith("i'") ? `I${word.slice(1)}` : word)).join(" ");
  return `${capitalise(text)}.`;
}

function round(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}
