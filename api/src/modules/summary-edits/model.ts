import { SummarySource } from "@cm/db/queries/summary-schema";
import { type Static, t } from "elysia";
import { MAX_ASSIGNEE_LENGTH, MAX_TASK_LENGTH } from "../action-items/model";
import { BodyId, Nullable, SingleLine, TextBlock } from "../common-model";

/**
 * Limits on what the advisor writes into a summary: each is named in the 400 when passed, never cut. The Edit notes
 * form checks the same numbers (its copy is typed `satisfies SummaryLimits`, so a change here fails its typecheck).
 */
export const SUMMARY_LIMITS = {
  executiveSummary: 5000,
  point: 1000,
  points: 50,
  actionItems: 100,
  task: MAX_TASK_LENGTH,
  assignee: MAX_ASSIGNEE_LENGTH,
  topic: 300,
  topics: 20,
} as const;
export type SummaryLimits = typeof SUMMARY_LIMITS;

/**
 * A key point or decision, `{text, source?}` (the source keeps the transcript moment it came from). One shape only:
 * with a union of a string and an object as items, Elysia turned a string sent for the list into its characters.
 */
const PointInput = t.Object({
  text: TextBlock({ maxLength: SUMMARY_LIMITS.point }),
  source: t.Optional(SummarySource),
});

/**
 * PATCH /api/meetings/{id}/summary: any of the summary's parts, each replacing the part whole (`actionItems` is the
 * whole list: listed ids are kept and edited, items without an id added, the meeting's other tasks removed), and
 * `reviewed`. Dates and emptiness are checked by the service, so the message names the field.
 */
export const SummaryPatchBody = t.Object({
  executiveSummary: t.Optional(TextBlock({ maxLength: SUMMARY_LIMITS.executiveSummary })),
  keyPoints: t.Optional(t.Array(PointInput, { maxItems: SUMMARY_LIMITS.points })),
  decisions: t.Optional(t.Array(PointInput, { maxItems: SUMMARY_LIMITS.points })),
  actionItems: t.Optional(
    t.Array(
      t.Object({
        id: t.Optional(BodyId),
        task: SingleLine({ maxLength: SUMMARY_LIMITS.task }),
        assignee: t.Optional(SingleLine({ maxLength: SUMMARY_LIMITS.assignee })),
        dueDate: t.Optional(Nullable(t.String({ maxLength: 20 }))),
      }),
      { maxItems: SUMMARY_LIMITS.actionItems },
    ),
  ),
  nextMeeting: t.Optional(
    Nullable(
      t.Object({
        // A day (yyyy-MM-dd), or the stored words sent back unchanged ("early spring"), which may be longer.
        // Lengths inside this nullable object are checked by the service: a failure inside a union is reported as
        // "nextMeeting should be one of object, null", which names neither the topic nor the limit.
        date: Nullable(t.String()),
        time: t.Optional(Nullable(t.String())),
        /** Each one line (checked by the service, which names the topic: a schema here is reported as the union's). */
        topics: t.Array(t.String()),
      }),
    ),
  ),
  reviewed: t.Optional(t.Boolean()),
});
export type SummaryPatchBody = Static<typeof SummaryPatchBody>;
