// A meeting script on the recording's timeline, answered piece by piece the way a speech service would hear it:
// each piece gets the lines whose middle falls inside it (lines in an overlap reach both neighbours), with times
// relative to the piece and, for diarization, speaker labels per request in order of appearance ("A", "B", ...).
// The double does not know where a piece starts, so pieces must arrive in order (concurrency 1): each one starts
// `overlapSeconds` before the previous one ended.

import type { DoubleTranscription, TranscriptionInfo } from "./transcription-double";

export interface ScriptLine {
  start: number;
  end: number;
  speaker: string;
  text: string;
  noSpeechProb?: number;
  avgLogprob?: number;
}

export function scriptedSpeech(
  script: ScriptLine[],
  overlapSeconds: number,
): (info: TranscriptionInfo) => DoubleTranscription {
  let nextOffset = 0;
  return (info) => {
    const offset = nextOffset;
    nextOffset = offset + info.durationSeconds - overlapSeconds;
    const labels = new Map<string, string>();
    const segments = script
      .filter((line) => {
        const middle = (line.start + line.end) / 2;
        return middle >= offset && middle < offset + info.durationSeconds;
      })
      .map((line) => {
        if (!labels.has(line.speaker)) labels.set(line.speaker, String.fromCharCode(65 + labels.size));
        return {
          start: Math.max(0, line.start - offset),
          end: Math.min(info.durationSeconds, line.end - offset),
          text: ` ${line.text}`,
          speaker: labels.get(line.speaker),
          noSpeechProb: line.noSpeechProb,
          avgLogprob: line.avgLogprob,
        };
      });
    return { text: segments.map((s) => s.text.trim()).join(" "), segments };
  };
}

/** Lines every `seconds`, speakers in the given order, each text unique ("Adviser line 3 about pensions."). */
export function meetingScript(speakers: string[], seconds: number, totalSeconds: number): ScriptLine[] {
  const topics = ["pensions", "the mortgage", "school fees", "the trust deed", "tax returns", "insurance"];
  const lines: ScriptLine[] = [];
  for (let index = 0; index * seconds < totalSeconds; index++) {
    const speaker = speakers[index % speakers.length] ?? "Adviser";
    const start = index * seconds;
    lines.push({
      start,
      end: Math.min(totalSeconds, start + seconds),
      speaker,
      text: `${speaker} line ${index + 1} about ${topics[index % topics.length]}.`,
    });
  }
  return lines;
}
