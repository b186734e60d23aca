// Notepad's "Unicode" and some Windows tools save transcripts as UTF-16 with a byte order mark. Such text is
// turned into UTF-8 as it arrives, so every reader after this sees one encoding; without the mark a file is
// read as before (UTF-8 or Windows-1252).

export type Utf16Encoding = "utf-16le" | "utf-16be";

/** The UTF-16 flavour named by the file's byte order mark, or null when it has none. */
export function detectUtf16Bom(head: Uint8Array): Utf16Encoding | null {
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  return null;
}

/** Chunks of UTF-16 in, chunks of UTF-8 out; a code unit or surrogate pair cut between chunks is carried over. */
export function createUtf16Transcoder(encoding: Utf16Encoding) {
  const decoder = new TextDecoder(encoding);
  const encoder = new TextEncoder();
  return {
    push: (chunk: Uint8Array): Uint8Array => encoder.encode(decoder.decode(chunk, { stream: true })),
    end: (): Uint8Array => encoder.encode(decoder.decode()),
  };
}

/** A whole UTF-16 file (with its mark) as UTF-8 bytes; other bytes are returned as they are. */
export function toUtf8(bytes: Uint8Array): Uint8Array {
  const encoding = detectUtf16Bom(bytes);
  return encoding ? new TextEncoder().encode(new TextDecoder(encoding).decode(bytes)) : bytes;
}
