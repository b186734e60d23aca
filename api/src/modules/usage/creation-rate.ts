// Things an account creates in a minute (issue 37): planned meetings, notes, clients, tasks and contact addresses,
// counted together in rate_limits so every process on the database counts the same minute. A refused creation counts
// too (a loop that keeps trying stays refused).
import { readRateWindow } from "@cm/db/queries/account-limits";
import { hitRateLimit } from "@cm/db/queries/rate-limits";
import type { AppContext } from "../../context";
import { HttpError } from "../../http-error";
import { findQuotaLimits } from "./account-quotas";
import { creationRateMessage } from "./limit-messages";

const WINDOW_MS = 60_000;
const scope = "create:user";

/** Counts one creation; past the account's limit a 429 with used, limit, left and freesAt (and Retry-After). */
export async function countCreation(ctx: AppContext, userId: number): Promise<void> {
  const limit = (await findQuotaLimits(ctx, userId)).counts.creationsPerMinute;
  if (limit === undefined) return;
  const wait = await hitRateLimit(ctx.db.sql, { scope, key: String(userId), limit, windowMs: WINDOW_MS });
  if (wait === 0) return;
  throw new HttpError(429, creationRateMessage(limit, wait), "creation_rate", {
    quota: "creations",
    used: limit,
    limit,
    left: 0,
    freesAt: new Date(Date.now() + wait * 1000).toISOString(),
  });
}

/** Creations counted in the current minute, and when it ends (GET /api/usage). */
export async function readCreations(ctx: AppContext, userId: number) {
  return readRateWindow(ctx.db.sql, { scope, key: String(userId) });
}
