import { detectUtf16Bom, isTranscriptText } from "@cm/ai/transcript";

/** What an upload is, decided from its first bytes, never from its name or Content-Type. */
export type UploadKind =
  | { kind: "audio"; container: string; extension: string }
  | { kind: "transcript" }
  | { kind: "unknown" };

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

function sniffAudio(b: Uint8Array): { container: string; extension: string } | null {
  if (b.length < 12) return null;
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WAVE") return { container: "wav", extension: "wav" };
  if (ascii(b, 0, 4) === "FORM" && (ascii(b, 8, 4) === "AIFF" || ascii(b, 8, 4) === "AIFC"))
    return { container: "aiff", extension: "aiff" };
  if (ascii(b, 4, 4) === "ftyp") {
    const brand = ascii(b, 8, 4);
    if (brand.startsWith("qt")) return { container: "mov", extension: "mov" };
    if (brand.startsWith("3g")) return { container: "3gp", extension: "3gp" };
    if (brand.startsWith("M4A") || brand.startsWith("M4B")) return { container: "m4a", extension: "m4a" };
    return { container: "mp4", extension: "mp4" };
  }
  if (ascii(b, 0, 4) === "OggS") return { container: "ogg", extension: "ogg" };
  if (ascii(b, 0, 4) === "fLaC") return { container: "flac", extension: "flac" };
  if (ascii(b, 0, 4) === "caff") return { container: "caf", extension: "caf" };
  if (ascii(b, 0, 3) === "ID3") return { container: "mp3", extension: "mp3" };
  if (ascii(b, 0, 6) === "#!AMR\n") return { container: "amr", extension: "amr" };
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return { container: "webm", extension: "webm" };
  // MPEG audio frame sync (MP3) or ADTS (AAC): 11 or 12 set bits.
  if (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0) {
    const layer = (b[1]! >> 1) & 0x03;
    return layer === 0 ? { container: "aac", extension: "aac" } : { container: "mp3", extension: "mp3" };
  }
  return null;
}

export function sniffUpload(head: Uint8Array): UploadKind {
  // UTF-16 text opens with FF FE or FE FF, which also reads as an MPEG frame sync: text that decodes is text.
  if (detectUtf16Bom(head) && isTranscriptText(head)) return { kind: "transcript" };
  const audio = sniffAudio(head);
  if (audio) return { kind: "audio", ...audio };
  // Lenient: UTF-8 or Windows-1252, a few stray control characters allowed; NUL bytes or mostly unprintable is not text.
  if (isTranscriptText(head)) return { kind: "transcript" };
  return { kind: "unknown" };
}
