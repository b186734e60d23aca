import type { Sql } from "@cm/db";
import { findNoteBytes } from "@cm/db/queries/account-limits";
import { findMeeting } from "@cm/db/queries/meetings";
import { findNote, saveNote } from "@cm/db/queries/notes";
import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { HttpError, notFound } from "../../http-error";
import { queueNoteIndexing } from "../../intelligence/queue-note-indexing";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdParams } from "../common-model";
import { findQuotaLimits } from "../usage/account-quotas";
import { countCreation } from "../usage/creation-rate";
import { noteLengthMessage } from "../usage/limit-messages";
import { limitedWrite } from "../usage/limited-write";
import { Note, SaveNoteBody } from "./model";

/** Notes are private: one per meeting per user, only on the user's own meetings. */
export function notesRoutes(ctx: AppContext) {
  return new Elysia({ name: "notes" })
    .use(signedInMacro(ctx))
    .get(
      "/api/notes/meeting/:id",
      async ({ params, user }) => {
        if (!(await findMeeting(ctx.db.sql, user.id, params.id))) throw notFound("Meeting");
        const note = await findNote(ctx.db.sql, user.id, params.id);
        return { meetingId: params.id, content: note?.content ?? "", updatedAt: note?.updatedAt.toISOString() ?? null };
      },
      { signedIn: true, params: IdParams, response: { 200: Note, 401: ErrorBody, 404: ErrorBody } },
    )
    .post(
      "/api/notes",
      async ({ body, user }) => {
        if (!(await findMeeting(ctx.db.sql, user.id, body.meetingId))) throw notFound("Meeting");
        const limit = (await findQuotaLimits(ctx, user.id)).counts.noteCharacters;
        if (limit !== undefined && body.content.length > limit) throw noteTooLong(body.content.length, limit);
        // A first note on a meeting is a creation; saving it again (the editor saves as the advisor types) is not.
        if (!(await findNoteBytes(ctx.db.sql, user.id, body.meetingId)).exists) await countCreation(ctx, user.id);
        // What the note's text adds, known before writing: a note that cannot fit is refused without being written.
        const addsBytes = async (tx: Sql) =>
          Buffer.byteLength(body.content) - (await findNoteBytes(tx, user.id, body.meetingId)).bytes;
        const note = await limitedWrite(
          ctx,
          user.id,
          undefined,
          (tx) => saveNote(tx, { userId: user.id, meetingId: body.meetingId, content: body.content }),
          addsBytes,
        );
        await queueNoteIndexing(ctx, body.meetingId);
        return { meetingId: note.meetingId, content: note.content, updatedAt: note.updatedAt.toISOString() };
      },
      {
        signedIn: true,
        body: SaveNoteBody,
        response: { 200: Note, 401: ErrorBody, 404: ErrorBody, 413: ErrorBody, 429: ErrorBody },
      },
    );
}

const noteTooLong = (length: number, limit: number) =>
  new HttpError(413, noteLengthMessage(limit, length), "note_length", {
    quota: "noteCharacters",
    used: length,
    limit,
    left: 0,
    freesAt: null,
  });
