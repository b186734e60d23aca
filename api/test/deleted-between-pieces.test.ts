// A meeting deleted just as a piece of its recording was transcribed: the piece's insert fails (its meeting is gone)
// before the lease keeper notices the job gone, so the job's signal is not aborted. Its decoded recording under
// DATA_DIR must go all the same, not wait for the sweep (a CI run caught it left behind).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AudioInput, Transcript } from "@cm/ai";
import { ffmpegMissing, makeTone } from "@cm/ai/test-support/tone-recording";
import type { Database } from "@cm/db";
import { insertClient } from "@cm/db/queries/clients";
import type { JobRow } from "@cm/db/queries/jobs";
import { createTestDatabase } from "@cm/db/testing";
import { loadConfig } from "../src/config";
import type { WorkerContext } from "../src/context";
import { createWorkerContext } from "../src/create-worker-context";
import { processMeetingJob } from "../src/jobs/process-meeting-job";
import { createMemoryLogger } from "../src/logger";
import { processingRoot } from "../src/storage/processing-temp";
import { createSignedInUser } from "./support/signed-in-user";

const missing = ffmpegMissing();
if (missing) console.warn(`[deleted between pieces] skipped: ${missing}`);

let db: Database;
let dataDir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), "cm-deleted-pieces-"));
}, 60_000);
afterAll(async () => {
  await db?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The worker's own context, with a speech engine that deletes the meeting while it "transcribes" a piece. */
function contextDeletingDuringPiece(meetingId: () => number): WorkerContext {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOCAL_EMBEDDER: "hashing" });
  const ctx = createWorkerContext(config, db, createMemoryLogger());
  const transcribeAudio = async (_audio: AudioInput): Promise<Transcript> => {
    await db.sql`delete from meetings where id = ${meetingId()}`;
    return {
      segments: [{ start: 0, end: 2, speaker: null, text: "hello there" }],
      fullText: "hello there",
      durationSeconds: 2,
    };
  };
  const ai = {
    ...ctx.ai,
    canTranscribe: true,
    engines: { ...ctx.ai.engines, speech: { engine: "test", draft: true } },
  };
  return { ...ctx, ai: { ...ai, transcribeAudio } as unknown as WorkerContext["ai"] };
}

test.skipIf(missing !== undefined)(
  "the decoded recording goes when the meeting is deleted between two pieces",
  async () => {
    const user = await createSignedInUser(db.sql, `pieces${Date.now()}`);
    const client = await insertClient(db.sql, user.id, { name: "Ashby Trust", type: "Trust" });
    const key = `${randomUUID()}.mp3`;
    let meetingId = 0;
    const ctx = contextDeletingDuringPiece(() => meetingId);
    await makeTone(join(dataDir, "recordings", key), { seconds: 12, bitrateKbps: 32, sampleRate: 16_000, channels: 1 });
    const [row] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, type, status, source_kind, audio_path, audio_seconds)
    values (${user.id}, ${client.id}, ${"Review"}, ${new Date()}, ${"Portfolio Review"}, 'Processing', 'recording',
      ${key}, ${12})
    returning id`;
    meetingId = Number(row!.id);
    const run = {
      job: { id: 1, meetingId, accountId: user.id, progress: {} } as unknown as JobRow,
      signal: new AbortController().signal,
      heartbeat: async () => {},
      limitStep: () => {},
      checkpoint: async () => {},
    };
    const meetingAudio = join(processingRoot(dataDir), `meeting-${meetingId}`);
    await expect(processMeetingJob(ctx).handle({ meetingId }, run)).rejects.toThrow(/Transcription failed/);
    expect(existsSync(meetingAudio)).toBe(false);
  },
  30_000,
);
