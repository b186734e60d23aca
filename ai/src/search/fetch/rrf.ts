/**
 * Reciprocal rank fusion: each list adds weight / (k + rank) for every id it holds. Equal weights by default; a list
 * that is more often right (full text, on meetings) can be given more say.
 */
export function fuseByReciprocalRank<T extends { id: number }>(
  lists: T[][],
  k = 60,
  weights: number[] = [],
): (T & { fused: number })[] {
  const scores = new Map<number, { item: T; fused: number }>();
  lists.forEach((list, which) => {
    const weight = weights[which] ?? 1;
    list.forEach((item, index) => {
      const entry = scores.get(item.id) ?? { item, fused: 0 };
      entry.fused += weight / (k + index + 1);
      scores.set(item.id, entry);
    });
  });
  return [...scores.values()].sort((a, b) => b.fused - a.fused).map(({ item, fused }) => ({ ...item, fused }));
}
