// The best-scoring few of a long stream, in bounded memory and time linear in the stream: items are buffered and,
// whenever the buffer holds four times the limit, cut back to the limit. Ties go to the item offered first, as a
// stable sort of the whole stream would order them.

export interface TopScored<T> {
  offer(item: T): void;
  /** The best `limit` items offered, best first (ties in the order offered). */
  best(): T[];
}

export function keepTopScored<T>(limit: number, scoreOf: (item: T) => number): TopScored<T> {
  let buffer: { item: T; score: number; order: number }[] = [];
  let offered = 0;
  const cut = () => {
    buffer.sort((a, b) => b.score - a.score || a.order - b.order);
    if (buffer.length > limit) buffer = buffer.slice(0, limit);
  };
  return {
    offer(item) {
      buffer.push({ item, score: scoreOf(item), order: offered++ });
      if (buffer.length >= Math.max(4 * limit, 64)) cut();
    },
    best() {
      cut();
      return buffer.map((entry) => entry.item);
    },
  };
}
