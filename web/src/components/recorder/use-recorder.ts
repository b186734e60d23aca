import { useCallback, useEffect, useRef, useState } from "react";
import type { RecordingFormat } from "./recording-format";

/** MediaRecorder hands over a chunk this often: at most this much audio is only in memory. */
export const TIMESLICE_MS = 4000;
/** Clear speech for transcription at about 22 MB an hour (the browser's default is near 128 kbit/s, 58 MB). */
export const AUDIO_BITS_PER_SECOND = 48_000;

export type RecorderPhase = "idle" | "starting" | "recording" | "paused" | "stopping" | "stopped";

export type ChunkHandler = (chunk: Blob, elapsedMs: number) => void;

/** Why the microphone could not be opened, in the advisor's words. */
export function microphoneProblem(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "SecurityError")
    return "The browser is not allowed to use the microphone. Allow it in the site settings and try again.";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "No microphone was found on this device.";
  if (name === "NotReadableError") return "The microphone is in use by another app. Close it and try again.";
  return "The microphone could not be started. Please try again.";
}

/** Level 0..1 of the loudest recent samples (root mean square of a time-domain frame, scaled for speech). */
export function levelOf(samples: Uint8Array): number {
  let sum = 0;
  for (const value of samples) {
    const centered = (value - 128) / 128;
    sum += centered * centered;
  }
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  return Math.min(1, rms * 4);
}

/**
 * The microphone through MediaRecorder: start (asks for the microphone), pause, resume, stop; a clock that leaves out
 * the paused time and a live input level for the meter. Chunks go to the handler given to start, every TIMESLICE_MS.
 */
export function useRecorder() {
  const [phase, setPhase] = useState<RecorderPhase>("idle");
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const audio = useRef<AudioContext | null>(null);
  const analyser = useRef<AnalyserNode | null>(null);
  /** Audio time before the current run, and when the current run started (performance.now), or null when paused. */
  const clock = useRef<{ before: number; since: number | null }>({ before: 0, since: null });
  const stopped = useRef<(() => void) | null>(null);

  const elapsedNow = useCallback(() => {
    const { before, since } = clock.current;
    return before + (since === null ? 0 : performance.now() - since);
  }, []);

  const release = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    void audio.current?.close().catch(() => {});
    audio.current = null;
    analyser.current = null;
  }, []);

  useEffect(() => release, [release]);

  useEffect(() => {
    if (phase !== "recording" && phase !== "paused") return;
    const meter = analyser.current;
    const frame = new Uint8Array(meter?.fftSize ?? 0);
    const tick = setInterval(() => {
      setElapsedMs(elapsedNow());
      if (meter && phase === "recording") {
        meter.getByteTimeDomainData(frame);
        setLevel(levelOf(frame));
      } else setLevel(0);
    }, 100);
    return () => clearInterval(tick);
  }, [phase, elapsedNow]);

  const start = useCallback(
    async (onChunk: ChunkHandler, format: RecordingFormat): Promise<boolean> => {
      setError(null);
      setPhase("starting");
      try {
        stream.current = await navigator.mediaDevices.getUserMedia({
          audio: { echoCancellation: true, noiseSuppression: true },
        });
      } catch (problem) {
        setError(microphoneProblem(problem));
        setPhase("idle");
        return false;
      }
      const media = new MediaRecorder(stream.current, {
        ...(format.mimeType ? { mimeType: format.mimeType } : {}),
        audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
      });
      media.ondataavailable = (event) => onChunk(event.data, elapsedNow());
      media.onstop = () => {
        release();
        setPhase("stopped");
        stopped.current?.();
      };
      try {
        const AudioContextClass =
          window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
        const context = AudioContextClass ? new AudioContextClass() : null;
        if (context) {
          // Safari starts a context made after an await suspended: the meter would stay flat.
          void context.resume().catch(() => {});
          const node = context.createAnalyser();
          node.fftSize = 1024;
          context.createMediaStreamSource(stream.current).connect(node);
          analyser.current = node;
        }
        audio.current = context;
      } catch {
        audio.current = null;
        analyser.current = null;
      }
      recorder.current = media;
      media.start(TIMESLICE_MS);
      clock.current = { before: 0, since: performance.now() };
      setElapsedMs(0);
      setPhase("recording");
      return true;
    },
    [elapsedNow, release],
  );

  const pause = useCallback(() => {
    if (recorder.current?.state !== "recording") return;
    recorder.current.pause();
    clock.current = { before: elapsedNow(), since: null };
    setPhase("paused");
  }, [elapsedNow]);

  const resume = useCallback(() => {
    if (recorder.current?.state !== "paused") return;
    recorder.current.resume();
    clock.current = { before: clock.current.before, since: performance.now() };
    setPhase("recording");
  }, []);

  /** Stops; resolves once the last chunk has been handed over, with the audio's length in milliseconds. */
  const stop = useCallback((): Promise<number> => {
    const media = recorder.current;
    const total = elapsedNow();
    clock.current = { before: total, since: null };
    setElapsedMs(total);
    if (!media || media.state === "inactive") return Promise.resolve(total);
    setPhase("stopping");
    return new Promise((resolve) => {
      stopped.current = () => resolve(total);
      media.stop();
    });
  }, [elapsedNow]);

  return { phase, elapsedMs, level, error, start, pause, resume, stop, elapsedNow };
}
