// The worst kind of transcript for the text steps: every sentence a different commitment with a date and an amount
// ("I will send the Hendricks trust report by Friday and we owe $12,480 on invoice 3107."), mixed with requests,
// figures and ordinary talk, so each step sees varied, realistic sentences. Deterministic for a seed. Used by the
// scaling tests (ai/src/local/text-steps-scaling.test.ts, ai/src/intelligence/indexing-scaling.test.ts), the
// scaling bench (ai/bench/text-steps-scaling.ts) and the production test of a 10 MB upload.

import type { TranscriptSegment } from "../src/types";

const SPEAKERS = ["Dana Whitfield", "Marcus Okafor", "Elaine Moss"];
const LEADS = [
  "I will",
  "I'll",
  "Can you",
  "Marcus will",
  "We'll",
  "Elaine, please",
  "I'm going to",
  "Could you please",
];
const VERBS = ["send", "draft", "prepare", "file", "review", "update", "sign", "book", "forward", "reconcile"];
const OBJECTS = [
  "the quarterly performance report",
  "the trust amendment",
  "the rollover paperwork",
  "the estate tax estimate",
  "the insurance comparison",
  "the college fund statement",
  "the pension transfer form",
  "the revised fee schedule",
  "the bond ladder proposal",
  "the beneficiary designation",
];
const CLIENTS = ["Hendricks", "Alvarez", "Nakamura", "Osei", "Lindqvist", "Moreau", "Patel", "Brennan"];
const WHEN = [
  "by Friday",
  "before next Tuesday",
  "by the end of the month",
  "tomorrow",
  "by March 14th",
  "on Monday",
  "by the 20th",
  "before the end of the quarter",
];
const OTHER_TALK = [
  "The equity share drifted to 61 percent against a target of 55 percent.",
  "We agreed to keep six months of expenses in the savings account.",
  "The question is whether the annuity still makes sense at this rate.",
  "Property taxes went up again, so the escrow estimate will change.",
  "Thanks, that sounds good.",
];

/** A pseudo-random sequence that is the same for a seed on every machine. */
function createSequence(seed: number): (bound: number) => number {
  let state = seed >>> 0 || 1;
  return (bound) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % bound;
  };
}

const pick = <T>(list: T[], next: (bound: number) => number): T => list[next(list.length)]!;

/** One commitment no other sentence repeats: its invoice number and amount are its own. */
function commitmentSentence(i: number, next: (bound: number) => number, dated: boolean): string {
  const amount = (1000 + next(90_000)).toLocaleString("en-US");
  const task = `${pick(VERBS, next)} ${pick(OBJECTS, next)} for the ${pick(CLIENTS, next)} account ${10_000 + i}`;
  const lead = pick(LEADS, next);
  const when = pick(WHEN, next);
  const tail = `${dated ? `${when} ` : ""}and we owe $${amount} on invoice ${3000 + i}`;
  return lead.startsWith("Can") || lead.startsWith("Could") ? `${lead} ${task} ${tail}?` : `${lead} ${task} ${tail}.`;
}

export interface CommitmentOptions {
  seed?: number;
  /** Speaker names on the turns (default true); without them every "you" must be resolved from the context. */
  withSpeakers?: boolean;
  /** A due date in every commitment (default true). */
  dated?: boolean;
}

/** Segments of about `bytes` characters of text, one to three sentences a turn, most of them commitments. */
export function buildCommitmentSegments(bytes: number, options: CommitmentOptions = {}): TranscriptSegment[] {
  const { seed = 7, withSpeakers = true, dated = true } = options;
  const next = createSequence(seed);
  const segments: TranscriptSegment[] = [];
  let size = 0;
  let sentence = 0;
  for (let turn = 0; size < bytes; turn++) {
    const parts: string[] = [];
    const count = 1 + next(3);
    for (let k = 0; k < count; k++) {
      parts.push(next(5) === 0 ? pick(OTHER_TALK, next) : commitmentSentence(sentence, next, dated));
      sentence++;
    }
    const text = parts.join(" ");
    const start = turn * 6;
    segments.push({ speaker: withSpeakers ? SPEAKERS[turn % SPEAKERS.length]! : null, text, start, end: start + 5 });
    size += text.length + 40;
  }
  return segments;
}

const stamp = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.000`;
};

/** The same talk as a WebVTT file of at most `bytes` bytes (and nearly that many), one cue a turn with a `<v Speaker>`. */
export function buildCommitmentVtt(bytes: number, seed = 7): string {
  const lines = ["WEBVTT", ""];
  let size = "WEBVTT\n\n".length;
  for (const segment of buildCommitmentSegments(bytes, { seed })) {
    const cue = [
      `${stamp(segment.start ?? 0)} --> ${stamp(segment.end ?? 0)}`,
      `<v ${segment.speaker}>${segment.text}`,
      "",
    ];
    const cueBytes = Buffer.byteLength(`${cue.join("\n")}\n`);
    if (size + cueBytes > bytes) break;
    lines.push(...cue);
    size += cueBytes;
  }
  return lines.join("\n");
}
