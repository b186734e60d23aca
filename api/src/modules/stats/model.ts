import { type Static, t } from "elysia";

/** Dashboard counts: `insightsGenerated` is the action items of the user's processed meetings. */
export const Stats = t.Object({
  processedCount: t.Integer(),
  clientCount: t.Integer(),
  insightsGenerated: t.Integer(),
});
export type Stats = Static<typeof Stats>;
