// VTT and SRT cues, one line at a time, by the block rules of the WebVTT parser algorithm: a block is a run
// of non-empty lines; its first line (or its second, after a cue identifier) may be the timing line; a later
// line containing "-->" ends the block and starts the next one. NOTE, STYLE and REGION blocks have no timing
// line and are skipped; so is the header after "WEBVTT". SRT habits on top: lenient timestamps, counters that
// follow a cue without a blank line, lines of spaces counted as blank.

import type { TranscriptSegment } from "../types";
import { buildCueSegments } from "./build-cue-segments";
import { type CueTiming, parseCueTiming } from "./cue-timing";
import { parseCueText } from "./parse-cue-text";

export interface ParsedCue extends CueTiming {
  id: string;
  /** Cue text as written: lines joined with "\n", tags and references still in. */
  text: string;
}

interface LineParser {
  pushLine(line: string): void;
  /** Ends the input: the last cue is emitted. */
  finish(): void;
}

/** Only ASCII digits, as in an SRT cue counter ("12"). */
export const isDigits = (text: string) => text.length > 0 && [...text].every((char) => char >= "0" && char <= "9");
const isBlankSrtLine = (line: string) => line.trim() === "";

/** Reads cues line by line and hands each one to `onCue` as soon as it ends. */
export function createCueReader(format: "vtt" | "srt", onCue: (cue: ParsedCue) => void): LineParser {
  const srt = format === "srt";
  const isBlank = srt ? isBlankSrtLine : (line: string) => line === "";
  let phase: "signature" | "header" | "blocks" = srt ? "blocks" : "signature";
  let lineCount = 0;
  let seenArrow = false;
  let timing: CueTiming | null = null;
  let id = "";
  let text: string[] = [];
  /** SRT: a number line inside a cue, held until we know whether the next line is a timing line. */
  let pendingCounter: string | null = null;

  function endBlock() {
    if (timing) onCue({ ...timing, id, text: text.join("\n") });
    lineCount = 0;
    seenArrow = false;
    timing = null;
    id = "";
    text = [];
  }

  function blockLine(line: string) {
    if (isBlank(line)) {
      if (lineCount > 0) endBlock();
      return;
    }
    lineCount++;
    if (line.includes("-->")) {
      if (lineCount === 1 || (lineCount === 2 && !seenArrow)) {
        seenArrow = true;
        timing = parseCueTiming(line, true);
        return;
      }
      endBlock();
      blockLine(line);
      return;
    }
    if (timing) text.push(line);
    else if (lineCount === 1) id = line;
  }

  function pushLine(line: string) {
    if (phase === "signature") {
      phase = "blocks";
      if (isWebVttSignature(line)) {
        phase = "header";
        return;
      }
    }
    if (phase === "header") {
      // The header runs to the first blank line; a timing line in it ends it and starts a cue.
      if (line === "" || line.includes("-->")) phase = "blocks";
      if (phase === "header" || line === "") return;
    }
    if (!srt) return blockLine(line);
    if (pendingCounter !== null) {
      const counter = pendingCounter;
      pendingCounter = null;
      if (parseCueTiming(line, true)) endBlock();
      blockLine(counter);
    }
    if (timing && isDigits(line.trim())) pendingCounter = line;
    else blockLine(line);
  }

  return {
    pushLine,
    finish() {
      if (pendingCounter !== null) blockLine(pendingCounter);
      pendingCounter = null;
      endBlock();
    },
  };
}

/** "WEBVTT" alone or followed by a space or tab (the spec's signature); leading spaces forgiven. */
export function isWebVttSignature(line: string): boolean {
  const trimmed = line.trimStart();
  if (!trimmed.startsWith("WEBVTT")) return false;
  const after = trimmed[6];
  return after === undefined || after === " " || after === "\t";
}

/** A cue reader that turns cues into transcript segments. */
export function createCueParser(format: "vtt" | "srt") {
  const segments: TranscriptSegment[] = [];
  const reader = createCueReader(format, (cue) => {
    buildCueSegments(parseCueText(cue.text), cue.start, cue.end, segments);
  });
  return {
    pushLine: reader.pushLine,
    finish(): TranscriptSegment[] {
      reader.finish();
      return segments;
    },
  };
}
