// What each indexing slice saves as the job's progress: where indexing got to, and no longer the summary's part
// drafts (stored as the summary before indexing starts), which made every slice of a long meeting rewrite them all.
import { expect, test } from "bun:test";
import type { JobRow } from "@cm/db/queries/jobs";
import { resumableIndexing } from "./resumable-indexing";

function fakeRun(progress: Record<string, unknown>) {
  const job = { progress } as JobRow;
  const saved: Record<string, unknown>[] = [];
  return {
    saved,
    run: {
      job,
      async checkpoint(next?: Record<string, unknown>) {
        if (next) {
          job.progress = next;
          saved.push(next);
        }
      },
    },
  };
}

test("a slice saves its index progress and the other progress, without the summary's part drafts", async () => {
  const parts = Array.from({ length: 40 }, (_, i) => ({ executiveSummary: `Part ${i}.`, keyPoints: [] }));
  const { run, saved } = fakeRun({ summaryParts: parts, pieces: 3 });
  const { onSlice, resume } = resumableIndexing(run);
  expect(resume).toBeUndefined();
  await onSlice!({ generation: 7, written: 32, model: "local-hashing-v1" });
  await onSlice!({ generation: 7, written: 64, model: "local-hashing-v1" });

  expect(saved).toEqual([
    { pieces: 3, index: { generation: 7, written: 32, model: "local-hashing-v1" } },
    { pieces: 3, index: { generation: 7, written: 64, model: "local-hashing-v1" } },
  ]);
});

test("a resumed job goes on from its saved index progress", () => {
  const { run } = fakeRun({ index: { generation: 7, written: 64, model: "local-hashing-v1" } });
  expect(resumableIndexing(run).resume).toEqual({ generation: 7, written: 64, model: "local-hashing-v1" });
});
