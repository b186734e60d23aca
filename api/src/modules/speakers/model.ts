import { type Static, t } from "elysia";
import { SingleLine } from "../common-model";

/** The longest speaker name accepted. */
export const MAX_SPEAKER_NAME = 100;

/** PUT /api/meetings/{id}/speakers: rename the speaker `from` (as the transcript lists it) to `to`. */
export const RenameSpeakerBody = t.Object({
  from: SingleLine({ maxLength: 500 }),
  to: SingleLine({ maxLength: 1000 }),
});
export type RenameSpeakerBody = Static<typeof RenameSpeakerBody>;

/** What changed: the meeting's speakers now, and how many segments and action items follow the new name. */
export const RenameSpeakerAnswer = t.Object({
  speakers: t.Array(t.String()),
  renamedSegments: t.Integer(),
  renamedActionItems: t.Integer(),
  /** The name was also changed where the executive summary or the key points used it. */
  renamedInSummary: t.Boolean(),
  /** The search index is brought up to date by a job (it still finds the old name until that has run). */
  reindexQueued: t.Boolean(),
});
export type RenameSpeakerAnswer = Static<typeof RenameSpeakerAnswer>;
