// Vector arithmetic, once for the whole engine (sentence embeddings). Each step is one pass over the vectors.

/** The cosine of the angle between two vectors of any length (0 when either is all zeros). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  let product = 0;
  let squaresA = 0;
  let squaresB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i] ?? 0;
    product += x * y;
    squaresA += x * x;
    squaresB += y * y;
  }
  return squaresA && squaresB ? product / Math.sqrt(squaresA * squaresB) : 0;
}

/** The unit-length mean of some vectors (a chunk's vector from its windows'), at the length of the first. */
export function meanDirection(vectors: readonly (readonly number[])[]): number[] {
  const sum = new Array<number>(vectors[0]?.length ?? 0).fill(0);
  for (const vector of vectors) for (let i = 0; i < sum.length; i++) sum[i] = sum[i]! + (vector[i] ?? 0);
  const length = Math.sqrt(sum.reduce((total, x) => total + x * x, 0));
  return length > 0 ? sum.map((x) => x / length) : sum;
}

/** The vector zero-padded (or cut) to `dimensions`: a model's own width stored, the column's width used. */
export function padTo(vector: readonly number[], dimensions: number): number[] {
  const out = new Array<number>(dimensions).fill(0);
  for (let i = 0; i < Math.min(dimensions, vector.length); i++) out[i] = vector[i]!;
  return out;
}
