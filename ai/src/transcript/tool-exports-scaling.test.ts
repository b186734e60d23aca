// The readers of the tools' exports take time in proportion to the file: each layout is parsed at 1x, 4x and
// 16x its size in one run, and each step of 4x may cost at most 6x (a quadratic step would cost 16x). Timed as the
// other text steps are (ai/test-support/scaling-steps.ts): CPU time, not wall time, which other work on a shared
// machine inflates for long runs more than short ones; every size does the same total work (the 1x file parsed 16
// times, 4x 4 times), in one round (three rounds tripled the file's time), and a step over the bound is measured again
// (up to three times) before it fails.

import { describe, expect, test } from "bun:test";
import { measureScaling, measureUntil, type TextStep } from "../../test-support/scaling-steps";
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
  [
    "Fireflies",
    (bytes) => encode(build(bytes, (i) => `${speaker(i)}  00:${clock(i % 3600).padStart(5, "0")}\n${words}\n`)),
  ],
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

describe("tool-export readers scale linearly", () => {
  for (const [name, make] of layouts) {
    test(name, async () => {
      const step: TextStep = {
        name,
        baseSize: BASE_BYTES,
        prepare(size) {
          const file = make(size - 256);
          return () => readTranscriptFile(file);
        },
      };
      const { ratios, times } = await measureUntil(
        () => measureScaling(step, { rounds: 1 }),
        (s) => Math.max(...s.ratios) < 6,
      );
      const shown = `${name}: ${times.map((t) => t.toFixed(1)).join(" / ")} ms`;
      expect(Math.max(...ratios), shown).toBeLessThan(6);
    }, 90_000);
  }
});
