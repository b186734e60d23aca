import type { Sql } from "@cm/db";
import { latestVersionNumber } from "@cm/db/queries/record-versions";
import { renameSpeaker } from "@cm/db/queries/speakers";
import type { AppContext } from "../../context";
import { badRequest, HttpError, notFound } from "../../http-error";
import { queueJobDebounced } from "../../jobs/queue-job";
import { REINDEX_MEETING } from "../../jobs/reindex-meeting-job";
import { type AuditWho, auditedChange } from "../audit/audited";
import { limitedWrite } from "../usage/limited-write";
import { MAX_SPEAKER_NAME, type RenameSpeakerAnswer, type RenameSpeakerBody } from "./model";

/** A control character (a line break would split a "Name: text" line of the transcript). */
const hasControlCharacter = (text: string) => [...text].some((char) => char.charCodeAt(0) < 32 || char === "\u007f");

/** The new name, trimmed, or a 400 saying what is wrong with it. */
export function parseSpeakerName(to: string): string {
  const name = to.trim();
  if (!name) throw badRequest("validation failed: to: the new speaker name is empty");
  if (name.length > MAX_SPEAKER_NAME) {
    throw badRequest(`validation failed: to: a speaker name is at most ${MAX_SPEAKER_NAME} characters`);
  }
  if (hasControlCharacter(name)) throw badRequest("validation failed: to: a speaker name is one line of text");
  return name;
}

/**
 * Renames a speaker of one of the user's meetings: segments, transcript text, action-item assignees and the name in
 * the executive summary and key points change in one transaction, which also queues the meeting's re-indexing. If that job fails, the renamed transcript is kept
 * (the search index only lags behind until the meeting is indexed again); if the transaction fails, nothing changed.
 */
export async function renameMeetingSpeaker(
  ctx: AppContext,
  userId: number,
  meetingId: number,
  body: RenameSpeakerBody,
  who: AuditWho,
): Promise<RenameSpeakerAnswer> {
  const to = parseSpeakerName(body.to);
  const from = body.from;
  if (!from.trim()) throw badRequest("validation failed: from: name the speaker to rename");
  if (from === to) throw badRequest("validation failed: to: the new name is the speaker's name already");
  // The transcript's versions count in storage (limitedWrite); the audit row is written in the same transaction.
  const result = await limitedWrite(ctx, userId, undefined, (transaction) =>
    auditedChange(
      transaction,
      who,
      async (tx: Sql) => {
        const renamed = await renameSpeaker(tx, { userId, meetingId, from, to });
        if (renamed.outcome === "renamed") {
          await queueJobDebounced(tx, REINDEX_MEETING, { meetingId, charged: true }, 0);
        }
        return renamed;
      },
      async (renamed, tx) =>
        renamed.outcome === "renamed"
          ? {
              action: "transcript.edited",
              target: { kind: "transcript", id: meetingId },
              meetingId,
              details: {
                renamedSpeaker: { from, to },
                version: await latestVersionNumber(tx, meetingId, "transcript"),
              },
            }
          : undefined,
    ),
  );
  switch (result.outcome) {
    case "not_found":
      throw notFound("Meeting");
    case "processing":
      throw new HttpError(
        409,
        "The meeting is still being processed; rename its speakers when it is done.",
        "conflict",
      );
    case "unknown_speaker":
      throw badRequest(
        result.speakers.length
          ? `validation failed: from: this meeting has no speaker "${from.slice(0, 100)}" (its speakers: ${result.speakers.join(", ")})`
          : "validation failed: from: no speakers were found in this meeting's transcript",
      );
  }
  ctx.jobs.wake();
  return {
    speakers: result.speakers,
    renamedSegments: result.segments,
    renamedActionItems: result.actionItems,
    renamedInSummary: result.summary,
    reindexQueued: true,
  };
}
