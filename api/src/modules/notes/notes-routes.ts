import { findMeeting } from "@cm/db/queries/meetings";
import { findNote } from "@cm/db/queries/notes";
import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { notFound } from "../../http-error";
import { auditWho } from "../audit/audited";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdParams } from "../common-model";
import { Note, SaveNoteBody } from "./model";
import { saveUserNote } from "./save-note";

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
      async ({ body, request, user }) => {
        const note = await saveUserNote(ctx, user.id, body, auditWho(ctx, request, user));
        return { meetingId: note.meetingId, content: note.content, updatedAt: note.updatedAt.toISOString() };
      },
      {
        signedIn: true,
        body: SaveNoteBody,
        response: { 200: Note, 401: ErrorBody, 404: ErrorBody, 413: ErrorBody, 429: ErrorBody },
      },
    );
}
