// Per-account quotas (a part of AppConfig, read by loadConfig): stored bytes, hours of audio a day, meetings in the
// queue. On by default; each variable takes "off". Free-plan accounts get the FREE_* values while payments are on.
import type { QuotaLimits } from "@cm/db/queries/upload-quotas";

export interface QuotaConfig {
  /** Every account while payments are off; paid plans while they are on. */
  standard: QuotaLimits;
  /** Accounts on the free plan while payments are on. */
  free: QuotaLimits;
}

type Env = Record<string, string | undefined>;

const GB = 1024 ** 3;

export const QUOTA_DEFAULTS: QuotaConfig = {
  standard: { storageBytes: 20 * GB, secondsPerDay: 16 * 3600, queuedMeetings: 20 },
  free: { storageBytes: 2 * GB, secondsPerDay: 3 * 3600, queuedMeetings: 5 },
};

export function readQuotaConfig(env: Env): QuotaConfig {
  return {
    standard: readLimits(env, "", QUOTA_DEFAULTS.standard),
    free: readLimits(env, "FREE_", QUOTA_DEFAULTS.free),
  };
}

function readLimits(env: Env, prefix: string, defaults: QuotaLimits): QuotaLimits {
  const hours = readQuota(env, `${prefix}PROCESSING_HOURS_PER_DAY`, readHours);
  return {
    storageBytes: pick(readQuota(env, `${prefix}STORAGE_QUOTA_BYTES`, readBytes), defaults.storageBytes),
    secondsPerDay: pick(
      hours === undefined || hours === "off" ? hours : Math.round(hours * 3600),
      defaults.secondsPerDay,
    ),
    queuedMeetings: pick(readQuota(env, `${prefix}QUEUED_MEETINGS_PER_ACCOUNT`, readCount), defaults.queuedMeetings),
  };
}

/** Unset: the default; "off": no limit. */
const pick = (value: number | "off" | undefined, fallback: number | undefined) =>
  value === "off" ? undefined : (value ?? fallback);

function readQuota(env: Env, name: string, read: (value: string) => number | undefined): number | "off" | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (value.toLowerCase() === "off") return "off";
  const number = read(value);
  if (number === undefined)
    throw new Error(`${name} must be ${WANTED[name.replace(/^FREE_/, "")]} or off, got "${value}"`);
  return number;
}

const WANTED: Record<string, string> = {
  STORAGE_QUOTA_BYTES: "a size in bytes from 1 MB (a number, or with KB, MB, GB or TB: 20GB)",
  PROCESSING_HOURS_PER_DAY: "a number of hours from 0.001 to 8760",
  QUEUED_MEETINGS_PER_ACCOUNT: "a whole number from 1",
};

const UNITS: Record<string, number> = { "": 1, B: 1, KB: 1024, MB: 1024 ** 2, GB, TB: 1024 ** 4 };

/** "20GB", "500 MB", "1073741824": binary units, as the 500MB upload limit counts them. */
function readBytes(value: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([KMGT]?B)?$/i.exec(value);
  const unit = UNITS[(match?.[2] ?? "").toUpperCase()];
  if (!match || unit === undefined) return undefined;
  const bytes = Math.round(Number(match[1]) * unit);
  return Number.isSafeInteger(bytes) && bytes >= 1024 ** 2 ? bytes : undefined;
}

function readHours(value: string): number | undefined {
  const hours = Number(value);
  return Number.isFinite(hours) && hours >= 0.001 && hours <= 24 * 365 ? hours : undefined;
}

function readCount(value: string): number | undefined {
  const count = Number(value);
  return Number.isInteger(count) && count >= 1 ? count : undefined;
}
