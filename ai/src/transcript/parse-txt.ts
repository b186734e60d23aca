// Plain-text transcripts, one line at a time. A turn starts at:
//   - a speaker header, a line holding only a name and a time (Otter, Rev, Fireflies: ./speaker-header.ts),
//     with the words in the paragraph below;
//   - a line with a time ("[00:01:02]", "(1:02)", "00:01:02 -") or a speaker prefix ("Dana:").
// Other lines continue the turn; a blank line ends a paragraph. A time alone on a line (Google Meet's markers,
// Otter's unnamed turns) dates the turns after it. Tool headings and footers are dropped. A timed segment ends
// where the next timed one starts.

import type { TranscriptSegment } from "../types";
import { collapseWhitespace } from "./clean-text";
import { readTimestampAt } from "./cue-timing";
import { readSpeakerHeader } from "./speaker-header";
import { matchSpeakerPrefix } from "./speaker-prefix";
import { dropTimedTags, isToolBoilerplate } from "./tool-boilerplate";

/** Lines at the top of a file where a tool's heading (date, title) may stand. */
const OPENING_LINES = 3;

/** "[00:01:02]", "(1:02)", "[(00:05)]" and the like, with an optional dash after: the time and the rest. */
function readTimePrefix(line: string): { seconds: number; rest: string } | null {
  let at = 0;
  if (line[at] === "[") at++;
  if (line[at] === "(") at++;
  const time = readTimestampAt(line, at);
  if (!time) return null;
  at = time.end;
  if (line[at] === ")") at++;
  if (line[at] === "]") at++;
  while (line[at] === " ") at++;
  if (line[at] === "-" || line[at] === "–") at++;
  while (line[at] === " ") at++;
  return { seconds: time.seconds, rest: line.slice(at) };
}

export function createTxtParser() {
  const segments: TranscriptSegment[] = [];
  let current: TranscriptSegment | null = null;
  /** The current turn's lines, joined when it ends (appending line by line would build a chain of pieces). */
  let lines: string[] = [];
  let previousKept: TranscriptSegment | null = null;
  /** The last time seen alone on a line: turns without a time of their own start there. */
  let marker: number | null = null;
  let linesSeen = 0;
  let atParagraphStart = true;
  let headersSeen = 0;

  function close() {
    if (!current) return;
    current.text = lines.join(" ").trim();
    lines = [];
    if (current.text) {
      const previous = previousKept;
      if (previous && previous.start !== null && current.start !== null && current.start > previous.start) {
        previous.end = current.start;
      }
      segments.push(current);
      previousKept = current;
    }
    current = null;
  }

  /** A turn opened by a header or a time waits for its words: a blank line before them does not end it. */
  const isWaitingForWords = () =>
    current !== null && lines.length === 0 && (current.speaker !== null || current.start !== null);

  function start(segment: Omit<TranscriptSegment, "text">, text: string) {
    close();
    current = { ...segment, text: "" };
    if (text !== "") lines.push(text);
  }

  function pushWords(line: string, raw: string) {
    // A header needs the start of a paragraph until the file has shown it uses headers: then one may follow
    // speech directly (exports without blank lines between turns).
    const canBeHeader = atParagraphStart || headersSeen > 0 || isWaitingForWords();
    // The raw line: its spacing is part of the export's structure (./speaker-header.ts).
    const header = canBeHeader ? readSpeakerHeader(raw, { atParagraphStart }) : null;
    if (header) {
      headersSeen++;
      start({ start: header.seconds, end: null, speaker: header.speaker }, header.text);
      return;
    }
    const time = readTimePrefix(line);
    if (time && time.rest === "") marker = time.seconds;
    const rest = dropTimedTags(time ? time.rest : line);
    const prefixed = matchSpeakerPrefix(rest);
    if (!time && !prefixed && current) {
      if (rest !== "") lines.push(rest);
      return;
    }
    start(
      { start: time ? time.seconds : marker, end: null, speaker: prefixed?.speaker ?? null },
      prefixed ? prefixed.text : rest,
    );
  }

  return {
    pushLine(raw: string) {
      const line = collapseWhitespace(raw);
      if (!line) {
        if (!isWaitingForWords()) close(); // a blank line ends a paragraph
        atParagraphStart = true;
        return;
      }
      linesSeen++;
      if (isToolBoilerplate(line, linesSeen <= OPENING_LINES)) {
        close();
        return;
      }
      pushWords(line, raw);
      atParagraphStart = false;
    },
    finish(): TranscriptSegment[] {
      close();
      return segments;
    },
  };
}
