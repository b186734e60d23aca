// Retention schedules (issue 39): how long each kind of record is kept, from a preset and per-kind overrides. Pure:
// the database applies a schedule through the rules this file computes (db/src/queries/retention.ts).
import type { MeetingKindRules, RetentionRule } from "@cm/db/queries/retention";

/** The kinds of record a schedule covers, as the API and the database name them. */
export const RECORD_KINDS = ["recordings", "transcripts", "notes", "emails", "auditTrail"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const RETENTION_PRESETS = ["none", "sec-204-2", "finra-4511", "law-firm"] as const;
export type RetentionPreset = (typeof RETENTION_PRESETS)[number];

/** A kind's own period, replacing the preset's: whole days, whole years, or kept for ever. */
export type RetentionPeriod = { days: number } | { years: number } | "forever";

export interface RetentionSettings {
  preset: RetentionPreset;
  /** Law firm preset: years a record is kept after its client is closed. */
  lawFirmYears: number;
  overrides: Partial<Record<RecordKind, RetentionPeriod>>;
}

export const DEFAULT_LAW_FIRM_YEARS = 7;
export const MAX_RETENTION_DAYS = 36_500;
export const MAX_RETENTION_YEARS = 100;

export const DEFAULT_SETTINGS: RetentionSettings = {
  preset: "none",
  lawFirmYears: DEFAULT_LAW_FIRM_YEARS,
  overrides: {},
};

/** The rule a preset gives every kind. */
function presetRule(settings: RetentionSettings): RetentionRule {
  switch (settings.preset) {
    case "none":
      return { mode: "none", amount: 0 };
    case "sec-204-2":
      return { mode: "years", amount: 5 };
    case "finra-4511":
      return { mode: "years", amount: 6 };
    case "law-firm":
      return { mode: "after-close", amount: settings.lawFirmYears };
  }
}

function periodRule(period: RetentionPeriod): RetentionRule {
  if (period === "forever") return { mode: "forever", amount: 0 };
  return "days" in period ? { mode: "days", amount: period.days } : { mode: "years", amount: period.years };
}

/** The rule that applies to one kind: its override, else the preset's. */
export function ruleFor(settings: RetentionSettings, kind: RecordKind): RetentionRule {
  const override = settings.overrides[kind];
  if (override !== undefined) return periodRule(override);
  // The audit trail is not a client's file: under the law firm preset it is kept the same years from each entry.
  const rule = presetRule(settings);
  return kind === "auditTrail" && rule.mode === "after-close" ? { mode: "years", amount: rule.amount } : rule;
}

export function meetingRules(settings: RetentionSettings): MeetingKindRules {
  return {
    recordings: ruleFor(settings, "recordings"),
    transcripts: ruleFor(settings, "transcripts"),
    notes: ruleFor(settings, "notes"),
    emails: ruleFor(settings, "emails"),
  };
}

/**
 * Days after which a plan deletes recordings while payments are on, as the plans on /checkout say (Basic "recordings
 * kept 30 days", Premium "recordings 90 days"); null: the plan keeps them.
 */
export function planRecordingDays(paymentsOn: boolean, subscriptionPlan: string | undefined): number | null {
  if (!paymentsOn) return null;
  if (subscriptionPlan === "basic") return 30;
  if (subscriptionPlan === "premium") return 90;
  return null;
}
