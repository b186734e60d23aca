// Repairs what text files pick up on their way through other tools: UTF-8 read as Windows-1252 and saved
// again (mojibake such as "â€™" for "’"), stray control characters, byte order marks. One pass per line.

/** Windows-1252 character → byte, for the characters that stand for bytes 0x80-0xFF. */
const CP1252_BYTE = new Map<number, number>();
{
  const decoder = new TextDecoder("windows-1252");
  for (let byte = 0x80; byte <= 0xff; byte++) {
    CP1252_BYTE.set(decoder.decode(Uint8Array.of(byte)).charCodeAt(0), byte);
  }
}
const utf8 = new TextDecoder("utf-8");

/** Characters that may start mojibake or must be dropped; lines without any are returned unchanged. */
function needsCleaning(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code >= 0x20 && code < 0x7f) continue;
    if (code !== 0x09 && (code < 0xa0 || code >= 0xfeff)) return true;
    if (code === 0xc2 || code === 0xc3 || code === 0xc5 || code === 0xe2 || code === 0xef) return true;
  }
  return false;
}

/** Repairs mojibake and drops control characters (tabs are kept, form feeds become spaces). */
export function cleanLine(line: string): string {
  if (!needsCleaning(line)) return line;
  let out = "";
  let i = 0;
  while (i < line.length) {
    const repaired = repairAt(line, i);
    if (repaired) {
      out += repaired.text;
      i += repaired.length;
      continue;
    }
    const code = line.charCodeAt(i);
    if (code === 0x0b || code === 0x0c) out += " ";
    else if (!isDropped(code)) out += line[i];
    i++;
  }
  return out;
}

function isDropped(code: number): boolean {
  return (code < 0x20 && code !== 0x09) || (code >= 0x7f && code <= 0x9f) || code === 0xfeff || code === 0xfffd;
}

/** Continuation byte (0x80-0xBF) that the character at `index` stands for in Windows-1252, or -1. */
function continuationAt(line: string, index: number): number {
  if (index >= line.length) return -1;
  const byte = CP1252_BYTE.get(line.charCodeAt(index)) ?? -1;
  return byte >= 0x80 && byte <= 0xbf ? byte : -1;
}

/**
 * A UTF-8 sequence that was decoded as Windows-1252: a two-byte one led by "Â", "Ã" or "Å" ("Ã©" → "é",
 * "Â£" → "£", "Å“" → "œ") or a three-byte one led by "â" (punctuation, "€", "™") or the byte order mark "ï»¿".
 * Other leads are left alone: "ß…" or "Ñ¿" are more likely real text than mojibake.
 */
function repairAt(line: string, index: number): { text: string; length: number } | null {
  const lead = CP1252_BYTE.get(line.charCodeAt(index)) ?? -1;
  if (lead === 0xc2 || lead === 0xc3 || lead === 0xc5) {
    const second = continuationAt(line, index + 1);
    if (second < 0) return null;
    return { text: utf8.decode(Uint8Array.of(lead, second)), length: 2 };
  }
  if (lead === 0xe2 || lead === 0xef) {
    const second = continuationAt(line, index + 1);
    const third = continuationAt(line, index + 2);
    if (second < 0 || third < 0) return null;
    if (lead === 0xef && (second !== 0xbb || third !== 0xbf)) return null;
    if (lead === 0xe2 && second > 0x84) return null; // U+2000-U+213F: quotes, dashes, "…", "€", "™"
    const text = utf8.decode(Uint8Array.of(lead, second, third));
    return { text: text === "\ufeff" ? "" : text, length: 3 };
  }
  return null;
}

export const isWhitespace = (code: number) =>
  code === 0x20 ||
  (code >= 0x09 && code <= 0x0d) ||
  code === 0xa0 ||
  code === 0x1680 ||
  (code >= 0x2000 && code <= 0x200a) ||
  code === 0x2028 ||
  code === 0x2029 ||
  code === 0x202f ||
  code === 0x205f ||
  code === 0x3000;

/**
 * Runs of whitespace (line breaks and no-break spaces included) become one space; ends trimmed. The result is
 * one flat string: concatenating piece by piece would keep a chain of small strings alive per segment.
 */
export function collapseWhitespace(text: string): string {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    if (isWhitespace(text.charCodeAt(i))) {
      if (start >= 0) words.push(text.slice(start, i));
      start = -1;
    } else if (start < 0) start = i;
  }
  if (start >= 0) words.push(text.slice(start));
  return words.join(" ");
}
