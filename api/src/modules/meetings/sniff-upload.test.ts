import { describe, expect, test } from "bun:test";
import { sniffUpload } from "./sniff-upload";

const encode = (text: string) => new TextEncoder().encode(text);

describe("sniffUpload", () => {
  test("text with a stray control character, mojibake or Windows-1252 bytes is a transcript", () => {
    const text = "Dana: We reviewed the trust and the rollover.\n".repeat(30);
    expect(sniffUpload(encode(`${text}Marcus: ok\u0007\n`))).toEqual({ kind: "transcript" });
    expect(sniffUpload(encode(`${text}Marcus: Itâ€™s fine â€” really.\n`))).toEqual({ kind: "transcript" });
    expect(sniffUpload(new Uint8Array([...encode(text), 0x63, 0x61, 0x66, 0xe9, 0x0a]))).toEqual({
      kind: "transcript",
    });
  });

  test("a head cut inside a multi-byte character is still text", () => {
    const head = encode("WEBVTT\n\n00:00.000 --> 00:01.000\n".padEnd(4095, "é")).subarray(0, 4096);
    expect(sniffUpload(head)).toEqual({ kind: "transcript" });
  });

  test("binary, blank and audio are not transcripts", () => {
    expect(sniffUpload(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0]))).toEqual({ kind: "unknown" });
    expect(sniffUpload(encode("hello\u0001\u0002\u0003\u0004 world\u0007\u0008\u000b"))).toEqual({ kind: "unknown" });
    expect(sniffUpload(encode("   \n\n"))).toEqual({ kind: "unknown" });
    expect(sniffUpload(encode("%PDF-1.7\n%âãÏÓ\n"))).toEqual({ kind: "unknown" });
    const wav = new Uint8Array(64);
    wav.set(encode("RIFF"), 0);
    wav.set(encode("WAVEfmt "), 8);
    expect(sniffUpload(wav)).toMatchObject({ kind: "audio", container: "wav" });
  });

  test("UTF-16 text with a byte order mark is a transcript, though FF FE also reads as an MPEG frame sync", () => {
    const text = "WEBVTT\n\n00:00.000 --> 00:01.000\n<v Ines Moreau>Hello.</v>\n";
    const units = Array.from(text, (char) => char.charCodeAt(0));
    const littleEndian = Uint8Array.from([0xff, 0xfe, ...units.flatMap((unit) => [unit & 0xff, unit >> 8])]);
    const bigEndian = Uint8Array.from([0xfe, 0xff, ...units.flatMap((unit) => [unit >> 8, unit & 0xff])]);
    expect(sniffUpload(littleEndian)).toEqual({ kind: "transcript" });
    expect(sniffUpload(bigEndian)).toEqual({ kind: "transcript" });
    const adts = Uint8Array.from([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc, 0x21, 0x00, 0x49, 0x90, 0x02, 0x19, 0x00]);
    expect(sniffUpload(adts)).toMatchObject({ kind: "audio", container: "aac" });
  });
});
