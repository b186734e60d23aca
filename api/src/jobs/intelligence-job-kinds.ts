import { t } from "elysia";
import { defineJobKind } from "./job-kind";

// Meeting Intelligence kinds that requests enqueue, declared apart from their handlers (as meeting-job-kinds.ts).

/** Index a meeting's note again: queued on every save, run once typing settles (NOTE_INDEX_DELAY_MS after the last). */
export const INDEX_NOTE = defineJobKind({
  name: "index-note",
  payload: t.Object({ meetingId: t.Integer({ minimum: 1 }) }),
  meetingIdOf: (payload) => payload.meetingId,
});

/** Autosave sends a note every second or so while typing. */
export const NOTE_INDEX_DELAY_MS = 2000;
