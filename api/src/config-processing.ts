// Limits on the work one upload makes (a part of AppConfig, read by loadConfig). The daily allowance of audio is a
// quota: ./config-quotas.ts.
import { MAX_RECORDING_SECONDS } from "@cm/ai/audio";

export interface ProcessingConfig {
  /** Longest recording accepted, counted from its audio (8 h; MAX_RECORDING_SECONDS lowers it, as tests do). */
  maxRecordingSeconds: number;
  /**
   * How long a job's steps may run before the job fails with a message (a text step's limit grows with the
   * transcript: api/src/jobs/text-step-limit.ts).
   */
  stepLimits: StepLimits;
  /**
   * Seconds of audio transcribed in one step (JOB_AUDIO_STEP_SECONDS): the worker may hand its slot to a less-served
   * account between two steps. Default: 30 s offline (pocketsphinx takes ~10 s of a core for them), 120 s with a
   * speech service (one request of about that).
   */
  audioStepSeconds: number | undefined;
}

export interface StepLimits {
  /** Text steps: reading a transcript file, the summary, search indexing (JOB_TEXT_STEP_LIMIT_MS, 10 minutes). */
  textMs: number;
  /** Transcription: this much per second of audio (JOB_TRANSCRIBE_MS_PER_AUDIO_SECOND, 3000: 3x real time) ... */
  transcribeMsPerAudioSecond: number;
  /** ... plus this much (JOB_TRANSCRIBE_BASE_MS, 5 minutes). */
  transcribeBaseMs: number;
}

type Env = Record<string, string | undefined>;

export function readProcessingConfig(env: Env): ProcessingConfig {
  return {
    maxRecordingSeconds:
      readNumber("MAX_RECORDING_SECONDS", env.MAX_RECORDING_SECONDS, { min: 1, max: MAX_RECORDING_SECONDS }) ??
      MAX_RECORDING_SECONDS,
    audioStepSeconds: readNumber("JOB_AUDIO_STEP_SECONDS", env.JOB_AUDIO_STEP_SECONDS, { min: 5, max: 3600 }),
    stepLimits: {
      textMs:
        readNumber("JOB_TEXT_STEP_LIMIT_MS", env.JOB_TEXT_STEP_LIMIT_MS, { min: 100, max: 86_400_000 }) ?? 600_000,
      transcribeMsPerAudioSecond:
        readNumber("JOB_TRANSCRIBE_MS_PER_AUDIO_SECOND", env.JOB_TRANSCRIBE_MS_PER_AUDIO_SECOND, {
          min: 1,
          max: 100_000,
        }) ?? 3_000,
      transcribeBaseMs:
        readNumber("JOB_TRANSCRIBE_BASE_MS", env.JOB_TRANSCRIBE_BASE_MS, { min: 100, max: 86_400_000 }) ?? 300_000,
    },
  };
}

function readNumber(name: string, value: string | undefined, { min, max }: { min: number; max: number }) {
  if (!value) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < min || number > max) {
    throw new Error(`${name} must be a number from ${min} to ${max}, got "${value}"`);
  }
  return number;
}
