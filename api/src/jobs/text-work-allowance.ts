import { chargeWork, findMeetingText } from "@cm/db/queries/work-allowance";
import type { WorkerContext } from "../context";
import { findQuotaLimits } from "../modules/usage/account-quotas";
import { textWorkSeconds } from "../modules/usage/text-work";
import { JobPostponed } from "./job-definition";

/**
 * Before a note is indexed or a meeting re-indexed at its account's request: the text it reads is charged to the
 * account's daily allowance (../modules/usage/text-work.ts). When it does not fit, the job is postponed (not an
 * attempt) and tries again about a minute later, until enough of the allowance has freed up; the note is saved
 * meanwhile, and found by full-text search once indexed.
 */
export async function chargeTextWork(ctx: WorkerContext, meetingId: number, read: "note" | "meeting"): Promise<void> {
  const text = await findMeetingText(ctx.db.sql, meetingId);
  if (!text) return; // the meeting is gone: the job finds nothing to do
  const characters = text.noteCharacters + (read === "meeting" ? text.transcriptCharacters : 0);
  const { limits } = await findQuotaLimits(ctx, text.userId);
  const seconds = textWorkSeconds(characters);
  if (await chargeWork(ctx.db.sql, { userId: text.userId, seconds, limitSeconds: limits.secondsPerDay })) return;
  throw new JobPostponed("The account's daily processing allowance is used up: indexing waits until it frees up.");
}
