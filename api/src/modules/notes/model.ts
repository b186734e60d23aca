import { type Static, t } from "elysia";
import { BodyId, Nullable } from "../common-model";

/** The user's private note on a meeting; empty content and no date before the first save. */
export const Note = t.Object({ meetingId: t.Integer(), content: t.String(), updatedAt: Nullable(t.String()) });
export type Note = Static<typeof Note>;

export const SaveNoteBody = t.Object({
  meetingId: BodyId,
  content: t.String({ maxLength: 200_000 }),
});
export type SaveNoteBody = Static<typeof SaveNoteBody>;
