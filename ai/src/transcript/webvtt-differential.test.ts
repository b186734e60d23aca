// Differential test against webvtt-parser (Anne van Kesteren's parser that follows the WebVTT spec): generated
// WebVTT files must give the same cues (identifier, times, raw text) and, from the cue text trees, the same
// speakers and plain text.

import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { type Cue, type TreeNode, WebVTTParser } from "webvtt-parser";
import htmlEntities from "webvtt-parser/html-entities.json";
import type { TranscriptSegment } from "../types";
import { buildCueSegments } from "./build-cue-segments";
import { cleanLine } from "./clean-text";
import { forEachLine } from "./decode-lines";
import { parseCueText } from "./parse-cue-text";
import { createCueReader, type ParsedCue } from "./parse-cues";
import { createTranscriptParser } from "./parse-transcript";

// The package's default table only has names without ";" (so "&amp;" would become "&;"): use the HTML table.
const reference = new WebVTTParser(htmlEntities as ConstructorParameters<typeof WebVTTParser>[0]);

const pad = (value: number, width: number) => String(value).padStart(width, "0");

/** A WebVTT timestamp: no hours, or hours written with 1 to 6 digits. */
const timestamp = fc
  .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 99_999 }), fc.nat(59), fc.nat(59), fc.nat(999))
  .map(([hourWidth, hours, minutes, seconds, ms]) => {
    const tail = `${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(ms, 3)}`;
    if (hourWidth === 0) return tail;
    return `${pad(hours % 10 ** hourWidth, hourWidth)}:${tail}`;
  });

const settings = fc.constantFrom("", " align:start", " line:0 position:50%", " size:80% vertical:rl", " foo:bar", "\t");
const arrow = fc.constantFrom(" --> ", "\t-->\t", "  -->  ", " -->\t");
const timingLine = fc.tuple(timestamp, arrow, timestamp, settings).map((parts) => parts.join(""));

const word = fc.constantFrom(
  "we",
  "reviewed",
  "the",
  "trust",
  "Rollover",
  "taxes",
  "é",
  "Zoë",
  "中文",
  "42",
  "ok?",
  "yes!",
  "it's",
  '"quoted"',
  "a,b",
  "x.y",
);
const speaker = fc.constantFrom("Ann Lee", "Bob", "Dr. Raman", "Zoë  Ng", "SPEAKER_01");
const entity = fc.constantFrom(
  "&amp;",
  "&lt;",
  "&gt;",
  "&lrm;",
  "&rlm;",
  "&nbsp;",
  "&quot;",
  "&#65;",
  "&#233;",
  "&#8217;",
  "&#x41;",
  "&#x20;",
  "& ",
);
const tag = fc.oneof(
  speaker.map((name) => `<v ${name}>`),
  speaker.map((name) => `<v.loud ${name}>`),
  fc.constantFrom("</v>", "<v>", "<c>", "<c.yellow.bg>", "</c>", "<i>", "</i>", "<b>", "</b>", "<u>", "</u>"),
  fc.constantFrom(
    "<ruby>",
    "<rt>",
    "</rt>",
    "</ruby>",
    "<lang en>",
    "</lang>",
    "<00:00:01.500>",
    "<font color=red>",
    "</font>",
    "<>",
    "</>",
  ),
);
const atom = fc.oneof(
  { weight: 4, arbitrary: word },
  { weight: 2, arbitrary: entity },
  { weight: 2, arbitrary: tag },
  { weight: 2, arbitrary: fc.constant(" ") },
);
/** A cue text line: never empty, never "-->" (those come separately), never a "Name:" or "- " start. */
const textLine = fc.array(atom, { minLength: 1, maxLength: 8 }).map((atoms) => `x${atoms.join("")}`);
const arrowInText = fc.oneof(timingLine, fc.constantFrom("and then --> we", "-->", "a-->b"));

const cueBlock = fc
  .tuple(
    fc.option(fc.constantFrom("intro", "12", "cue-3", "Ann's part"), { nil: undefined }),
    timingLine,
    fc.array(fc.oneof({ weight: 8, arbitrary: textLine }, { weight: 1, arbitrary: arrowInText }), { maxLength: 4 }),
  )
  .map(([id, timing, lines]) => [...(id ? [id] : []), timing, ...lines].join("\n"));

const otherBlock = fc.constantFrom(
  "NOTE a comment",
  "NOTE\nspanning two lines",
  "STYLE\n::cue { color: red }",
  "REGION\nid:fred width:40%",
  "stray text without a timing",
);

const vttFile = fc
  .tuple(
    fc.constantFrom("WEBVTT", "WEBVTT - Review", "WEBVTT\tx", "\uFEFFWEBVTT", "WEBVTT\nKind: captions\nLanguage: en"),
    fc.array(fc.oneof({ weight: 5, arbitrary: cueBlock }, { weight: 1, arbitrary: otherBlock }), { maxLength: 8 }),
    fc.array(fc.constantFrom("\n\n", "\n\n\n"), { minLength: 9, maxLength: 9 }),
    fc.constantFrom("\n", "\r\n", "\r"),
  )
  .map(([header, blocks, gaps, newline]) => {
    let file = header;
    blocks.forEach((block, i) => {
      file += (gaps[i] ?? "\n\n") + block;
    });
    return file.replaceAll("\n", newline);
  });

/** The reference's cue tree flattened by our rule: text joins the current segment unless a <v> names someone else. */
function referenceSegments(cue: Cue): TranscriptSegment[] {
  const drafts: { speaker: string | null; raw: string }[] = [];
  const walk = (nodes: TreeNode[], voice: string | null) => {
    for (const node of nodes) {
      if (node.type === "text") {
        const current = drafts[drafts.length - 1];
        if (current && (voice === null || current.speaker === voice)) current.raw += node.value;
        else drafts.push({ speaker: voice, raw: node.value });
      } else if (node.type === "object") {
        walk(node.children as TreeNode[], node.name === "v" ? node.value || null : voice);
      }
    }
  };
  walk(cue.tree.children, null);
  const start = Math.round(cue.startTime * 1000) / 1000;
  const end = Math.round(cue.endTime * 1000) / 1000;
  return drafts
    .map((draft) => ({ start, end, speaker: draft.speaker, text: draft.raw.replace(/\s+/g, " ").trim() }))
    .filter((segment) => segment.text !== "");
}

function ourCues(file: string): ParsedCue[] {
  const cues: ParsedCue[] = [];
  const reader = createCueReader("vtt", (cue) => cues.push(cue));
  forEachLine(file, (line) => reader.pushLine(cleanLine(line)));
  reader.finish();
  return cues;
}

/** The reference sorts cues by start time, then longest first; sort ours the same (stable) way. */
const byTime = <T extends { start: number; end: number }>(items: T[]) =>
  [...items].sort((a, b) => a.start - b.start || b.end - a.end);

function compare(file: string) {
  const expected = reference.parse(file, "metadata").cues;
  const cues = byTime(ourCues(file));
  expect(cues.map((cue) => ({ id: cue.id, start: cue.start, end: cue.end, text: cue.text }))).toEqual(
    expected.map((cue) => ({
      id: cue.id,
      start: Math.round(cue.startTime * 1000) / 1000,
      end: Math.round(cue.endTime * 1000) / 1000,
      text: cue.text,
    })),
  );
  for (const [index, cue] of cues.entries()) {
    const segments: TranscriptSegment[] = [];
    buildCueSegments(parseCueText(cue.text), cue.start, cue.end, segments);
    expect({ cue: cue.text, segments }).toEqual({ cue: cue.text, segments: referenceSegments(expected[index]!) });
  }
  // And through the public parser: every segment of the file, in the reference's order.
  const parser = createTranscriptParser("vtt");
  forEachLine(file, (line) => parser.pushLine(cleanLine(line)));
  const all = byTime(parser.finish().map((segment) => ({ ...segment, start: segment.start!, end: segment.end! })));
  expect(all).toEqual(
    expected.flatMap((cue) =>
      referenceSegments(cue).map((segment) => ({ ...segment, start: segment.start!, end: segment.end! })),
    ),
  );
}

describe("WebVTT parsing agrees with webvtt-parser", () => {
  test("on generated files (identifiers, hour widths, settings, --> in text, entities, tags, NOTE, CRLF)", () => {
    fc.assert(
      fc.property(vttFile, (file) => compare(file)),
      { numRuns: 400 },
    );
  });

  test("on a hand-written file with every feature at once", () => {
    compare(
      [
        "\uFEFFWEBVTT - all features",
        "Kind: captions",
        "",
        "NOTE written by hand",
        "",
        "STYLE",
        "::cue(v[voice=Ann]) { color: red }",
        "",
        "intro",
        "1234:05:06.789 --> 1234:05:07.000 align:start line:10%",
        "<v.loud Ann Lee><b>First</b> &amp; <i>more</i></v><v Bob>reply &lt;3",
        "<ruby>漢<rt>kan</rt></ruby> <lang fr>oui</lang>",
        "00:01.000 --> 00:02.000",
        "after an arrow &#8217;s",
        "",
        "and then --> nothing",
        "lost text",
        "",
        "00:00:03.000 --> 00:00:04.000",
        "<c.yellow>x</c><00:00:03.500>y",
      ].join("\r\n"),
    );
  });
});
