import type { Sql } from "@cm/db";
import { findAccountSettings } from "@cm/db/queries/retention";
import {
  DEFAULT_LAW_FIRM_YEARS,
  DEFAULT_SETTINGS,
  RECORD_KINDS,
  RETENTION_PRESETS,
  type RecordKind,
  type RetentionPeriod,
  type RetentionPreset,
  type RetentionSettings,
} from "./retention-schedule";

const isPreset = (value: string): value is RetentionPreset => (RETENTION_PRESETS as readonly string[]).includes(value);

/** A stored override, read back defensively: a row written by hand with a bad value counts as no override. */
function readPeriod(value: unknown): RetentionPeriod | undefined {
  if (value === "forever") return "forever";
  if (typeof value !== "object" || value === null) return undefined;
  const { days, years } = value as { days?: unknown; years?: unknown };
  if (Number.isInteger(days) && (days as number) > 0) return { days: days as number };
  if (Number.isInteger(years) && (years as number) > 0) return { years: years as number };
  return undefined;
}

/** The account's retention settings; an account that never changed them has the preset "none". */
export async function readRetentionSettings(sql: Sql, userId: number): Promise<RetentionSettings> {
  const row = await findAccountSettings(sql, userId);
  if (!row) return DEFAULT_SETTINGS;
  const overrides: Partial<Record<RecordKind, RetentionPeriod>> = {};
  for (const kind of RECORD_KINDS) {
    const period = readPeriod(row.retentionOverrides[kind]);
    if (period) overrides[kind] = period;
  }
  return {
    preset: isPreset(row.retentionPreset) ? row.retentionPreset : "none",
    lawFirmYears: row.lawFirmYears ?? DEFAULT_LAW_FIRM_YEARS,
    overrides,
  };
}
