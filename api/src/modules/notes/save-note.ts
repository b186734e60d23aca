import type { Sql } from "@cm/db";
import { findNoteBytes } from "@cm/db/queries/account-limits";
import { findMeeting } from "@cm/db/queries/meetings";
import { saveNote } from "@cm/db/queries/notes";
import type { AppContext } from "../../context";
import { HttpError, notFound } from "../../http-error";
import { queueNoteIndexing } from "../../intelligence/queue-note-indexing";
import { type AuditWho, auditedChange } from "../audit/audited";
import { findQuotaLimits } from "../usage/account-quotas";
import { countCreation } from "../usage/creation-rate";
import { noteLengthMessage } from "../usage/limit-messages";
import { limitedWrite } from "../usage/limited-write";
import type { SaveNoteBody } from "./model";

/**
 * Saves the user's note on their meeting within the account's limits: its length (413), a first note as a creation
 * of the minute (429), its bytes against storage (413, refused before anything is written); then queues its
 * indexing.
 */
export async function saveUserNote(ctx: AppContext, userId: number, body: SaveNoteBody, who: AuditWho) {
  if (!(await findMeeting(ctx.db.sql, userId, body.meetingId))) throw notFound("Meeting");
  const limit = (await findQuotaLimits(ctx, userId)).counts.noteCharacters;
  if (limit !== undefined && body.content.length > limit) throw noteTooLong(body.content.length, limit);
  // A first note on a meeting is a creation; saving it again (the editor saves as the advisor types) is not.
  if (!(await findNoteBytes(ctx.db.sql, userId, body.meetingId)).exists) await countCreation(ctx, userId);
  const addsBytes = async (tx: Sql) =>
    Buffer.byteLength(body.content) - (await findNoteBytes(tx, userId, body.meetingId)).bytes;
  const note = await limitedWrite(
    ctx,
    userId,
    undefined,
    // Its version (migration 039) and its audit row are written in the same transaction and count in storage.
    (tx) =>
      auditedChange(
        tx,
        who,
        (inner) => saveNote(inner, { userId, meetingId: body.meetingId, content: body.content }),
        () => ({ action: "notes.edited", target: { kind: "notes", id: body.meetingId }, meetingId: body.meetingId }),
      ),
    addsBytes,
  );
  await queueNoteIndexing(ctx, body.meetingId);
  return note;
}

const noteTooLong = (length: number, limit: number) =>
  new HttpError(413, noteLengthMessage(limit, length), "note_length", {
    quota: "noteCharacters",
    used: length,
    limit,
    left: 0,
    freesAt: null,
  });
