// How many Meeting Intelligence questions an account may ask: SEARCH_LIMIT_PER_MINUTE a minute, counted in
// PostgreSQL (rate_limits) so every process on one database counts together.
import type { Sql } from "@cm/db";
import type { AppConfig } from "../../config";
import { hitLimits, type LimitRule } from "../auth/rate-limiter";

const MINUTE_MS = 60 * 1000;

export const searchLimitRule = (config: AppConfig): LimitRule => ({
  scope: "search:user",
  limit: config.searchLimits.perMinute,
  windowMs: MINUTE_MS,
});

/** "Too many questions at once. Please wait N seconds and try again." */
export function tooManyQuestionsText(seconds: number): string {
  const wait = Math.max(1, Math.ceil(seconds));
  return `Too many questions in a short time. Please wait ${wait} second${wait === 1 ? "" : "s"} and try again.`;
}

/** Counts the account's question; answers the seconds to wait before the next one, 0 while within the limit. */
export function hitSearchLimit(sql: Sql, config: AppConfig, userId: number): Promise<number> {
  return hitLimits(sql, [[searchLimitRule(config), String(userId)]]);
}
