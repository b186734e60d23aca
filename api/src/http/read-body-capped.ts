/** The body went past its limit while being read; nothing past the limit was kept. */
export class BodyTooLargeError extends Error {}

/**
 * Reads a request body as text, stopping at `maxBytes`: a chunked body (no Content-Length) of any length is cut
 * off as soon as it passes the limit instead of being held in memory first.
 */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<string> {
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) throw new BodyTooLargeError();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}
