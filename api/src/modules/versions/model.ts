import { type Static, t } from "elysia";
import { Nullable } from "../common-model";

/**
 * GET /api/meetings/{id}/versions: every version of the meeting's summary, notes and transcript, oldest first per
 * kind, each whole. `author` null is the AI (or the transcriber); `changed` names the parts that differ from the
 * version before (all of them for the first).
 */
export const RecordVersionItem = t.Object({
  kind: t.Union([t.Literal("summary"), t.Literal("notes"), t.Literal("transcript")]),
  version: t.Number(),
  author: Nullable(t.Object({ id: t.Number(), name: Nullable(t.String()) })),
  source: t.Union([t.Literal("ai"), t.Literal("person"), t.Literal("found")]),
  label: t.String(),
  createdAt: t.String(),
  changed: t.Array(t.String()),
  content: t.Record(t.String(), t.Unknown()),
});
export type RecordVersionItem = Static<typeof RecordVersionItem>;

export const RecordVersionList = t.Object({ meetingId: t.Number(), versions: t.Array(RecordVersionItem) });
export type RecordVersionList = Static<typeof RecordVersionList>;
