// Transcript files as real tools write them: SRT counters and commas, missing blank lines, <font> and {\an8}
// tags, speaker prefixes and dialogue dashes, BOM, CRLF, trailing garbage; plain text with times and names.

import { describe, expect, test } from "bun:test";
import { detectTranscriptFormat } from "./detect-format";
import { parseTranscript, readTranscriptFile } from "./parse-transcript";

const encode = (text: string) => new TextEncoder().encode(text);

describe("SRT", () => {
  test("counters, comma decimals, BOM, CRLF and a file ending without a newline", () => {
    const srt =
      "\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nDana Whitfield: Good morning.\r\n\r\n2\r\n00:00:02,500 --> 00:00:04,000\r\nSPEAKER_01: Morning.";
    const { format, transcript } = readTranscriptFile(encode(srt));
    expect(format).toBe("srt");
    expect(transcript.segments).toEqual([
      { start: 1, end: 2.5, speaker: "Dana Whitfield", text: "Good morning." },
      { start: 2.5, end: 4, speaker: "SPEAKER_01", text: "Morning." },
    ]);
  });

  test("missing blank lines between cues: the counter belongs to the next cue, not the text", () => {
    const srt =
      "1\n00:00:01,000 --> 00:00:02,000\nFirst line\n2\n00:00:02,000 --> 00:00:03,000\nSecond line\n3\n00:00:03,000 --> 00:00:04,000\nThird";
    expect(parseTranscript(srt, "srt").segments.map((s) => [s.start, s.text])).toEqual([
      [1, "First line"],
      [2, "Second line"],
      [3, "Third"],
    ]);
  });

  test("a number line that is not followed by a timing line is text", () => {
    const srt = "1\n00:00:01,000 --> 00:00:02,000\nThe total is\n42\nthousand\n\n2\n00:00:02,000 --> 00:00:03,000\nok";
    expect(parseTranscript(srt, "srt").segments[0]?.text).toBe("The total is 42 thousand");
  });

  test("<font>, <i>, {\\an8} and ASS overrides are removed", () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<font color="#ffff00"><i>Leo Brandt:</i></font> {\\i1}Hello{\\i0} there';
    expect(parseTranscript(srt, "srt").segments).toEqual([
      { start: 1, end: 2, speaker: "Leo Brandt", text: "Hello there" },
    ]);
  });

  test("dialogue dashes start a new turn; lines of spaces separate cues; trailing garbage is ignored", () => {
    const srt =
      "1\n00:00:01,000 --> 00:00:03,000\n- Are you coming?\n- Yes.\n   \n2\n00:00:03,000 --> 00:00:04,000 X1:100 X2:200\nBye.\n\n\n\nsome trailing text\n\n";
    expect(parseTranscript(srt, "srt").segments).toEqual([
      { start: 1, end: 3, speaker: null, text: "Are you coming?" },
      { start: 1, end: 3, speaker: null, text: "Yes." },
      { start: 3, end: 4, speaker: null, text: "Bye." },
    ]);
  });

  test("a speaker prefix continues the turn of the same speaker and lines without one continue it", () => {
    const srt =
      "1\n00:00:01,000 --> 00:00:05,000\nDr. Raman: We start\nwith the trust.\nDr. Raman: Then taxes.\nSofia Marin: Fine.";
    expect(parseTranscript(srt, "srt").segments.map((s) => [s.speaker, s.text])).toEqual([
      ["Dr. Raman", "We start with the trust. Then taxes."],
      ["Sofia Marin", "Fine."],
    ]);
  });

  test("SRT without counters or blank lines is still recognised", () => {
    const srt = "00:00:01,000 --> 00:00:02,000\nOne\n00:00:02,000 --> 00:00:03,000\nTwo";
    expect(detectTranscriptFormat(encode(srt))).toBe("srt");
    expect(parseTranscript(srt, "srt").segments.map((s) => s.text)).toEqual(["One", "Two"]);
  });
});

describe("plain text", () => {
  test("times in brackets or parentheses, with a dash; names with numbers; paragraphs", () => {
    const txt =
      "[00:00:05] Dana Whitfield: Welcome.\n(00:10) - Speaker 2: Thanks.\nMore from speaker two.\n\nA closing paragraph.";
    expect(parseTranscript(txt, "txt").segments).toEqual([
      { start: 5, end: 10, speaker: "Dana Whitfield", text: "Welcome." },
      { start: 10, end: null, speaker: "Speaker 2", text: "Thanks. More from speaker two." },
      { start: null, end: null, speaker: null, text: "A closing paragraph." },
    ]);
  });

  test("a sentence with a colon far in, or a time of day, is not a speaker", () => {
    const txt =
      "We agreed on the following three points for the next review meeting: budget, trust.\nat 10:5 we stopped";
    expect(parseTranscript(txt, "txt").segments).toEqual([
      {
        start: null,
        end: null,
        speaker: null,
        text: "We agreed on the following three points for the next review meeting: budget, trust. at 10:5 we stopped",
      },
    ]);
  });
});
