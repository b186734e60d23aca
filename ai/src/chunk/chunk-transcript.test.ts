import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readTranscriptFile } from "../transcript/parse-transcript";
import type { TranscriptSegment } from "../types";
import { chunkPlainText, chunkTranscript } from "./chunk-transcript";

const samples = join(import.meta.dir, "../../test-support/transcripts");
const { transcript } = readTranscriptFile(new Uint8Array(readFileSync(join(samples, "portfolio-review.vtt"))));
const lines = transcript.fullText.split("\n");

describe("chunkTranscript", () => {
  test("groups whole turns up to the size limit and keeps speaker prefixes", async () => {
    const chunks = await chunkTranscript(transcript.segments, { chunkSize: 400, chunkOverlap: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.content.length).toBeLessThanOrEqual(400);
      // Without overlap and without long turns, every content line is exactly one whole turn.
      for (const line of chunk.content.split("\n")) expect(lines).toContain(line);
      const [first, last] = chunk.segmentIndexes;
      expect(chunk.content.split("\n")).toHaveLength(last - first + 1);
      expect(chunk.startSeconds).toBe(transcript.segments[first]?.start ?? -1);
      expect(chunk.endSeconds).toBe(transcript.segments[last]?.end ?? -1);
      expect(chunk.speakers.length).toBeGreaterThan(0);
    }
    // Every turn lands in exactly one chunk, in order.
    const covered = chunks.flatMap((c) => [c.segmentIndexes[0], c.segmentIndexes[1]]);
    expect(covered[0]).toBe(0);
    expect(covered.at(-1)).toBe(transcript.segments.length - 1);
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i]?.segmentIndexes[0]).toBe((chunks[i - 1]?.segmentIndexes[1] ?? -2) + 1);
    }
  });

  test("overlaps by repeating the previous turn or its tail", async () => {
    const chunks = await chunkTranscript(transcript.segments, { chunkSize: 400, chunkOverlap: 100 });
    for (const chunk of chunks) expect(chunk.content.length).toBeLessThanOrEqual(400);
    const overlapping = chunks.slice(1).filter((c, i) => c.segmentIndexes[0] === chunks[i]?.segmentIndexes[1]);
    expect(overlapping.length).toBeGreaterThan(0);
  });

  test("splits only a turn longer than the chunk, with estimated times", async () => {
    const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} about the trust deed.`).join(" ");
    const segments: TranscriptSegment[] = [
      { start: 0, end: 5, speaker: "Ann", text: "Short opening." },
      { start: 5, end: 105, speaker: "Bob", text: long },
      { start: 105, end: 110, speaker: "Ann", text: "Short closing." },
    ];
    const chunks = await chunkTranscript(segments, { chunkSize: 300, chunkOverlap: 50 });
    const pieces = chunks.filter((c) => c.segmentIndexes[0] === 1 && c.segmentIndexes[1] === 1);
    expect(pieces.length).toBeGreaterThan(4);
    for (const piece of pieces) {
      expect(piece.content).toStartWith("Bob: ");
      expect(piece.content.length).toBeLessThanOrEqual(300);
      expect(piece.startSeconds).toBeGreaterThanOrEqual(5);
      expect(piece.endSeconds).toBeLessThanOrEqual(105);
    }
    expect(pieces[0]?.startSeconds).toBe(5);
    expect(chunks[0]?.content).toBe("Ann: Short opening.");
    expect(chunks.at(-1)?.content).toBe("Ann: Short closing.");
  });

  test("returns nothing for empty input", async () => {
    expect(await chunkTranscript([])).toEqual([]);
  });
});

describe("chunkPlainText", () => {
  test("splits notes into pieces within the size", async () => {
    const text = Array.from({ length: 30 }, (_, i) => `Point ${i}: the client asked about pensions.`).join("\n\n");
    const chunks = await chunkPlainText(text, { chunkSize: 200, chunkOverlap: 20 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(200);
    expect(chunks.join(" ")).toContain("Point 29");
    expect(await chunkPlainText("  ")).toEqual([]);
  });
});
