// Turns the bytes of a text file into clean lines as they arrive, without holding the file. Each line is
// valid UTF-8 or, failing that, Windows-1252 (what older Windows tools save); "\r\n", "\r" and "\n" all
// end a line. Line breaks never occur inside a UTF-8 sequence, so lines can be decoded one by one. The UTF-8 check
// (no overlongs, surrogates or code points past U+10FFFF) is node:buffer's isUtf8, not a loop of our own.

import { isUtf8 } from "node:buffer";
import { cleanLine } from "./clean-text";

const LF = 0x0a;
const CR = 0x0d;
const utf8 = new TextDecoder("utf-8");
const windows1252 = new TextDecoder("windows-1252");

/** UTF-8 when the bytes are valid UTF-8, otherwise Windows-1252 (every byte means something there). */
export function decodeLenient(bytes: Uint8Array): string {
  return isUtf8(bytes) ? utf8.decode(bytes) : windows1252.decode(bytes);
}

/** Calls `onLine` for every line of an already decoded text (last line included when not empty). */
export function forEachLine(text: string, onLine: (line: string) => void) {
  let start = 0;
  const length = text.length;
  // Next "\n" and "\r" at or after `start`, each searched again only once passed (or never, once absent):
  // searching from every line start would rescan a file of "\r"-only lines for each line.
  let lf = -2;
  let cr = -2;
  while (start < length) {
    if (lf !== -1 && lf < start) lf = text.indexOf("\n", start);
    if (cr !== -1 && cr < start) cr = text.indexOf("\r", start);
    const end = lf < 0 ? length : lf;
    // A lone "\r" ends a line too; "\r\n" ends one line.
    if (cr >= 0 && cr < end) {
      onLine(text.slice(start, cr));
      start = text.charCodeAt(cr + 1) === LF ? cr + 2 : cr + 1;
      continue;
    }
    onLine(text.slice(start, end));
    start = end + 1;
  }
}

interface LineDecoder {
  push(chunk: Uint8Array): void;
  /** Flushes the last line (one not ended by a line break). */
  end(): void;
}

/**
 * Byte chunks in, cleaned lines out (mojibake repaired, controls and byte order marks dropped). Only the
 * unfinished last line is carried between chunks.
 */
export function createLineDecoder(onLine: (line: string) => void): LineDecoder {
  let carry: Uint8Array[] = [];
  let skipLeadingLf = false;
  // cleanLine also drops the byte order mark.
  const emit = (line: string) => onLine(cleanLine(line));

  /** `region` ends with a line break. Decodes it at once when it is all UTF-8, else line by line. */
  function decodeRegion(region: Uint8Array) {
    if (isUtf8(region)) {
      forEachLine(utf8.decode(region), emit);
      return;
    }
    let start = 0;
    for (let i = 0; i < region.length; i++) {
      const byte = region[i]!;
      if (byte !== LF && byte !== CR) continue;
      emit(decodeLenient(region.subarray(start, i)));
      if (byte === CR && region[i + 1] === LF) i++;
      start = i + 1;
    }
  }

  return {
    push(chunk) {
      let from = 0;
      if (skipLeadingLf && chunk.length > 0) {
        if (chunk[0] === LF) from = 1;
        skipLeadingLf = false;
      }
      const last = Math.max(chunk.lastIndexOf(LF), chunk.lastIndexOf(CR));
      if (last < from) {
        // Copies: a stream may reuse its buffers.
        if (chunk.length > from) carry.push(chunk.slice(from));
        return;
      }
      const head = chunk.subarray(from, last + 1);
      decodeRegion(carry.length === 0 ? head : new Uint8Array(Bun.concatArrayBuffers([...carry, head])));
      carry = last + 1 < chunk.length ? [chunk.slice(last + 1)] : [];
      // "\r" as the chunk's last byte: a "\n" opening the next chunk belongs to the same line break.
      skipLeadingLf = chunk[last] === CR && last === chunk.length - 1;
    },
    end() {
      if (carry.length > 0) emit(decodeLenient(new Uint8Array(Bun.concatArrayBuffers(carry))));
      carry = [];
    },
  };
}
