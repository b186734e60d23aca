// A streaming multipart/form-data reader over a web ReadableStream. Each part's bytes go to its handler as they
// arrive, and the next read waits for the handler, so a slow disk slows the client instead of filling memory.
// The boundary is found with Buffer.indexOf (native), and a chunk is never copied: only the few bytes that may
// hold the start of a boundary are carried to the next chunk. busboy, which it replaces, parsed through Node
// streams at about 190 MB/s on this machine and left more garbage per byte (api/bench/upload.ts).

/** The body is not well-formed multipart: the message says how. */
export class MultipartError extends Error {}

/** Reading the request body failed (the client went away mid-upload). */
export class BodyReadError extends Error {}

export interface PartInfo {
  name: string;
  /** Present (possibly empty) for file parts. */
  filename: string | undefined;
  contentType: string | undefined;
}

export interface PartHandler {
  /** The part's bytes, in order; the body is not read further until the returned promise settles. */
  data(chunk: Uint8Array): void | Promise<void>;
  /** The part is complete. */
  end(): void | Promise<void>;
}

interface MultipartLimits {
  /** Most parts in one body. */
  maxParts: number;
  /** Most bytes of one part's headers. */
  maxHeaderBytes?: number;
}

/** The boundary parameter of a multipart Content-Type (RFC 2046: 1 to 70 characters), or undefined. */
export function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))(?:\s*;|\s*$)/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/** Reads `reader` to the closing boundary, calling `onPart` for every part. */
export async function readMultipart(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  boundary: string,
  onPart: (info: PartInfo) => PartHandler | Promise<PartHandler>,
  limits: MultipartLimits,
): Promise<void> {
  const maxHeaderBytes = limits.maxHeaderBytes ?? 16 * 1024;
  const dashBoundary = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buffer: Buffer = Buffer.alloc(0);
  let parts = 0;

  /** Appends the next chunk to `buffer` (used only where little is buffered); false at the end of the body. */
  async function readMore(): Promise<boolean> {
    const chunk = await nextChunk(reader);
    if (!chunk) return false;
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    return true;
  }

  // The first boundary (a preamble before it is allowed and ignored).
  for (;;) {
    const at = buffer.indexOf(dashBoundary);
    if (at >= 0 && buffer.length >= at + dashBoundary.length + 2) {
      buffer = buffer.subarray(at + dashBoundary.length);
      break;
    }
    if (buffer.length > maxHeaderBytes) throw new MultipartError("the boundary is not in the body");
    if (!(await readMore())) throw new MultipartError("the boundary is not in the body");
  }

  for (;;) {
    // After a boundary: "--" closes the body, CRLF starts a part (transport padding before it is allowed).
    let skip = 0;
    while (skip < buffer.length && (buffer[skip] === 0x20 || buffer[skip] === 0x09)) skip++;
    while (buffer.length < skip + 2) {
      if (!(await readMore())) throw new MultipartError("Unexpected end of form");
    }
    if (buffer[skip] === 0x2d && buffer[skip + 1] === 0x2d) return; // the epilogue is ignored
    if (buffer.indexOf(CRLF, skip) !== skip) throw new MultipartError("a boundary is followed by other text");
    buffer = buffer.subarray(skip + 2);

    if (++parts > limits.maxParts) throw new MultipartError(`more than ${limits.maxParts} parts`);
    let headerEnd = buffer.indexOf(HEADER_END);
    while (headerEnd < 0) {
      if (buffer.length > maxHeaderBytes) throw new MultipartError("a part's headers are too long");
      if (!(await readMore())) throw new MultipartError("Unexpected end of form");
      headerEnd = buffer.indexOf(HEADER_END);
    }
    if (headerEnd > maxHeaderBytes) throw new MultipartError("a part's headers are too long");
    const handler = await onPart(parsePartHeaders(buffer.subarray(0, headerEnd).toString("utf8")));
    buffer = buffer.subarray(headerEnd + HEADER_END.length);
    buffer = await streamPartBody(reader, buffer, delimiter, handler);
    await handler.end();
  }
}

/**
 * Passes the part's bytes to `handler` up to the next delimiter; returns what follows the delimiter. Bytes that
 * could be the start of a delimiter split across chunks (fewer than its length) are held back until the next chunk.
 */
async function streamPartBody(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  start: Buffer,
  delimiter: Buffer,
  handler: PartHandler,
): Promise<Buffer> {
  let chunk = start;
  let carry: Buffer = Buffer.alloc(0);
  for (;;) {
    if (carry.length > 0) {
      // A delimiter starting in `carry` ends within delimiter.length - 1 bytes of `chunk`: search that window only.
      const windowEnd = Math.min(chunk.length, delimiter.length - 1);
      const window = Buffer.concat([carry, chunk.subarray(0, windowEnd)]);
      const at = window.indexOf(delimiter);
      if (at >= 0) {
        if (at > 0) await handler.data(window.subarray(0, at));
        return chunk.subarray(at + delimiter.length - carry.length);
      }
      if (windowEnd < delimiter.length - 1) {
        // Too little of the next chunk to decide: keep it all and read on.
        carry = window;
        const next = await nextChunk(reader);
        if (!next) throw new MultipartError("Unexpected end of form");
        chunk = next;
        continue;
      }
      await handler.data(carry);
      carry = Buffer.alloc(0);
    }
    const at = chunk.indexOf(delimiter);
    if (at >= 0) {
      if (at > 0) await handler.data(chunk.subarray(0, at));
      return chunk.subarray(at + delimiter.length);
    }
    const keep = Math.min(chunk.length, delimiter.length - 1);
    if (chunk.length > keep) await handler.data(chunk.subarray(0, chunk.length - keep));
    // A copy, so the carried bytes do not keep the whole chunk alive.
    carry = Buffer.from(chunk.subarray(chunk.length - keep));
    const next = await nextChunk(reader);
    if (!next) throw new MultipartError("Unexpected end of form");
    chunk = next;
  }
}

async function nextChunk(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<Buffer | undefined> {
  for (;;) {
    let result: Awaited<ReturnType<typeof reader.read>>;
    try {
      result = await reader.read();
    } catch (error) {
      throw new BodyReadError((error as Error)?.message ?? "the request body could not be read");
    }
    if (result.done) return undefined;
    if (result.value.byteLength > 0) {
      return Buffer.from(result.value.buffer, result.value.byteOffset, result.value.byteLength);
    }
  }
}

/** Content-Disposition's name and filename, and Content-Type, from a part's header block. */
export function parsePartHeaders(block: string): PartInfo {
  let disposition: string | undefined;
  let contentType: string | undefined;
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "content-disposition") disposition = value;
    else if (name === "content-type") contentType = value;
  }
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) {
    throw new MultipartError("a part has no Content-Disposition: form-data header");
  }
  const params = new Map<string, string>();
  for (const match of disposition.matchAll(/;\s*([\w*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g)) {
    const key = match[1]!.toLowerCase();
    if (!params.has(key)) params.set(key, match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : match[3]!);
  }
  const name = params.get("name");
  if (name === undefined || name === "") throw new MultipartError("a part has no name");
  return { name, filename: params.get("filename"), contentType };
}
