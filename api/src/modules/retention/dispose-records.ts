import { disposeAuditRowsBefore } from "@cm/db/queries/audit-log";
import { clearFileDeletion } from "@cm/db/queries/file-deletions";
import { type Disposal, disposeMeeting, listAccountsToDispose, listDueMeetings } from "@cm/db/queries/record-disposal";
import { findAuditPromises, findEarliestHeldAuditRow } from "@cm/db/queries/retention";
import type { WorkerContext } from "../../context";
import { readRetentionSettings } from "./account-retention";
import { auditCutoff } from "./audit-retention";
import { recordingDaysOf } from "./plan-recordings";
import { writeRecordsTrail } from "./records-trail";
import { meetingRules, type RetentionSettings, ruleFor } from "./retention-schedule";

/** What the disposal needs: the worker's database, storage, log and configuration. */
export type DisposalContext = Pick<WorkerContext, "config" | "db" | "logger" | "storage">;

const ACCOUNTS_A_PAGE = 100;
const MEETINGS_A_PAGE = 200;

export interface DisposalRun {
  /** When retention is judged: the clock of the run (tests move it). */
  now?: Date;
  /** Told after each meeting's disposal is committed. */
  onDisposed?: (disposal: Disposal) => void;
  signal?: AbortSignal;
}

/**
 * The daily disposal: every account's records whose retention has ended (or whose plan's recording days ran out),
 * none under a legal hold, each meeting in one transaction with its trail entry. Returns how many meetings lost
 * something. Safe to run in several processes at once: each meeting is taken under its row lock.
 */
export async function disposeDueRecords(ctx: DisposalContext, run: DisposalRun = {}): Promise<number> {
  const now = run.now ?? new Date();
  const planRecordings = Boolean(ctx.config.stripe);
  let count = 0;
  let afterUser = 0;
  for (;;) {
    const users = await listAccountsToDispose(ctx.db.sql, {
      planRecordings,
      afterId: afterUser,
      limit: ACCOUNTS_A_PAGE,
    });
    if (users.length === 0) return count;
    for (const userId of users) {
      run.signal?.throwIfAborted();
      count += await disposeAccount(ctx, userId, now, run);
    }
    afterUser = users.at(-1) ?? afterUser;
  }
}

async function disposeAccount(ctx: DisposalContext, userId: number, now: Date, run: DisposalRun): Promise<number> {
  const settings = await readRetentionSettings(ctx.db.sql, userId);
  const options = { userId, rules: meetingRules(settings), planRecordingDays: await recordingDaysOf(ctx, userId), now };
  let count = 0;
  let afterId = 0;
  for (;;) {
    const { due, lastId } = await listDueMeetings(ctx.db.sql, { ...options, afterId, limit: MEETINGS_A_PAGE });
    for (const { meetingId } of due) {
      run.signal?.throwIfAborted();
      const disposal = await disposeMeeting(ctx.db.sql, { ...options, meetingId }, (tx, done) =>
        writeRecordsTrail(tx, {
          userId,
          action: "record.disposed",
          actorUserId: null,
          target: { kind: "meeting", id: done.meetingId },
          meetingId: done.meetingId,
          clientId: done.clientId,
          details: { title: done.title, whole: done.whole, kinds: done.kinds, reason: done.reason },
        }),
      );
      if (!disposal) continue;
      count++;
      if (disposal.audioPath) await removeFile(ctx, disposal.audioPath);
      run.onDisposed?.(disposal);
    }
    if (lastId === undefined) return count + (await disposeAuditRows(ctx, userId, settings, now));
    afterId = lastId;
  }
}

/** The account's trail rows past their retention (the chain records the cut); 1 when some went. */
async function disposeAuditRows(ctx: DisposalContext, userId: number, settings: RetentionSettings, now: Date) {
  let cutoff = auditCutoff(ruleFor(settings, "auditTrail"), await findAuditPromises(ctx.db.sql, userId), now);
  if (!cutoff) return 0;
  // A hold keeps the trail of what it holds, and the trail goes oldest first: the cut stops before that row.
  const held = await findEarliestHeldAuditRow(ctx.db.sql, userId);
  if (held && held < cutoff) cutoff = held;
  const { rows } = await disposeAuditRowsBefore(ctx.db.sql, userId, cutoff, null);
  return rows > 0 ? 1 : 0;
}

/** The recording's file; when removing it fails now, its file_deletions row makes the sweeper retry. */
async function removeFile(ctx: DisposalContext, key: string) {
  try {
    await ctx.storage.remove(key);
    await clearFileDeletion(ctx.db.sql, key);
  } catch (error) {
    ctx.logger.warn("file removal deferred", { key, error: (error as Error).message });
  }
}
