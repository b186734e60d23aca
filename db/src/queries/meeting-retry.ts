import type { Sql } from "../client";
import { type CheckedJob, insertJob } from "./jobs";

export type RetryOutcome = "queued" | "not-found" | "not-failed" | "busy";

/**
 * Retry as one check-and-enqueue: the meeting row is locked, so of parallel retries one sees it Failed and queues
 * the job; the others see it Processing (or its job waiting) and queue nothing.
 */
export async function requeueFailedMeeting(
  sql: Sql,
  { userId, meetingId, job }: { userId: number; meetingId: number; job: CheckedJob },
): Promise<RetryOutcome> {
  return sql.begin(async (tx) => {
    const [meeting] = await tx<{ status: string }[]>`
      select status from meetings where id = ${meetingId} and user_id = ${userId} for update`;
    if (!meeting) return "not-found";
    // Only processing counts: a note's indexing job waiting for the same meeting is no reason to refuse.
    const [live] = await tx`
      select 1 from jobs where meeting_id = ${meetingId} and kind = ${job.kind} and status in ('queued', 'running')
      limit 1`;
    if (live) return "busy";
    if (meeting.status !== "Failed") return "not-failed";
    await tx`update meetings set status = 'Processing', failure_reason = null, updated_at = now()
      where id = ${meetingId}`;
    await insertJob(tx, job);
    return "queued";
  });
}
