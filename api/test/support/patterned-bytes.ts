/** Bytes that differ at every offset (a linear congruential sequence from `seed`), so a range or block out of place shows. */
export function patterned(bytes: number, seed = 1): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(bytes);
  let x = seed;
  for (let i = 0; i < bytes; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}
