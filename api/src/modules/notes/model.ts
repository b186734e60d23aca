import { type Static, t } from "elysia";
import { NOTE_CHARACTERS_CEILING } from "../../config-account-limits";
import { BodyId, Nullable, TextBlock } from "../common-model";

/** The user's private note on a meeting; empty content and no date before the first save. */
export const Note = t.Object({ meetingId: t.Integer(), content: t.String(), updatedAt: Nullable(t.String()) });
export type Note = Static<typeof Note>;

export const SaveNoteBody = t.Object({
  meetingId: BodyId,
  /**
   * Multi-line text: tabs and line breaks only (TextBlock). Its length is checked by the route against
   * NOTE_MAX_CHARACTERS (a 413 naming the limit); this is the ceiling.
   */
  content: TextBlock({ maxLength: NOTE_CHARACTERS_CEILING }),
});
export type SaveNoteBody = Static<typeof SaveNoteBody>;
