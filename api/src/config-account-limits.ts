// Counts per account besides the recording quotas (issue 37): meetings (planned ones too), clients, a note's length,
// action items of one meeting or client, contact addresses of one client, and things created per minute. Set far
// above what a real advisor makes; each variable takes a whole number or "off", FREE_* for the free plan while
// payments are on (as ./config-quotas.ts).
import type { AccountLimits } from "@cm/db/queries/account-limits";

export interface AccountLimitsConfig {
  /** Every account while payments are off; paid plans while they are on. */
  standard: AccountLimits;
  /** Accounts on the free plan while payments are on. */
  free: AccountLimits;
}

type Env = Record<string, string | undefined>;

/** The longest note any setting allows: the request's body model refuses past it (api/src/modules/notes/model.ts). */
export const NOTE_CHARACTERS_CEILING = 1_000_000;
/** The most addresses any setting allows a client: the body models refuse longer lists (clients/model.ts). */
export const CONTACTS_CEILING = 1_000;

const DEFAULTS: AccountLimits = {
  meetings: 10_000,
  clients: 5_000,
  noteCharacters: 100_000,
  actionItemsPerMeeting: 200,
  contactsPerClient: 50,
  creationsPerMinute: 60,
};

export const ACCOUNT_LIMIT_DEFAULTS: AccountLimitsConfig = { standard: DEFAULTS, free: DEFAULTS };

/** Each limit's variable (FREE_ before it for the free plan). */
export const ACCOUNT_LIMIT_VARIABLES: Record<keyof AccountLimits, string> = {
  meetings: "MEETINGS_PER_ACCOUNT",
  clients: "CLIENTS_PER_ACCOUNT",
  noteCharacters: "NOTE_MAX_CHARACTERS",
  actionItemsPerMeeting: "ACTION_ITEMS_PER_MEETING",
  contactsPerClient: "CONTACTS_PER_CLIENT",
  creationsPerMinute: "CREATIONS_PER_MINUTE",
};

const CEILINGS: Partial<Record<keyof AccountLimits, number>> = {
  noteCharacters: NOTE_CHARACTERS_CEILING,
  contactsPerClient: CONTACTS_CEILING,
};

export function readAccountLimitsConfig(env: Env): AccountLimitsConfig {
  return {
    standard: readLimits(env, "", ACCOUNT_LIMIT_DEFAULTS.standard),
    free: readLimits(env, "FREE_", ACCOUNT_LIMIT_DEFAULTS.free),
  };
}

function readLimits(env: Env, prefix: string, defaults: AccountLimits): AccountLimits {
  const limits = { ...defaults };
  for (const [key, variable] of Object.entries(ACCOUNT_LIMIT_VARIABLES) as [keyof AccountLimits, string][]) {
    const max = CEILINGS[key] ?? 1_000_000_000;
    limits[key] = readCount(env, `${prefix}${variable}`, defaults[key], max);
  }
  return limits;
}

/** Unset: the default; "off": no limit (a limit with a ceiling: the ceiling); else a whole number from 1 to `max`. */
function readCount(env: Env, name: string, fallback: number | undefined, max: number): number | undefined {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (value.toLowerCase() === "off") return max < 1_000_000_000 ? max : undefined;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max} or off, got "${value}"`);
  }
  return count;
}
