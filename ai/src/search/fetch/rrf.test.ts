import { expect, test } from "bun:test";
import { fuseByReciprocalRank } from "./rrf";

const hit = (id: number, meetingId = 1) => ({ id, meetingId });

test("reciprocal rank fusion adds 1/(k + rank) per list, each list by its weight", () => {
  const fused = fuseByReciprocalRank(
    [
      [hit(1), hit(2)],
      [hit(2), hit(3)],
    ],
    60,
  );
  expect(fused.map((f) => f.id)).toEqual([2, 1, 3]);
  expect(fused[0]!.fused).toBeCloseTo(1 / 62 + 1 / 61, 10);
  // Weighted: the second list's first item overtakes the first list's.
  const weighted = fuseByReciprocalRank([[hit(1)], [hit(3)]], 60, [1, 2]);
  expect(weighted.map((f) => f.id)).toEqual([3, 1]);
});
