import { type Static, t } from "elysia";
import { BodyId, Nullable, TextBlock } from "../common-model";

/** The user's private note on a meeting; empty content and no date before the first save. */
export const Note = t.Object({ meetingId: t.Integer(), content: t.String(), updatedAt: Nullable(t.String()) });
export type Note = Static<typeof Note>;

export const SaveNoteBody = t.Object({
  meetingId: BodyId,
  /** Multi-line text: tabs and line breaks only (TextBlock). */
  content: TextBlock({ maxLength: 200_000 }),
});
export type SaveNoteBody = Static<typeof SaveNoteBody>;
