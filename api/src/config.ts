import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { type AccountLimitsConfig, readAccountLimitsConfig } from "./config-account-limits";
import { type ProcessingConfig, readProcessingConfig } from "./config-processing";
import { type QuotaConfig, readQuotaConfig } from "./config-quotas";
import { readStorageConfig, type StorageConfig } from "./config-storage";
import { readOrCreateOnce } from "./storage/create-once";

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  hostname: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections the server keeps to DATABASE_URL (the embedded database always has one). */
  databasePoolSize: number;
  /** shared_buffers of the embedded database. */
  embeddedSharedBuffers: string;
  /** Public origin used in e-mails and payment redirects. */
  appUrl: string;
  sessionSecret: string;
  /**
   * Each AI capability on its own OpenAI-compatible service (a Whisper server, Ollama, vLLM, api.openai.com):
   * SPEECH_*, CHAT_* and EMBEDDINGS_* (BASE_URL, API_KEY, MODEL), each falling back to OPENAI_API_KEY and
   * OPENAI_BASE_URL. Undefined: the local engine does it (speech: pocketsphinx, when installed, as a draft).
   */
  speech: AiServiceConfig | undefined;
  chat: AiServiceConfig | undefined;
  embeddings: AiServiceConfig | undefined;
  /** Spoken language of the recordings, ISO-639-1 (SPEECH_LANGUAGE, e.g. "en"); undefined: the speech model detects it. */
  speechLanguage: string | undefined;
  /**
   * The chat model's context window in tokens (CHAT_CONTEXT_TOKENS); undefined: known OpenAI models by name, any
   * other 8,192 (ai/src/openai/chat-model-context.ts). Answers' prompts are budgeted by it.
   */
  chatContextTokens: number | undefined;
  /** Offline speech recognition when no speech service is set: pocketsphinx when installed (OFFLINE_SPEECH=off: never). */
  offlineSpeech: { enabled: boolean; pocketsphinxPath: string | undefined };
  /** First wait between retries of an AI call (AI_RETRY_BASE_DELAY_MS); undefined keeps the engine's own. */
  aiRetryBaseDelayMs: number | undefined;
  resend: { apiKey: string; from: string; baseUrl: string | undefined } | undefined;
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        prices: Record<string, string | undefined>;
        apiBase: string | undefined;
      }
    | undefined;
  version: string;
  /** Largest upload accepted (500 MB; tests lower it). */
  maxUploadBytes: number;
  /** Sign-in attempts allowed per 15 minutes (per client IP, per username). */
  loginLimits: { perIp: number; perUsername: number };
  /** Registrations allowed per hour per client address (REGISTER_LIMIT_PER_IP, default 10). */
  registerLimits: { perIp: number };
  /** Meeting Intelligence questions allowed per minute per account (SEARCH_LIMIT_PER_MINUTE, default 20). */
  searchLimits: { perMinute: number };
  /** Questions one account may have being answered at once; the next is refused (SEARCH_QUESTIONS_AT_ONCE, default 4). */
  questionsAtOnce: number;
  /** Finds in transcripts allowed per minute per account (TRANSCRIPT_FIND_LIMIT_PER_MINUTE, default 30). */
  transcriptFindLimits: { perMinute: number };
  /** Records exports (e-discovery and the account's own) an account may start a day (RECORDS_EXPORTS_PER_DAY, 20). */
  recordsExportsPerDay: number;
  /** Run the job worker inside the server process. */
  embeddedWorker: boolean;
  /**
   * An unfinished resumable upload without a byte for this long is swept, its partial file and row removed
   * (UNFINISHED_UPLOAD_IDLE_MINUTES, default 60).
   */
  unfinishedUploadIdleMs: number;
  /**
   * The same for a browser recording, whose sent part exists only on the server (UNFINISHED_RECORDING_IDLE_HOURS,
   * default 72).
   */
  unfinishedRecordingIdleMs: number;
  /** How long a stop after SIGTERM/SIGINT may take before the process exits 1 (SHUTDOWN_GRACE_SECONDS, default 15). */
  shutdownGraceMs: number;
  /**
   * This process's name in a supervised group ("web-2", set by the supervisor as CLUSTER_PROCESS): it shares the port
   * with its siblings (SO_REUSEPORT) and names itself in /api/health. Undefined for a process started on its own.
   */
  processName: string | undefined;
  /** Behind a reverse proxy: the client's address is the last one in X-Forwarded-For (TRUST_PROXY=1). */
  trustProxy: boolean;
  /** How often an idle worker looks for jobs, and the first retry delay (JOB_POLL_MS, JOB_BACKOFF_BASE_MS). */
  jobs: { pollMs: number | undefined; backoffBaseMs: number | undefined };
  /** The local engine's embedder (LOCAL_EMBEDDER): the Universal Sentence Encoder lite (default), or hashing. */
  localEmbedder: "hashing" | "sentence-encoder";
  /** Create the demo account with its published password: development on the embedded database, or DEMO_ACCOUNT=on. */
  demoAccount: "on" | "off" | "auto";
  /** Folder of the built client assets (web/dist/assets unless ASSETS_DIR says otherwise). */
  assetsDir: string;
  /** Recording length limit, job step time limits (./config-processing.ts). */
  processing: ProcessingConfig;
  /** Stored bytes, hours of audio a day and queued meetings per account, by plan (./config-quotas.ts). */
  quotas: QuotaConfig;
  /** Meetings, clients, note length, tasks, contacts and creations a minute per account (./config-account-limits.ts). */
  accountLimits: AccountLimitsConfig;
  /** The data folder, or an S3-compatible bucket when S3_BUCKET is set (./config-storage.ts). */
  storage: StorageConfig;
}

export interface AiServiceConfig {
  baseURL: string | undefined;
  apiKey: string;
  model: string;
}

type Env = Record<string, string | undefined>;

/** Today's models on api.openai.com, used when a capability names none. */
export const DEFAULT_AI_MODELS = {
  SPEECH: "whisper-1",
  CHAT: "gpt-4o-mini",
  EMBEDDINGS: "text-embedding-3-small",
} as const;

/** Sent to a self-hosted server that needs no key (the OpenAI client insists on one). */
export const NO_API_KEY = "no-key";

/**
 * One capability's service. Configured by its own variables or by OPENAI_API_KEY. A capability on its own base URL
 * never falls back to OPENAI_API_KEY: that key is not sent to another server unless the operator repeats it.
 */
function readAiService(env: Env, capability: keyof typeof DEFAULT_AI_MODELS): AiServiceConfig | undefined {
  const ownBaseURL = readServiceUrl(`${capability}_BASE_URL`, env[`${capability}_BASE_URL`]);
  const ownKey = env[`${capability}_API_KEY`] || undefined;
  const model = env[`${capability}_MODEL`] || DEFAULT_AI_MODELS[capability];
  if (ownBaseURL) return { baseURL: ownBaseURL, apiKey: ownKey ?? NO_API_KEY, model };
  const apiKey = ownKey ?? (env.OPENAI_API_KEY || undefined);
  if (!apiKey) return undefined;
  return { baseURL: readServiceUrl("OPENAI_BASE_URL", env.OPENAI_BASE_URL), apiKey, model };
}

function readServiceUrl(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL such as http://127.0.0.1:8000/v1, got "${value}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`${name} must be an http(s) URL such as http://127.0.0.1:8000/v1, got "${value}"`);
  }
  return value;
}

function readSessionSecret(dataDir: string, env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  // Generated once and kept, so sessions survive restarts without configuration. Processes starting at once (a
  // supervised group, a worker beside the server) must agree on one: a sign-in code made by one is checked by another.
  mkdirSync(dataDir, { recursive: true });
  return readOrCreateOnce(join(dataDir, "session-secret"), () => randomBytes(32).toString("hex"));
}

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV === "production" ? "production" : env.NODE_ENV === "test" ? "test" : "development";
  const dataDir = resolve(env.DATA_DIR || "./data");
  const port = Number.parseInt(env.PORT || "3000", 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a number from 0 to 65535, got "${env.PORT}"`);
  const stripeKey = env.STRIPE_SECRET_KEY;
  return {
    env: nodeEnv,
    port,
    hostname: env.HOST || (nodeEnv === "production" ? "0.0.0.0" : "127.0.0.1"),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: readPoolSize(env.DATABASE_POOL_SIZE),
    embeddedSharedBuffers: readMemorySetting("EMBEDDED_SHARED_BUFFERS", env.EMBEDDED_SHARED_BUFFERS, "32MB"),
    appUrl: (env.APP_URL || `http://localhost:${port}`).replace(/\/$/, ""),
    sessionSecret: readSessionSecret(dataDir, env),
    speech: readAiService(env, "SPEECH"),
    speechLanguage: readSpeechLanguage(env.SPEECH_LANGUAGE),
    chat: readAiService(env, "CHAT"),
    embeddings: readAiService(env, "EMBEDDINGS"),
    chatContextTokens: readContextTokens(env.CHAT_CONTEXT_TOKENS),
    offlineSpeech: {
      enabled: readSwitch("OFFLINE_SPEECH", env.OFFLINE_SPEECH) !== "off",
      pocketsphinxPath: env.POCKETSPHINX_PATH || undefined,
    },
    aiRetryBaseDelayMs: readOptionalMs("AI_RETRY_BASE_DELAY_MS", env.AI_RETRY_BASE_DELAY_MS),
    resend: env.RESEND_API_KEY
      ? {
          apiKey: env.RESEND_API_KEY,
          from: env.MAIL_FROM || "Clearminute <no-reply@clearminute.app>",
          baseUrl: env.RESEND_BASE_URL || undefined,
        }
      : undefined,
    stripe:
      stripeKey && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: stripeKey,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            prices: {
              REGISTRATION_PREMIUM: env.STRIPE_PRICE_REGISTRATION,
              BASIC_SUBSCRIPTION: env.STRIPE_PRICE_BASIC,
              PREMIUM_SUBSCRIPTION: env.STRIPE_PRICE_PREMIUM,
              ENTERPRISE_SUBSCRIPTION: env.STRIPE_PRICE_ENTERPRISE,
            },
            apiBase: env.STRIPE_API_BASE || undefined,
          }
        : undefined,
    version: env.APP_VERSION || "0.1.0",
    maxUploadBytes: Number.parseInt(env.MAX_UPLOAD_BYTES || String(500 * 1024 * 1024), 10),
    loginLimits: {
      perIp: Number.parseInt(env.LOGIN_LIMIT_PER_IP || "30", 10),
      perUsername: Number.parseInt(env.LOGIN_LIMIT_PER_USERNAME || "10", 10),
    },
    registerLimits: { perIp: readLimit("REGISTER_LIMIT_PER_IP", env.REGISTER_LIMIT_PER_IP, 10) },
    searchLimits: { perMinute: readLimit("SEARCH_LIMIT_PER_MINUTE", env.SEARCH_LIMIT_PER_MINUTE, 20) },
    questionsAtOnce: readLimit("SEARCH_QUESTIONS_AT_ONCE", env.SEARCH_QUESTIONS_AT_ONCE, 4),
    transcriptFindLimits: {
      perMinute: readLimit("TRANSCRIPT_FIND_LIMIT_PER_MINUTE", env.TRANSCRIPT_FIND_LIMIT_PER_MINUTE, 30),
    },
    recordsExportsPerDay: readLimit("RECORDS_EXPORTS_PER_DAY", env.RECORDS_EXPORTS_PER_DAY, 20),
    embeddedWorker: env.WORKER !== "off",
    unfinishedUploadIdleMs:
      readLimit("UNFINISHED_UPLOAD_IDLE_MINUTES", env.UNFINISHED_UPLOAD_IDLE_MINUTES, 60) * 60_000,
    unfinishedRecordingIdleMs:
      readLimit("UNFINISHED_RECORDING_IDLE_HOURS", env.UNFINISHED_RECORDING_IDLE_HOURS, 72) * 3_600_000,
    shutdownGraceMs: readLimit("SHUTDOWN_GRACE_SECONDS", env.SHUTDOWN_GRACE_SECONDS, 15) * 1000,
    processName: readProcessName(env.CLUSTER_PROCESS),
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    jobs: {
      pollMs: readOptionalMs("JOB_POLL_MS", env.JOB_POLL_MS),
      backoffBaseMs: readOptionalMs("JOB_BACKOFF_BASE_MS", env.JOB_BACKOFF_BASE_MS),
    },
    demoAccount: readSwitch("DEMO_ACCOUNT", env.DEMO_ACCOUNT),
    localEmbedder: readLocalEmbedder(env.LOCAL_EMBEDDER),
    assetsDir: resolve(env.ASSETS_DIR || DEFAULT_ASSETS_DIR),
    processing: readProcessingConfig(env),
    quotas: readQuotaConfig(env),
    accountLimits: readAccountLimitsConfig(env),
    storage: readStorageConfig(env),
  };
}

/** The built client assets of this checkout. */
export const DEFAULT_ASSETS_DIR = join(import.meta.dir, "..", "..", "web", "dist", "assets");

function readOptionalMs(name: string, value: string | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1 || ms > 3_600_000) {
    throw new Error(`${name} must be a whole number of milliseconds from 1 to 3600000, got "${value}"`);
  }
  return ms;
}

function readContextTokens(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const tokens = Number(value);
  if (!Number.isInteger(tokens) || tokens < 2_048 || tokens > 10_000_000) {
    throw new Error(`CHAT_CONTEXT_TOKENS must be a whole number of tokens from 2048 to 10000000, got "${value}"`);
  }
  return tokens;
}

function readSpeechLanguage(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const code = value.trim().toLowerCase();
  if (!/^[a-z]{2}$/.test(code))
    throw new Error(`SPEECH_LANGUAGE must be a two-letter ISO-639-1 code such as en, got "${value}"`);
  return code;
}

function readProcessName(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^[a-z]+-\d{1,3}$/.test(value))
    throw new Error(`CLUSTER_PROCESS must name a process such as web-2, got "${value}"`);
  return value;
}

function readLimit(name: string, value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`${name} must be a whole number from 1 up, got "${value}"`);
  return limit;
}

function readSwitch(name: string, value: string | undefined): "on" | "off" | "auto" {
  if (!value) return "auto";
  if (value === "on" || value === "1" || value === "true") return "on";
  if (value === "off" || value === "0" || value === "false") return "off";
  throw new Error(`${name} must be on or off, got "${value}"`);
}

/** More connections than cores mostly queue inside PostgreSQL: a small pool keeps latency even under load. */
function readPoolSize(value: string | undefined): number {
  if (!value) return DEFAULT_POOL_SIZE;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > 200) {
    throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 200, got "${value}"`);
  }
  return size;
}

// Two connections a core kept this 2-core machine's p99 at half what 10 gave (api/bench/load.ts).
const DEFAULT_POOL_SIZE = Math.max(4, 2 * navigator.hardwareConcurrency);

/** A PostgreSQL memory size such as 32MB or 1GB. */
function readMemorySetting(name: string, value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  if (!/^\d{1,6}(kB|MB|GB)$/.test(value)) throw new Error(`${name} must be a size such as 32MB or 1GB, got "${value}"`);
  return value;
}

function readLocalEmbedder(value: string | undefined): "hashing" | "sentence-encoder" {
  // The Universal Sentence Encoder by default; hashing is the last resort (and what quick tests ask for).
  if (!value || value === "sentence-encoder" || value === "use") return "sentence-encoder";
  if (value === "hashing") return "hashing";
  throw new Error(`LOCAL_EMBEDDER must be hashing or sentence-encoder, got "${value}"`);
}
