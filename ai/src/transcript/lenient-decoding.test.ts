// Stray control characters and mis-encoded text never make a file unreadable; real binary is still refused.

import { describe, expect, test } from "bun:test";
import { decodeText, detectTranscriptFormat } from "./detect-format";
import { readTranscriptFile } from "./parse-transcript";

const encode = (text: string) => new TextEncoder().encode(text);
const windows1252 = (text: string) =>
  Uint8Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    const special: Record<string, number> = { "’": 0x92, "“": 0x93, "”": 0x94, "—": 0x97, "€": 0x80 };
    return special[char] ?? code;
  });
const paragraph = "Dana Whitfield: We reviewed the rollover and the trust, and agreed on the next steps.\n".repeat(12);

describe("lenient decoding", () => {
  test("one stray control character in a 1 KB file is dropped, not fatal", () => {
    const bytes = encode(`${paragraph}Marcus: Fine\u0007 by me.\u001b\n`);
    expect(bytes.length).toBeGreaterThan(1000);
    expect(detectTranscriptFormat(bytes)).toBe("txt");
    const { transcript } = readTranscriptFile(bytes);
    expect(transcript.segments.at(-1)).toMatchObject({ speaker: "Marcus", text: "Fine by me." });
  });

  test("mojibake (UTF-8 read as Windows-1252 and saved again) is repaired", () => {
    const text = `${paragraph}Marcus: Itâ€™s done â€” â€œfinallyâ€\u009d. CafÃ© Ã\u00a0 la crÃ¨me, Â£5, 10â‚¬, Å“uvre, Brandâ„¢.\n`;
    const { transcript } = readTranscriptFile(encode(text));
    expect(transcript.segments.at(-1)?.text).toBe("It’s done — “finally”. Café à la crème, £5, 10€, œuvre, Brand™.");
  });

  test("Windows-1252 bytes that are not valid UTF-8 are decoded as Windows-1252", () => {
    const bytes = windows1252("WEBVTT\n\n00:00.000 --> 00:02.000\n<v Zoë>It’s “café” — 5€\n");
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow();
    const { format, transcript } = readTranscriptFile(bytes);
    expect(format).toBe("vtt");
    expect(transcript.segments).toEqual([{ start: 0, end: 2, speaker: "Zoë", text: "It’s “café” — 5€" }]);
  });

  test("one Windows-1252 line in a UTF-8 file: each line is decoded on its own", () => {
    const bytes = new Uint8Array([...encode("Ann: Zoë says hi\n"), ...windows1252("Bob: café\n")]);
    expect(readTranscriptFile(bytes).transcript.segments.map((s) => s.text)).toEqual(["Zoë says hi", "café"]);
  });

  test("BOM mojibake and byte order marks disappear", () => {
    expect(decodeText(encode("ï»¿Ann: hi\n\uFEFFBob: yo"))).toBe("Ann: hi\nBob: yo");
  });

  test("real binary is still refused: NUL bytes, mostly control characters, known signatures", () => {
    const controls = encode("hello\u0001\u0002\u0003\u0004 world\u0007\u0008\u000b");
    const noisy = Uint8Array.from({ length: 2000 }, (_, i) => (i % 7 === 0 ? 0x01 : 0x61));
    const pdf = encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n");
    const wav = encode("RIFF\u0024\u0008\u0000\u0000WAVEfmt ");
    for (const bytes of [controls, noisy, pdf, wav, new Uint8Array([0x61, 0x00, 0x62])]) {
      expect(detectTranscriptFormat(bytes)).toBeNull();
    }
    expect(() => readTranscriptFile(pdf)).toThrow("unsupported file format");
  });

  test("a multi-byte character cut at the end of the sniffed head does not count against the file", () => {
    const text = `${"é".repeat(2047)}x`; // 4095 bytes: the head ends inside the next "é"
    const bytes = encode(`${text}é more text`);
    expect(detectTranscriptFormat(bytes.subarray(0, 4096))).toBe("txt");
  });
});
