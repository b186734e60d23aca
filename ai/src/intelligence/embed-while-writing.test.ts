// Indexing overlaps its two halves: while one group of chunks is written (the database's work), the next group is
// embedded, for an embedder that leaves this thread free; the sentence encoder run in place takes turns with the
// writes instead (its model calls would hold up the write's statements). Either way every chunk is written once, in
// order, with its own vector.
import { expect, test } from "bun:test";
import { createHashingEmbedder } from "../local/hashing-embedder";
import { SENTENCE_ENCODER_MODEL } from "../local/local-embedder";
import type { Embedder, TranscriptSegment } from "../types";
import { indexMeeting } from "./index-meeting";
import type { IndexStore, NewChunk } from "./index-store";

const segments: TranscriptSegment[] = Array.from({ length: 400 }, (_, i) => ({
  start: i * 10,
  end: i * 10 + 9,
  speaker: i % 2 ? "Dana Whitfield" : "Margaret Hendricks",
  text: `Item ${i}: the escrow estimate for parcel ${i} changes in March, and the trust signs page ${i % 9}.`,
}));

/** A store that records when each write starts and ends, and finishes a write only after a few turns of the loop. */
function recordingStore(events: string[], written: NewChunk[]): IndexStore {
  let writes = 0;
  return {
    meetingToIndex: async () => ({
      userId: 1,
      clientId: 1,
      clientName: "Hendricks",
      title: "Review",
      date: new Date(0),
    }),
    allSegments: async () => segments,
    summary: async () => null,
    note: async () => undefined,
    meetingsWithStaleEmbeddings: async () => [],
    startChunkReplacement: async (target) => ({
      model: target.model,
      generation: 1,
      async write(chunks) {
        const n = ++writes;
        events.push(`write ${n} start`);
        for (let turn = 0; turn < 5; turn++) await Promise.resolve();
        written.push(...chunks);
        events.push(`write ${n} end`);
        return true;
      },
      async finish() {},
    }),
  };
}

/** For each write, whether an embedder call started while it ran (between its start and its end). */
function embeddedDuringWrites(events: string[]): boolean[] {
  const during: boolean[] = [];
  let writing = false;
  for (const event of events) {
    if (event.endsWith(" start")) {
      writing = true;
      during.push(false);
    } else if (event.endsWith(" end")) writing = false;
    else if (writing) during[during.length - 1] = true;
  }
  return during;
}

/** The hashing embedder under another model name, recording each call. */
function recordingEmbedder(model: string, events: string[]): Embedder {
  const hashing = createHashingEmbedder();
  let calls = 0;
  return {
    model,
    dimensions: 1536,
    async embed(texts, signal) {
      events.push(`embed ${++calls}`);
      return hashing.embed(texts, signal);
    },
  };
}

test("a whole-chunk embedder embeds the next group while a group is written; chunks in order, each its own vector", async () => {
  const events: string[] = [];
  const written: NewChunk[] = [];
  const embedder = recordingEmbedder("local-hashing-v1", events);
  const total = await indexMeeting({ store: recordingStore(events, written), embedder }, 7, {
    sources: ["transcript"],
  });

  expect(total).toBeGreaterThan(64); // three groups or more
  // Every write but the last overlaps the next group's embedding.
  const during = embeddedDuringWrites(events);
  expect(during.slice(0, -1).every(Boolean)).toBe(true);
  expect(during.at(-1)).toBe(false);
  expect(written).toHaveLength(total);
  const header = "Review — Hendricks — 1970-01-01\n";
  const expected = await createHashingEmbedder().embed(written.map((chunk) => `${header}${chunk.content}`));
  expect(written.map((chunk) => chunk.embedding)).toEqual(expected);
  expect(written.map((chunk) => chunk.metadata.segmentIndexes)).toEqual(
    [...written.map((chunk) => chunk.metadata.segmentIndexes)].sort(
      (a, b) => (a as number[])[0]! - (b as number[])[0]!,
    ),
  );
});

test("the sentence encoder's windows are embedded only after the previous group is written", async () => {
  const events: string[] = [];
  const written: NewChunk[] = [];
  const embedder = recordingEmbedder(SENTENCE_ENCODER_MODEL, events);
  const total = await indexMeeting({ store: recordingStore(events, written), embedder }, 7, {
    sources: ["transcript"],
  });

  expect(total).toBeGreaterThan(64);
  const during = embeddedDuringWrites(events);
  expect(during.length).toBeGreaterThan(2);
  expect(during.some(Boolean)).toBe(false);
  expect(written).toHaveLength(total);
  expect(written.every((chunk) => (chunk.windows?.length ?? 0) > 0)).toBe(true);
});
