// How many finds in transcripts an account may make: TRANSCRIPT_FIND_LIMIT_PER_MINUTE a minute, counted in
// PostgreSQL (rate_limits, as Meeting Intelligence's questions are) so every process on one database counts together.
// A find of a 10 MB transcript is a few short statements; the limit keeps one account's loop of them from filling
// the embedded database's one session.
import type { Sql } from "@cm/db";
import type { AppConfig } from "../../config";
import { hitLimits, type LimitRule } from "../auth/rate-limiter";

const MINUTE_MS = 60 * 1000;

export const transcriptFindRule = (config: AppConfig): LimitRule => ({
  scope: "transcript-find:user",
  limit: config.transcriptFindLimits.perMinute,
  windowMs: MINUTE_MS,
});

/** The 429 message: says what was limited and how long to wait. */
export function tooManyFindsText(seconds: number): string {
  const wait = Math.max(1, Math.ceil(seconds));
  return `Too many searches in transcripts in a short time: rate limited. Please wait ${wait} second${wait === 1 ? "" : "s"} and try again.`;
}

/** Counts the account's find; answers the seconds to wait before the next one, 0 while within the limit. */
export function hitTranscriptFindLimit(sql: Sql, config: AppConfig, userId: number): Promise<number> {
  return hitLimits(sql, [[transcriptFindRule(config), String(userId)]]);
}
