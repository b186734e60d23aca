import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { detectTranscriptFormat } from "./detect-format";
import { parseTranscript, readTranscriptFile } from "./parse-transcript";

const samples = join(import.meta.dir, "../../test-support/transcripts");
const readSample = (name: string) => new Uint8Array(readFileSync(join(samples, name)));
const encode = (text: string) => new TextEncoder().encode(text);

describe("detectTranscriptFormat", () => {
  test("recognises the sample files from their content", () => {
    expect(detectTranscriptFormat(readSample("portfolio-review.vtt"))).toBe("vtt");
    expect(detectTranscriptFormat(readSample("tax-planning.srt"))).toBe("srt");
  });

  test("recognises plain text and a BOM-prefixed VTT", () => {
    expect(detectTranscriptFormat(encode("Dana: Hello there.\nMarcus: Hi."))).toBe("txt");
    expect(detectTranscriptFormat(encode("\uFEFFWEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nHi"))).toBe("vtt");
  });

  test("refuses binary and empty content", () => {
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x3e, 0x00]);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48]);
    let seed = 42;
    const random = Uint8Array.from({ length: 4096 }, () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed >> 16;
    });
    const controls = encode("hello\u0001\u0002\u0003\u0004 world\u0007\u0008\u000b");
    for (const bytes of [elf, png, random, controls, new Uint8Array(0), encode("   \n\n  ")]) {
      expect(detectTranscriptFormat(bytes)).toBeNull();
    }
  });
});

describe("parseTranscript", () => {
  test("parses the VTT sample with voices and timestamps", () => {
    const { transcript } = readTranscriptFile(readSample("portfolio-review.vtt"));
    expect(transcript.segments).toHaveLength(15);
    expect(new Set(transcript.segments.map((s) => s.speaker))).toEqual(new Set(["Dana Whitfield", "Marcus Okafor"]));
    expect(transcript.segments[0]).toMatchObject({ start: 0, end: 7.5, speaker: "Dana Whitfield" });
    expect(transcript.segments[0]?.text.startsWith("Good morning, Marcus.")).toBe(true);
    expect(transcript.segments[6]).toMatchObject({ start: 58, end: 72 });
    expect(transcript.durationSeconds).toBe(154);
    expect(transcript.fullText.split("\n")[1]).toStartWith("Marcus Okafor: Morning, Dana.");
    expect(transcript.fullText).not.toContain("<v");
  });

  test("parses the SRT sample with name prefixes", () => {
    const { transcript } = readTranscriptFile(readSample("tax-planning.srt"));
    expect(transcript.segments).toHaveLength(11);
    expect(transcript.segments[1]).toEqual({
      start: 9,
      end: 18,
      speaker: "Sofia Marin",
      text: "Thanks, Leo. The big question for me is whether we should elect S corporation status this year.",
    });
    expect(transcript.segments.at(-1)?.speaker).toBe("Leo Brandt");
    expect(transcript.durationSeconds).toBe(128);
  });

  test("handles CRLF, styling tags, multi-line cues and several voices in one cue", () => {
    const vtt = [
      "WEBVTT - styled",
      "",
      "NOTE this is a comment --> not a cue",
      "",
      "intro",
      "00:00:01.000 --> 00:00:04.250 align:start",
      "<v.loud Ann Lee><b>First</b> line &amp; more",
      "continues here</v>",
      "",
      "00:05.000 --> 00:07.000",
      "<v Ann Lee>Question?",
      "<v Bob>Answer.",
    ].join("\r\n");
    const transcript = parseTranscript(vtt, "vtt");
    expect(transcript.segments).toEqual([
      { start: 1, end: 4.25, speaker: "Ann Lee", text: "First line & more continues here" },
      { start: 5, end: 7, speaker: "Ann Lee", text: "Question?" },
      { start: 5, end: 7, speaker: "Bob", text: "Answer." },
    ]);
    expect(transcript.fullText).toBe("Ann Lee: First line & more continues here\nAnn Lee: Question?\nBob: Answer.");
  });

  test("parses SRT italics and speakerless cues", () => {
    const srt =
      "1\n00:00:01,500 --> 00:00:03,000\n<i>Just music</i>\n\n2\n00:00:03,000 --> 00:00:05,000\n{\\an8}Jo: Hi.";
    const transcript = parseTranscript(srt, "srt");
    expect(transcript.segments).toEqual([
      { start: 1.5, end: 3, speaker: null, text: "Just music" },
      { start: 3, end: 5, speaker: "Jo", text: "Hi." },
    ]);
  });

  test("parses text lines with and without timestamps, and plain paragraphs", () => {
    const txt =
      "[00:00:05] Dana Whitfield: Welcome.\n[00:01:02] Marcus: Thanks,\nglad to be here.\n\nA plain paragraph.";
    const transcript = parseTranscript(txt, "txt");
    expect(transcript.segments).toEqual([
      { start: 5, end: 62, speaker: "Dana Whitfield", text: "Welcome." },
      { start: 62, end: null, speaker: "Marcus", text: "Thanks, glad to be here." },
      { start: null, end: null, speaker: null, text: "A plain paragraph." },
    ]);
    expect(transcript.durationSeconds).toBe(62);
    const untimed = parseTranscript("Ann: One.\nBob: Two.", "txt");
    expect(untimed.durationSeconds).toBeNull();
    expect(untimed.fullText).toBe("Ann: One.\nBob: Two.");
  });

  test("throws a clear error for empty or cue-less content", () => {
    expect(() => parseTranscript("", "txt")).toThrow("unsupported file format");
    expect(() => parseTranscript("WEBVTT\n\nno cues at all", "vtt")).toThrow("unsupported file format");
    expect(() => readTranscriptFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1]))).toThrow("unsupported file format");
  });
});
