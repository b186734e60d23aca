/** Reciprocal rank fusion: each list adds 1 / (k + rank) for every id it holds. */
export function fuseByReciprocalRank<T extends { id: number }>(lists: T[][], k = 60): (T & { fused: number })[] {
  const scores = new Map<number, { item: T; fused: number }>();
  for (const list of lists) {
    list.forEach((item, index) => {
      const entry = scores.get(item.id) ?? { item, fused: 0 };
      entry.fused += 1 / (k + index + 1);
      scores.set(item.id, entry);
    });
  }
  return [...scores.values()].sort((a, b) => b.fused - a.fused).map(({ item, fused }) => ({ ...item, fused }));
}
