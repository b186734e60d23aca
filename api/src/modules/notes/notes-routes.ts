import { findMeeting } from "@cm/db/queries/meetings";
import { findNote, saveNote } from "@cm/db/queries/notes";
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { notFound } from "../../http-error";
import { requireUser } from "../auth/current-user";

/** Notes are private: one per meeting per user, only on the user's own meetings. */
export function notesRoutes(ctx: AppContext) {
  return new Elysia({ name: "notes" })
    .get(
      "/api/notes/meeting/:id",
      async ({ request, params }) => {
        const user = await requireUser(ctx, request);
        if (!(await findMeeting(ctx.db.sql, user.id, params.id))) throw notFound("Meeting");
        const note = await findNote(ctx.db.sql, user.id, params.id);
        return { meetingId: params.id, content: note?.content ?? "", updatedAt: note?.updatedAt.toISOString() ?? null };
      },
      { params: t.Object({ id: t.Numeric({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }) },
    )
    .post(
      "/api/notes",
      async ({ request, body }) => {
        const user = await requireUser(ctx, request);
        if (!(await findMeeting(ctx.db.sql, user.id, body.meetingId))) throw notFound("Meeting");
        const note = await saveNote(ctx.db.sql, user.id, body.meetingId, body.content);
        await ctx.indexer?.noteSaved(user.id, body.meetingId);
        return { meetingId: note.meetingId, content: note.content, updatedAt: note.updatedAt.toISOString() };
      },
      { body: t.Object({ meetingId: t.Integer({ minimum: 1 }), content: t.String({ maxLength: 200_000 }) }) },
    );
}
