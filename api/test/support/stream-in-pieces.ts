/** A stream that hands out `bytes` cut at the given offsets (out-of-range and repeated cuts are ignored). */
export function streamInPieces(bytes: Uint8Array, cuts: number[] = []): ReadableStream<Uint8Array> {
  const points = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    pieces.push(bytes.slice(from, point));
    from = point;
  }
  return new ReadableStream({
    pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}
