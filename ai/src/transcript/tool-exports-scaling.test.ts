// The readers of the tools' exports take time in proportion to the file: each layout is parsed at 1x, 4x and
// 16x its size in one run, and each step of 4x may cost at most 6x (a quadratic step would cost 16x). Ratios of
// timings taken in the same run, so a loaded machine slows all of them alike. The 1x file is parsed 16 times and
// the 4x file 4 times, so every measurement covers 5 MB: small files alone would be
// timed in a few milliseconds, where the clock, the caches and the garbage collector decide the figure.

import { describe, expect, test } from "bun:test";
import { readTranscriptFile } from "./parse-transcript";

const BASE_BYTES = 320 * 1024;
const encode = (text: string) => new TextEncoder().encode(text);
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** Repeats `turn(i)` until the text is about `bytes` long. */
function build(bytes: number, turn: (i: number) => string, head = ""): string {
  const parts = [head];
  let size = head.length;
  for (let i = 0; size < bytes; i++) {
    const piece = turn(i);
    parts.push(piece);
    size += piece.length;
  }
  return parts.join("");
}

const speaker = (i: number) => (i % 3 === 0 ? "Harold Feng" : i % 3 === 1 ? "Amara Osei" : "Unknown Speaker");
const words = "We looked at the pension election again, [laughs] and we meet at 6:40 on the 14th.";

const layouts: [string, (bytes: number) => Uint8Array][] = [
  ["Otter", (bytes) => encode(build(bytes, (i) => `${speaker(i)}  ${clock(i * 7)}  \n${words}\n\n`))],
  [
    "Rev",
    (bytes) => encode(build(bytes, (i) => `${speaker(i)} (${clock(i * 7)}):\n${words} [crosstalk 00:01:02]\n\n`)),
  ],
  ["Fireflies", (bytes) => encode(build(bytes, (i) => `${speaker(i)}  00:${clock(i % 3600)}\n${words}\n`))],
  [
    "Google Meet",
    (bytes) =>
      encode(
        build(
          bytes,
          (i) => `${i % 5 === 0 ? `00:${clock(i % 3600)}\n \n` : ""}${speaker(i)}: ${words}\n`,
          "Mar 2, 2027\nReview - Transcript\n",
        ),
      ),
  ],
  [
    "UTF-16",
    (bytes) => {
      const text = build(bytes / 2, (i) => `${speaker(i)}  ${clock(i * 7)}\n${words}\n\n`);
      const out = new Uint8Array(2 + text.length * 2);
      out.set([0xff, 0xfe]);
      for (let i = 0; i < text.length; i++) out[2 + i * 2] = text.charCodeAt(i);
      return out;
    },
  ],
  ["a line of [", (bytes) => encode(`Harold Feng  0:01\n${"[".repeat(bytes)}]\n`)],
  ["lines of name-like words", (bytes) => encode(`Harold Feng  0:01\n${"Ann Bee Cee Dee 1:2\n".repeat(bytes / 20)}`)],
];

const FACTORS = [1, 4, 16];

/** One parse of each file, in ms, each file parsed (16 / factor) times from a collected heap. */
function timeRound(files: Uint8Array[]): number[] {
  return files.map((file, index) => {
    const repeats = 16 / FACTORS[index]!;
    Bun.gc(true);
    const started = performance.now();
    for (let i = 0; i < repeats; i++) readTranscriptFile(file);
    return (performance.now() - started) / repeats;
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * What each step of 4x costs, as the median over three rounds: the sizes are timed next to each other in a round,
 * so a burst of load from other work on the machine skews one round's ratios, not the median.
 */
function measureSteps(files: Uint8Array[]): { fourFold: number; sixteenFold: number } {
  const rounds = [timeRound(files), timeRound(files), timeRound(files)];
  return {
    fourFold: median(rounds.map(([one, four]) => four! / one!)),
    sixteenFold: median(rounds.map(([, four, sixteen]) => sixteen! / four!)),
  };
}

describe("tool-export readers scale linearly", () => {
  for (const [name, make] of layouts) {
    test(name, () => {
      const files = FACTORS.map((factor) => make(BASE_BYTES * factor - 256));
      readTranscriptFile(files[2]!); // warm up, and the heap grows to its working size
      const { fourFold, sixteenFold } = measureSteps(files);
      expect(fourFold).toBeLessThan(6);
      expect(sixteenFold).toBeLessThan(6);
    }, 30_000);
  }
});
