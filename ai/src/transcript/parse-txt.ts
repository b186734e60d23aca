// Plain-text transcripts, one line at a time: a line with a time ("[00:01:02]", "(1:02)", "00:01:02 -") or a
// speaker prefix ("Dana:") starts a segment; other lines continue it; a blank line ends a paragraph. A timed
// segment ends where the next timed one starts.

import type { TranscriptSegment } from "../types";
import { collapseWhitespace } from "./clean-text";
import { readTimestampAt } from "./cue-timing";
import { matchSpeakerPrefix } from "./speaker-prefix";

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
  let previousKept: TranscriptSegment | null = null;

  function close() {
    if (!current) return;
    current.text = current.text.trim();
    if (current.text) {
      const previous = previousKept;
      if (previous && previous.start !== null && current.start !== null && current.start >= previous.start) {
        previous.end = current.start;
      }
      segments.push(current);
      previousKept = current;
    }
    current = null;
  }

  return {
    pushLine(raw: string) {
      const line = collapseWhitespace(raw);
      if (!line) {
        close(); // a blank line ends a paragraph
        return;
      }
      const time = readTimePrefix(line);
      const rest = time ? time.rest : line;
      const prefixed = matchSpeakerPrefix(rest);
      if (!time && !prefixed && current) {
        current.text = `${current.text} ${line}`;
        return;
      }
      close();
      current = {
        start: time ? time.seconds : null,
        end: null,
        speaker: prefixed?.speaker ?? null,
        text: prefixed ? prefixed.text : rest,
      };
    },
    finish(): TranscriptSegment[] {
      close();
      return segments;
    },
  };
}
