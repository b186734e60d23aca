// Vector arithmetic, once for the whole engine: dense vectors (sentence embeddings) and sparse ones (TF-IDF weights
// by term). Each step is one pass over the vectors.

export function dot(a: readonly number[], b: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < a.length; i++) total += a[i]! * (b[i] ?? 0);
  return total;
}

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

/** The vector scaled to length 1 (all zeros stay as they are). */
export function unitVector(vector: readonly number[]): number[] {
  const length = Math.sqrt(dot(vector, vector));
  return length > 0 ? vector.map((x) => x / length) : [...vector];
}

/** The unit-length mean of some vectors (a chunk's vector from its windows'), at the length of the first. */
export function meanDirection(vectors: readonly (readonly number[])[]): number[] {
  const sum = new Array<number>(vectors[0]?.length ?? 0).fill(0);
  for (const vector of vectors) for (let i = 0; i < sum.length; i++) sum[i] = sum[i]! + (vector[i] ?? 0);
  return unitVector(sum);
}

/** Scales a sparse vector to length 1, in place. */
export function unitSparse(vector: Map<string, number>): Map<string, number> {
  let sum = 0;
  for (const weight of vector.values()) sum += weight * weight;
  const length = Math.sqrt(sum);
  if (length > 0) for (const [term, weight] of vector) vector.set(term, weight / length);
  return vector;
}

/** The cosine of two sparse vectors of length 1 (unitSparse): their dot product, over the smaller one's terms. */
export function sparseCosine(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let total = 0;
  for (const [term, weight] of small) total += weight * (large.get(term) ?? 0);
  return total;
}
