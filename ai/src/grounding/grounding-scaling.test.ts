// Grounding runs in time linear in the transcript, even when the draft grows with it: the commitment transcript (every
// sentence a different commitment with a date and an amount) at 1x, 4x and 16x, one item per ten segments, and a next
// meeting to find. A step that compared every item with every segment would cost 16x per 4x step.
import { expect, test } from "bun:test";
import { buildCommitmentSegments } from "../../test-support/commitment-transcript";
import { measureScaling, measureUntil } from "../../test-support/scaling-steps";
import { groundSummary } from "./ground-summary";

/** Linear is 4; garbage collection and a loaded machine add some; quadratic is 16. */
const MAX_RATIO = 6;

test("grounding a draft scales linearly with the transcript", async () => {
  const step = {
    name: "ground summary",
    baseSize: 100_000,
    prepare(size: number) {
      const segments = buildCommitmentSegments(size);
      const picked = segments.filter((_, i) => i % 10 === 0).map((segment) => segment.text);
      const draft = {
        executiveSummary: "",
        keyPoints: picked,
        actionItems: picked.map((task) => ({ task, assignee: "Dana Whitfield" })),
        nextMeeting: { date: "2025-05-06", topics: ["rollover"] },
      };
      return () => groundSummary(draft, segments);
    },
  };
  const scaling = await measureUntil(
    () => measureScaling(step, { stopAbove: MAX_RATIO }),
    (s) => Math.max(...s.ratios) <= MAX_RATIO,
  );
  const shown = `${step.name}: ${scaling.times.map((t) => t.toFixed(1)).join(" / ")} ms`;
  expect(Math.max(...scaling.ratios), shown).toBeLessThanOrEqual(MAX_RATIO);
}, 240_000);
