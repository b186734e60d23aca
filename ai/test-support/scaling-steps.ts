// Each text step over a transcript, timed at 1x, 4x and 16x the same kind of text in one run: the scaling tests
// assert on the ratios and the scaling bench prints them. Ratios in one run, never absolute times, and the best of a
// few repetitions, so a loaded machine's noise does not decide.

import { chunkTranscript } from "../src/chunk/chunk-transcript";
import { draftTranscriptChunks } from "../src/intelligence/draft-chunks";
import { splitIntoWindows } from "../src/intelligence/embedding-windows";
import { splitSegmentsIntoSentences } from "../src/language/sentences";
import { extractActionItems } from "../src/local/extract-action-items";
import { findNextMeeting } from "../src/local/find-next-meeting";
import { summariseExtractive } from "../src/local/summarise-extractive";
import { buildTranscript, parseTranscript } from "../src/transcript";
import type { TranscriptSegment } from "../src/types";
import { buildCommitmentSegments, buildCommitmentVtt, type CommitmentOptions } from "./commitment-transcript";

export interface TextStep {
  name: string;
  /** Characters at 1x (default DEFAULT_BASE_SIZE): the slow steps start smaller so 16x stays affordable. */
  baseSize?: number;
  /** Prepares the step's input from the transcript (untimed), and returns the timed work. */
  prepare(size: number): () => unknown;
}

const MEETING_DATE = new Date(2025, 3, 7, 10);
/** Large enough that fixed costs and a small heap's speed do not dominate the 1x run (16x is 1.6 MB). */
export const DEFAULT_BASE_SIZE = 100_000;
/**
 * The steps that read every sentence for commitments, dates and meetings start at half the default: their 1x run still
 * takes ~50 ms, far above timer noise (16x is 0.8 MB, well past a real meeting); at twice these sizes and two rounds
 * the file took 4.5 minutes of a 2-core suite. `bun run ai/bench/text-steps-scaling.ts --larger=4` measures larger.
 */
const HEAVY_BASE_SIZE = 50_000;
const SLOW_BASE_SIZE = 25_000;
const LONG_TURN_BASE_SIZE = 400_000;

const segmentsOf = (size: number, options: CommitmentOptions = {}) => buildCommitmentSegments(size, options);

export const TEXT_STEPS: TextStep[] = [
  {
    name: "parse .vtt",
    prepare(size) {
      const vtt = buildCommitmentVtt(size);
      return () => parseTranscript(vtt, "vtt");
    },
  },
  {
    name: "split sentences",
    prepare(size) {
      const segments = segmentsOf(size);
      return () => splitSegmentsIntoSentences(segments);
    },
  },
  {
    name: "action items (speakers)",
    baseSize: HEAVY_BASE_SIZE,
    prepare(size) {
      const sentences = splitSegmentsIntoSentences(segmentsOf(size));
      const speakers = ["Dana Whitfield", "Marcus Okafor", "Elaine Moss"];
      return () => extractActionItems(sentences, { speakers, meetingDate: MEETING_DATE });
    },
  },
  {
    // A new speaker label on every turn, in a recap, for a client its family speaks for: every sentence's names and
    // "you" are looked up among the speakers, so their number must not make the step quadratic.
    name: "action items (a new speaker every turn)",
    baseSize: HEAVY_BASE_SIZE,
    prepare(size) {
      const segments = segmentsOf(size).map((segment, i) => ({ ...segment, speaker: `Person${i} Vance` }));
      const recap = { ...segments[0]!, text: "Okay, let me recap.", speaker: "Dana Whitfield" };
      const sentences = splitSegmentsIntoSentences([recap, ...segments]);
      const speakers = [...new Set(sentences.flatMap((s) => (s.speaker ? [s.speaker] : [])))];
      const people = { speakers, meetingDate: MEETING_DATE, clientName: "Estate of Arthur Vance" };
      return () => extractActionItems(sentences, people);
    },
  },
  {
    name: "action items (no speakers)",
    baseSize: HEAVY_BASE_SIZE,
    prepare(size) {
      const sentences = splitSegmentsIntoSentences(segmentsOf(size, { withSpeakers: false }));
      return () => extractActionItems(sentences, { speakers: [], meetingDate: MEETING_DATE });
    },
  },
  {
    // Undated commitments: every later one may still be a dated repeat of a listed one, so all are read.
    name: "action items (no dates)",
    baseSize: SLOW_BASE_SIZE,
    prepare(size) {
      const sentences = splitSegmentsIntoSentences(segmentsOf(size, { withSpeakers: false, dated: false }));
      return () => extractActionItems(sentences, { speakers: [], meetingDate: MEETING_DATE });
    },
  },
  {
    name: "next meeting",
    baseSize: HEAVY_BASE_SIZE,
    prepare(size) {
      const sentences = splitSegmentsIntoSentences(withMeetingTalk(segmentsOf(size)));
      return () => findNextMeeting(sentences, MEETING_DATE);
    },
  },
  {
    // Scheduling talk in every turn (proposals, counters, acceptances, invitations, another event's day, topics): one
    // exchange that never closes, the worst case for the exchange reader and the topic window.
    name: "next meeting (scheduling talk throughout)",
    baseSize: HEAVY_BASE_SIZE,
    prepare(size) {
      const sentences = splitSegmentsIntoSentences(withSchedulingTalk(segmentsOf(size)));
      return () => findNextMeeting(sentences, MEETING_DATE);
    },
  },
  {
    name: "summary (record of facts)",
    baseSize: SLOW_BASE_SIZE,
    prepare(size) {
      const input = summaryInput(segmentsOf(size));
      return () => summariseExtractive(input);
    },
  },
  {
    name: "chunk transcript",
    prepare(size) {
      const segments = segmentsOf(size);
      return () => chunkTranscript(segments);
    },
  },
  {
    name: "chunk one long turn",
    // One turn is cut in about a millisecond at 200,000 characters, where timer and garbage-collector noise alone made
    // ratios of 6 to 7: 400,000 keeps the 1x run near 5 ms (16x is 6.4 MB of text).
    baseSize: LONG_TURN_BASE_SIZE,
    prepare(size) {
      // A .txt without line breaks is one turn: the splitter cuts it.
      const text = segmentsOf(size)
        .map((s) => s.text)
        .join(" ");
      return () => chunkTranscript([{ speaker: null, text, start: null, end: null }]);
    },
  },
  {
    name: "draft chunks and windows",
    prepare(size) {
      const segments = segmentsOf(size);
      return async () => {
        const drafts = await draftTranscriptChunks(segments, { title: "Review" });
        return drafts.map((d) => splitIntoWindows(d.content));
      };
    },
  },
];

function summaryInput(segments: TranscriptSegment[]) {
  return { transcript: buildTranscript(segments), title: "Review", clientName: "Hendricks", meetingDate: MEETING_DATE };
}

/** Meeting talk spread through the transcript, so the next-meeting step has candidates all along. */
function withMeetingTalk(segments: TranscriptSegment[]): TranscriptSegment[] {
  return segments.map((segment, i) =>
    i % 7 === 0 ? { ...segment, text: `${segment.text} Let's meet again next Tuesday to review the fees.` } : segment,
  );
}

const SCHEDULING_TALK = [
  "How about Thursday the 16th at nine?",
  "Nine is early for me, could we do eleven?",
  "Eleven works, I'll send the invite.",
  "When's the hearing again?",
  "The 20th, at ten.",
  "We'll go over the fee schedule and finalize the lease, if there's time.",
  "Does the 23rd suit you better?",
];

/** A scheduling line after every turn. */
function withSchedulingTalk(segments: TranscriptSegment[]): TranscriptSegment[] {
  return segments.map((segment, i) => ({
    ...segment,
    text: `${segment.text} ${SCHEDULING_TALK[i % SCHEDULING_TALK.length]}`,
  }));
}

/** CPU milliseconds this process has used (all its threads: the collector and an embedded database count too). */
function cpuMilliseconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Best CPU time in milliseconds over `repetitions` runs (at least one; no more once `budgetMs` of wall time has
 * passed). CPU time, not wall time: on a machine shared with other work, a long run is preempted more often than a
 * short one, which would inflate exactly the ratios measured here.
 */
export async function timeBest(work: () => unknown, repetitions: number, budgetMs = Number.POSITIVE_INFINITY) {
  let best = Number.POSITIVE_INFINITY;
  const started = performance.now();
  for (let i = 0; i < repetitions; i++) {
    Bun.gc(true); // garbage left by the previous run is not this run's cost
    const t = cpuMilliseconds();
    await work();
    best = Math.min(best, cpuMilliseconds() - t);
    if (performance.now() - started > budgetMs) break;
  }
  return best;
}

export interface Scaling {
  name: string;
  /** Best milliseconds at 1x, 4x, 16x. */
  times: [number, number, number];
  /** Cost of each 4x step: times[1]/times[0], times[2]/times[1]. */
  ratios: [number, number];
}

/**
 * Times a step at base, 4x base and 16x base characters. Each size does the same total work, 16x the base (the 1x run
 * 16 times, 4x 4 times, 16x once), so collections and cache effects spread evenly over the three; the time of one run
 * is the round's CPU time over its runs, and the best of `rounds` rounds counts. With `stopAbove`, a step whose 4x run
 * already cost more than that ratio is not run at 16x (a quadratic step would take minutes there): its 16x time is
 * reported as Infinity.
 */
export async function measureScaling(
  step: TextStep,
  options: { baseSize?: number; rounds?: number; stopAbove?: number } = {},
): Promise<Scaling> {
  const { baseSize = step.baseSize ?? DEFAULT_BASE_SIZE, rounds = 2, stopAbove = Number.POSITIVE_INFINITY } = options;
  const times: number[] = [];
  for (const factor of [1, 4, 16]) {
    if (times.length === 2 && times[1]! / Math.max(times[0]!, 0.01) > stopAbove) {
      times.push(Number.POSITIVE_INFINITY);
      break;
    }
    const work = step.prepare(baseSize * factor);
    await work(); // warm-up: compiled code and caches, as a long-running worker has them
    const runs = 16 / factor;
    const round = async () => {
      for (let i = 0; i < runs; i++) await work();
    };
    times.push((await timeBest(round, rounds)) / runs);
  }
  const [a = 0, b = 0, c = 0] = times;
  return { name: step.name, times: [a, b, c], ratios: [b / Math.max(a, 0.01), c / Math.max(b, 0.01)] };
}

/**
 * Measures up to `attempts` times, stopping at the first measurement `within` accepts, and answers the last one: a
 * superlinear step fails every attempt, while a burst of other work on a shared machine rarely spoils three in a row.
 */
export async function measureUntil<T>(measure: () => Promise<T>, within: (m: T) => boolean, attempts = 3): Promise<T> {
  let measured = await measure();
  for (let attempt = 1; attempt < attempts && !within(measured); attempt++) measured = await measure();
  return measured;
}
