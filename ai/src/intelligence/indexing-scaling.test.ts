// Indexing a meeting (chunks, windows, embeddings, the database writes and the term counts) takes time linear in its
// transcript, and its chunks come out the same when they are embedded and written group by group. The transcript is
// the worst kind (every sentence a different commitment with a date and an amount) at 1x, 4x and 16x in one run;
// each 4x step may cost at most MAX_RATIO times as much. Ratios within one run, best of two.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Database } from "@cm/db";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { createIndexStore } from "@cm/db/stores/index-store";
import { createTestDatabase } from "@cm/db/testing";
import { buildCommitmentSegments } from "../../test-support/commitment-transcript";
import { measureUntil, timeBest } from "../../test-support/scaling-steps";
import { createHashingEmbedder } from "../local/hashing-embedder";
import { buildTranscript } from "../transcript";
import type { Embedder } from "../types";
import { indexMeeting } from "./index-meeting";

const MAX_RATIO = 6;
/** Characters at 1x: about 40 chunks; 16x is about 650 chunks, more than two groups of 256. */
const BASE_SIZE = 25_000;

let db: Database;
let userId = 0;
let clientId = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  const [user] = await db.sql<{ id: number }[]>`
    insert into users (username, password, email) values ('scaling', 'x', 'scaling@example.com') returning id`;
  userId = user!.id;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${userId}, 'Hendricks Trust', 'Estate Planning') returning id`;
  clientId = client!.id;
});
afterAll(async () => {
  await db?.close();
});

async function seedMeeting(size: number): Promise<number> {
  const [meeting] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status, source_kind)
    values (${userId}, ${clientId}, 'Review', now(), 'Processing', 'transcript') returning id`;
  const transcript = buildTranscript(buildCommitmentSegments(size));
  await upsertTranscript(db.sql, {
    meetingId: meeting!.id,
    fullText: transcript.fullText,
    segments: transcript.segments,
  });
  return meeting!.id;
}

describe("indexing a meeting", () => {
  test("takes time linear in the transcript", async () => {
    const embedder = createHashingEmbedder();
    const measure = async () => {
      const times: number[] = [];
      for (const factor of [1, 4, 16]) {
        const meetingId = await seedMeeting(BASE_SIZE * factor);
        await indexMeeting({ store: createIndexStore(db.sql), embedder }, meetingId); // warm-up
        // One timed run after the warm-up: a ratio spoiled by other work is measured again below.
        times.push(await timeBest(() => indexMeeting({ store: createIndexStore(db.sql), embedder }, meetingId), 1));
        await db.sql`delete from meetings where id = ${meetingId}`;
      }
      return times;
    };
    const ratioOf = ([a = 0, b = 0, c = 0]: number[]) => Math.max(b / a, c / b);
    // Up to three measurements before failing: a burst of load elsewhere on the machine can spoil one ratio.
    const times = await measureUntil(measure, (t) => ratioOf(t) <= MAX_RATIO);
    const shown = `indexing: ${times.map((t) => t.toFixed(0)).join(" / ")} ms`;
    console.log(`[scaling] ${shown}`);
    expect(ratioOf(times), shown).toBeLessThanOrEqual(MAX_RATIO);
  }, 900_000);

  test("writes chunks while it embeds (never all vectors in memory at once), and leaves one set of chunks", async () => {
    const meetingId = await seedMeeting(BASE_SIZE * 12);
    const hashing = createHashingEmbedder();
    /** How many of the meeting's chunks were already stored at each embedder call. */
    const storedAtCall: number[] = [];
    const watching: Embedder = {
      ...hashing,
      async embed(texts, signal) {
        const [row] = await db.sql<
          { n: number }[]
        >`select count(*)::int as n from chunks where meeting_id = ${meetingId}`;
        storedAtCall.push(row?.n ?? 0);
        return hashing.embed(texts, signal);
      },
    };
    const written = await indexMeeting({ store: createIndexStore(db.sql), embedder: watching }, meetingId);
    expect(written).toBeGreaterThan(256);
    expect(storedAtCall[0]).toBe(0);
    expect(storedAtCall.at(-1)).toBeGreaterThanOrEqual(256);
    // Indexed again: the new set replaces the old one, and the term counts count one set.
    await indexMeeting({ store: createIndexStore(db.sql), embedder: hashing }, meetingId);
    const [row] = await db.sql<{ n: number; ndoc: number }[]>`
      select (select count(*)::int from chunks where meeting_id = ${meetingId}) as n,
        (select ndoc from chunk_term_counts where meeting_id = ${meetingId} and term = '') as ndoc`;
    expect(row).toEqual({ n: written, ndoc: written });
  }, 900_000);
});
