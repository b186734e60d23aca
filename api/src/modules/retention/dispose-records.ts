import { clearFileDeletion } from "@cm/db/queries/file-deletions";
import { type Disposal, disposeMeeting, listAccountsToDispose, listDueMeetings } from "@cm/db/queries/record-disposal";
import type { WorkerContext } from "../../context";
import { readRetentionSettings } from "./account-retention";
import { recordingDaysOf } from "./plan-recordings";
import { writeRecordsTrail } from "./records-trail";
import { meetingRules } from "./retention-schedule";

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
export async function disposeDueRecords(ctx: WorkerContext, run: DisposalRun = {}): Promise<number> {
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

async function disposeAccount(ctx: WorkerContext, userId: number, now: Date, run: DisposalRun): Promise<number> {
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
          action: done.whole ? "meeting.disposed" : "records.disposed",
          meetingId: done.meetingId,
          clientId: done.clientId,
          detail: { title: done.title, kinds: done.whole ? "all" : done.kinds, reason: "retention ended" },
        }),
      );
      if (!disposal) continue;
      count++;
      if (disposal.audioPath) await removeFile(ctx, disposal.audioPath);
      run.onDisposed?.(disposal);
    }
    if (lastId === undefined) return count;
    afterId = lastId;
  }
}

/** The recording's file; when removing it fails now, its file_deletions row makes the sweeper retry. */
async function removeFile(ctx: WorkerContext, key: string) {
  try {
    await ctx.storage.remove(key);
    await clearFileDeletion(ctx.db.sql, key);
  } catch (error) {
    ctx.logger.warn("file removal deferred", { key, error: (error as Error).message });
  }
}
