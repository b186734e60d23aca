// One cue becomes one or more transcript segments: a new segment starts where the speaker changes, whether
// the speaker comes from a <v> tag or from a "Name:" prefix (or a "- " dialogue dash) at the start of a line.

import type { TranscriptSegment } from "../types";
import { collapseWhitespace } from "./clean-text";
import type { CueRun } from "./parse-cue-text";
import { readLineTurn } from "./speaker-prefix";

interface Draft {
  speaker: string | null;
  raw: string;
}

export function buildCueSegments(runs: CueRun[], start: number | null, end: number | null, out: TranscriptSegment[]) {
  const drafts: Draft[] = [];
  let current: Draft | undefined;
  let atLineStart = true;
  const open = (speaker: string | null) => {
    current = { speaker, raw: "" };
    drafts.push(current);
    return current;
  };

  for (const run of runs) {
    if (run.speaker !== null) {
      if (current?.speaker !== run.speaker) open(run.speaker);
      current!.raw += run.text;
    } else {
      let from = 0;
      for (;;) {
        const newline = run.text.indexOf("\n", from);
        const line = run.text.slice(from, newline < 0 ? run.text.length : newline);
        const turn = atLineStart ? readLineTurn(line) : null;
        if (turn?.opensTurn) {
          const continues = turn.speaker !== null && current?.speaker === turn.speaker;
          if (!continues && (current === undefined || collapseWhitespace(current.raw) !== "" || turn.speaker)) {
            open(turn.speaker);
          }
          current!.raw += ` ${turn.text}`;
        } else {
          (current ?? open(null)).raw += line;
        }
        if (newline < 0) break;
        current!.raw += "\n";
        atLineStart = true;
        from = newline + 1;
        if (from === run.text.length) break;
      }
    }
    atLineStart = run.text.endsWith("\n");
  }

  for (const draft of drafts) {
    const text = collapseWhitespace(draft.raw);
    if (text) out.push({ start, end, speaker: draft.speaker, text });
  }
}
