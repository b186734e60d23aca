import type { Sql } from "@cm/db";
import { findMeeting } from "@cm/db/queries/meetings";
import { attachRecordingToPlannedMeeting, type RecordingForPlannedMeeting } from "@cm/db/queries/schedule";
import type { AppContext } from "../../context";
import { HttpError, notFound } from "../../http-error";
import { processMeetingJobFor } from "../../jobs/meeting-job-kinds";

/**
 * An upload that names a planned meeting takes its place: the meeting keeps its id (and calendar entry) and is
 * processed. 404 when the user has no such meeting, 409 when it already has a recording.
 */
export async function attachToPlannedMeeting(
  ctx: AppContext,
  recording: RecordingForPlannedMeeting,
  onWritten?: (tx: Sql, meetingId: number) => Promise<void>,
) {
  const id = await attachRecordingToPlannedMeeting(ctx.db.sql, recording, processMeetingJobFor, onWritten);
  if (id !== undefined) return id;
  if (await findMeeting(ctx.db.sql, recording.userId, recording.meetingId)) {
    throw new HttpError(409, "This meeting already has a recording: upload it as a new meeting instead.", "conflict");
  }
  throw notFound("Meeting");
}
