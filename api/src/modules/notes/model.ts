import { type Static, t } from "elysia";
import { NOTE_CHARACTERS_CEILING } from "../../config-account-limits";
import { Nullable } from "../common-model";

/** The user's private note on a meeting; empty content and no date before the first save. */
export const Note = t.Object({ meetingId: t.Integer(), content: t.String(), updatedAt: Nullable(t.String()) });
export type Note = Static<typeof Note>;

export const SaveNoteBody = t.Object({
  meetingId: t.Integer({ minimum: 1 }),
  /** Its length is checked by the route against NOTE_MAX_CHARACTERS (a 413 naming the limit); this is the ceiling. */
  content: t.String({ maxLength: NOTE_CHARACTERS_CEILING }),
});
export type SaveNoteBody = Static<typeof SaveNoteBody>;
