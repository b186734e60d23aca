import { eraseAccount } from "@cm/db/queries/account-erasure";
import { hitRateLimit } from "@cm/db/queries/rate-limits";
import { findAuditPromises, findAuditSpan } from "@cm/db/queries/retention";
import { findUserById } from "@cm/db/queries/users";
import type { AppContext } from "../../context";
import { HttpError } from "../../http-error";
import { removeStoredFile } from "../meetings/meetings-service";
import { readRetentionSettings } from "../retention/account-retention";
import { auditKeptUntil } from "../retention/audit-retention";
import { isoDay, refuseIfKept } from "../retention/deletion-guard";
import { ruleFor } from "../retention/retention-schedule";

/** Wrong passwords an account may send here in 15 minutes: the password cannot be guessed through erasure. */
const ATTEMPTS = 5;
const WINDOW_MS = 15 * 60 * 1000;

const WRONG_PASSWORD_MESSAGE = "You don't have permission to delete this account: the password is not right.";

/**
 * DELETE /api/account: with the account's password, every row of the account, its recordings, search chunks,
 * sessions and jobs are erased; refused (403, nothing deleted) for a wrong password, and while a legal hold or the
 * retention schedule (of its meetings or of its audit trail) still keeps records, naming the day.
 */
export async function eraseOwnAccount(ctx: AppContext, userId: number, password: string, now = new Date()) {
  const user = await findUserById(ctx.db.sql, userId);
  if (!user) throw new HttpError(401, "Authentication required. Please log in again.", "unauthenticated");
  if (!(await Bun.password.verify(password, user.password))) {
    const wait = await hitRateLimit(ctx.db.sql, {
      scope: "account-erase",
      key: String(userId),
      limit: ATTEMPTS,
      windowMs: WINDOW_MS,
    });
    if (wait > 0) {
      throw new HttpError(429, "Too many wrong passwords. Please try again later.", "rate_limited", {
        freesAt: new Date(Date.now() + wait * 1000).toISOString(),
      });
    }
    throw new HttpError(403, WRONG_PASSWORD_MESSAGE, "permission");
  }
  await refuseIfKept(ctx.db.sql, userId, "account", "account", now);
  await refuseIfTrailKept(ctx, userId, now);
  const { audioPaths } = await eraseAccount(ctx.db.sql, userId);
  for (const key of audioPaths) await removeStoredFile(ctx, key);
}

/** The account's audit trail kept by its schedule (or an earlier one's promise) past `now`. */
async function refuseIfTrailKept(ctx: AppContext, userId: number, now: Date) {
  const settings = await readRetentionSettings(ctx.db.sql, userId);
  const promises = await findAuditPromises(ctx.db.sql, userId);
  const { last } = await findAuditSpan(ctx.db.sql, userId);
  const until = auditKeptUntil(ruleFor(settings, "auditTrail"), promises, last);
  if (until === "forever") {
    throw new HttpError(
      403,
      "You don't have permission to delete this account: its audit trail is kept for ever under the account's retention schedule.",
      "retention",
    );
  }
  if (until && until > now) {
    throw new HttpError(
      403,
      `You don't have permission to delete this account: its audit trail is kept until ${isoDay(until)} under the account's retention schedule.`,
      "retention",
      { keptUntil: isoDay(until) },
    );
  }
}
