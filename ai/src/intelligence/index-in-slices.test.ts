// Indexing as slices of a job (issue 27): a run that makes way after a slice and is resumed from its progress ends
// with exactly the chunks of a run that went straight through, none twice, none of an abandoned generation left.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "@cm/db";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { createIndexStore } from "@cm/db/stores/index-store";
import { createTestDatabase } from "@cm/db/testing";
import { buildCommitmentSegments } from "../../test-support/commitment-transcript";
import { createHashingEmbedder } from "../local/hashing-embedder";
import { buildTranscript } from "../transcript";
import { type IndexProgress, indexMeeting } from "./index-meeting";

let db: Database;
let userId = 0;
let clientId = 0;
const embedder = createHashingEmbedder();

beforeAll(async () => {
  db = await createTestDatabase();
  const [user] = await db.sql<{ id: number }[]>`
    insert into users (username, password, email) values ('slices', 'x', 'slices@example.com') returning id`;
  userId = user!.id;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${userId}, 'Hendricks Trust', 'Estate Planning') returning id`;
  clientId = client!.id;
});
afterAll(async () => {
  await db?.close();
});

async function seedMeeting(): Promise<number> {
  const [meeting] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status, source_kind)
    values (${userId}, ${clientId}, 'Review', now(), 'Processing', 'transcript') returning id`;
  const transcript = buildTranscript(buildCommitmentSegments(60_000));
  await upsertTranscript(db.sql, { meetingId: meeting!.id, ...transcript });
  return meeting!.id;
}

const chunksOf = async (meetingId: number) =>
  db.sql<{ content: string; generation: string }[]>`
    select content, generation::text from chunks where meeting_id = ${meetingId} order by id`;

class MadeWay extends Error {}

test("made way after slices and resumed: the same chunks as one straight run, in one generation", async () => {
  const straight = await seedMeeting();
  const total = await indexMeeting({ store: createIndexStore(db.sql), embedder }, straight);
  expect(total).toBeGreaterThan(64); // more than two slices

  const sliced = await seedMeeting();
  let progress: IndexProgress | undefined;
  let runs = 0;
  // Each run makes way after its first slice, as a job does when a less-served account waits.
  for (;;) {
    runs++;
    let slices = 0;
    try {
      await indexMeeting({ store: createIndexStore(db.sql), embedder }, sliced, {
        ...(progress ? { resume: progress } : {}),
        onSlice: async (saved) => {
          progress = saved;
          if (++slices === 1) throw new MadeWay();
        },
      });
      break;
    } catch (error) {
      if (!(error instanceof MadeWay)) throw error;
    }
  }
  expect(runs).toBeGreaterThan(2);
  const expected = (await chunksOf(straight)).map((c) => c.content);
  const got = await chunksOf(sliced);
  expect(got.map((c) => c.content)).toEqual(expected);
  expect(new Set(got.map((c) => c.generation)).size).toBe(1);
});

test("progress of another model is not resumed: the run starts over and still leaves one set", async () => {
  const meetingId = await seedMeeting();
  const total = await indexMeeting({ store: createIndexStore(db.sql), embedder }, meetingId, {
    resume: { generation: 1, written: 32, model: "another-model" },
  });
  expect((await chunksOf(meetingId)).length).toBe(total);
});
