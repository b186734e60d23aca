// Fixed cases modelled on the web-platform-tests webvtt/parsing/file-parsing suite (written here from the
// spec's rules, not copied): signature, header, identifiers, timings, "-->" in text, comments, settings,
// newlines. Where this parser is deliberately more lenient than the spec, the test says so.

import { describe, expect, test } from "bun:test";
import { cleanLine } from "./clean-text";
import { forEachLine } from "./decode-lines";
import { createCueReader, type ParsedCue } from "./parse-cues";
import { parseTranscript } from "./parse-transcript";

function cuesOf(file: string): Pick<ParsedCue, "id" | "start" | "end" | "text">[] {
  const cues: ParsedCue[] = [];
  const reader = createCueReader("vtt", (cue) => cues.push(cue));
  forEachLine(file, (line) => reader.pushLine(cleanLine(line)));
  reader.finish();
  return cues.map(({ id, start, end, text }) => ({ id, start, end, text }));
}

const cue = (start: number, end: number, text: string, id = "") => ({ id, start, end, text });

describe("signature and header", () => {
  test("a signature alone has no cues, and the transcript is refused", () => {
    expect(cuesOf("WEBVTT")).toEqual([]);
    expect(cuesOf("WEBVTT\n\n")).toEqual([]);
    expect(() => parseTranscript("WEBVTT\n", "vtt")).toThrow("unsupported file format");
  });

  test("BOM, a title after the signature and header lines before the first blank line", () => {
    const file = "\uFEFFWEBVTT - Portfolio review\nKind: captions\nLanguage: en\n\n00:00.000 --> 00:01.000\nHello";
    expect(cuesOf(file)).toEqual([cue(0, 1, "Hello")]);
  });

  test("a timing line in the header ends the header and starts a cue", () => {
    expect(cuesOf("WEBVTT\nheader text\n00:01.000 --> 00:02.000\nin the cue")).toEqual([cue(1, 2, "in the cue")]);
  });

  test("newlines: LF, CRLF and CR alone", () => {
    for (const newline of ["\n", "\r\n", "\r"]) {
      const file = ["WEBVTT", "", "00:01.000 --> 00:02.000", "one", "", "00:02.000 --> 00:03.000", "two"].join(newline);
      expect(cuesOf(file)).toEqual([cue(1, 2, "one"), cue(2, 3, "two")]);
    }
  });
});

describe("timings", () => {
  test("hours of any number of digits, and no hours", () => {
    expect(cuesOf("WEBVTT\n\n1:02:03.004 --> 123456:00:00.000\na")).toEqual([cue(3723.004, 123456 * 3600, "a")]);
    expect(cuesOf("WEBVTT\n\n59:59.999 --> 60:00:00.000\nb")).toEqual([cue(3599.999, 216000, "b")]);
  });

  test("whitespace around the arrow is optional; tabs and form feeds count as spaces", () => {
    expect(cuesOf("WEBVTT\n\n00:00:00.000-->00:00:01.000\na")).toEqual([cue(0, 1, "a")]);
    expect(cuesOf("WEBVTT\n\n\t00:00.000\t-->\f00:01.000\na")).toEqual([cue(0, 1, "a")]);
  });

  test("cue settings, valid or not, are ignored", () => {
    const file = "WEBVTT\n\n00:00.000 --> 00:01.000 align:start line:0 position:10% size:50% vertical:rl nonsense\na";
    expect(cuesOf(file)).toEqual([cue(0, 1, "a")]);
  });

  test("invalid timing lines drop their block: 60 seconds or minutes, text, a missing end", () => {
    for (const timing of [
      "00:00:60.000 --> 00:01:00.000",
      "00:60:00.000 --> 01:00:00.000",
      "a --> b",
      "00:00.000 -->",
      "00:00.000 <-- 00:01.000 -->",
    ]) {
      expect(cuesOf(`WEBVTT\n\n${timing}\ndropped\n\n00:02.000 --> 00:03.000\nkept`)).toEqual([cue(2, 3, "kept")]);
    }
  });

  test("end before start is kept as written (the spec does not refuse it)", () => {
    expect(cuesOf("WEBVTT\n\n00:05.000 --> 00:01.000\nback")).toEqual([cue(5, 1, "back")]);
  });

  test("more lenient than the spec: SRT-style commas and short fractions, so real files keep their text", () => {
    expect(cuesOf("WEBVTT\n\n00:00:01,500 --> 00:00:02,5\na\n\n00:03 --> 00:04\nb")).toEqual([
      cue(1.5, 2.5, "a"),
      cue(3, 4, "b"),
    ]);
  });
});

describe("blocks", () => {
  test("an identifier is the line before the timing line", () => {
    expect(cuesOf("WEBVTT\n\nintro part 1\n00:00.000 --> 00:01.000\na\n\n2\n00:01.000 --> 00:02.000\nb")).toEqual([
      cue(0, 1, "a", "intro part 1"),
      cue(1, 2, "b", "2"),
    ]);
  });

  test("a line with --> inside cue text ends the cue and starts the next one", () => {
    const file =
      "WEBVTT\n\n00:00.000 --> 00:01.000\none\n00:01.000 --> 00:02.000\ntwo\nnot --> a timing\nlost\n\n00:03.000 --> 00:04.000\nthree";
    expect(cuesOf(file)).toEqual([cue(0, 1, "one"), cue(1, 2, "two"), cue(3, 4, "three")]);
  });

  test("two lines before a timing line: the block is not a cue, the timing line starts a new one", () => {
    expect(cuesOf("WEBVTT\n\nfoo\nbar\n00:00.000 --> 00:01.000\na")).toEqual([cue(0, 1, "a")]);
  });

  test("NOTE, STYLE and REGION blocks are skipped", () => {
    const file = [
      "WEBVTT",
      "",
      "NOTE This is a comment",
      "that spans lines",
      "",
      "STYLE",
      "::cue { color: lime }",
      "",
      "REGION",
      "id:fred width:40%",
      "",
      "NOTE --> on the first line of a comment makes a bad timing line: skipped too",
      "",
      "00:00.000 --> 00:01.000",
      "a",
    ].join("\n");
    expect(cuesOf(file)).toEqual([cue(0, 1, "a")]);
  });

  test("as in the spec, a comment whose second line is a timing line is a cue named NOTE", () => {
    expect(cuesOf("WEBVTT\n\nNOTE\n00:00.000 --> 00:01.000\ntext")).toEqual([cue(0, 1, "text", "NOTE")]);
  });

  test("cue text runs to the first empty line; a line of spaces is text", () => {
    expect(cuesOf("WEBVTT\n\n00:00.000 --> 00:01.000\na\n   \nb\n\nc")).toEqual([cue(0, 1, "a\n   \nb")]);
  });

  test("NUL and other control characters are dropped (the spec turns NUL into U+FFFD)", () => {
    expect(cuesOf("WEBVTT\n\n00:00.000 --> 00:01.000\na\u0000b\u0007c")).toEqual([cue(0, 1, "abc")]);
  });
});

describe("cue text", () => {
  const segments = (text: string) => parseTranscript(`WEBVTT\n\n00:00.000 --> 00:01.000\n${text}`, "vtt").segments;

  test("voices give speakers, with classes and collapsed whitespace in the annotation", () => {
    expect(segments("<v.loud.first  Ann\tLee >Hello</v> <v Bob>Hi")).toEqual([
      { start: 0, end: 1, speaker: "Ann Lee", text: "Hello" },
      { start: 0, end: 1, speaker: "Bob", text: "Hi" },
    ]);
  });

  test("c, i, b, u, ruby, rt, lang and timestamp tags are removed, their text kept", () => {
    expect(
      segments(
        "<c.yellow>a</c> <i>b</i> <b>c</b> <u>d</u> <ruby>漢<rt>kan</rt></ruby> <lang en>e</lang><00:00.500> f",
      )[0]?.text,
    ).toBe("a b c d 漢kan e f");
  });

  test("unknown tags are dropped; an unclosed tag runs to the end of the cue", () => {
    expect(segments('<font color="red">red</font> <span>x</span> <v Ann')).toEqual([
      { start: 0, end: 1, speaker: null, text: "red x" },
    ]);
  });

  test("character references: named, decimal, hexadecimal; unknown ones stay as written", () => {
    expect(segments("&amp; &lt; &gt; a&nbsp;b &lrm;&rlm; &#8217; &#x2019; &bogus; & &amp")[0]?.text).toBe(
      "& < > a b \u200e\u200f ’ ’ &bogus; & &amp",
    );
  });
});
