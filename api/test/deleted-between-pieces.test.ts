// A meeting deleted just as a piece of its recording was transcribed: the piece's insert fails (its meeting is gone)
// before the lease keeper notices the job gone, so the job's signal is not aborted. Its decoded recording under
// DATA_DIR must go all the same, not wait for the sweep (a CI run caught it left behind). The process-meeting job
// calls removeAudioAfterFailure on every failure; this checks what it decides, on a real database.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "@cm/db";
import { insertClient } from "@cm/db/queries/clients";
import { createTestDatabase } from "@cm/db/testing";
import { meetingAudioDir, removeAudioAfterFailure } from "../src/jobs/transcribe-in-pieces";
import { createSignedInUser } from "./support/signed-in-user";

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

/** A meeting being processed, with a decoded recording in its processing folder. */
async function meetingWithDecodedAudio(name: string) {
  const user = await createSignedInUser(db.sql, `${name}${Date.now()}`);
  const client = await insertClient(db.sql, user.id, { name: "Ashby Trust", type: "Trust" });
  const [row] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, type, status, source_kind)
    values (${user.id}, ${client.id}, ${"Review"}, ${new Date()}, ${"Portfolio Review"}, 'Processing', 'recording')
    returning id`;
  const id = Number(row!.id);
  const folder = meetingAudioDir(dataDir, id);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, "speech.wav"), "RIFF");
  return { id, folder };
}

const where = () => ({ sql: db.sql, dataDir });

test("a failure after the meeting was deleted removes its decoded recording, though the job was not stopped", async () => {
  const meeting = await meetingWithDecodedAudio("gone");
  await db.sql`delete from meetings where id = ${meeting.id}`;
  await removeAudioAfterFailure(where(), meeting.id, false);
  expect(existsSync(meeting.folder)).toBe(false);
});

test("a failure of a meeting that still exists keeps its decoded recording for the Retry", async () => {
  const meeting = await meetingWithDecodedAudio("kept");
  await removeAudioAfterFailure(where(), meeting.id, false);
  expect(existsSync(meeting.folder)).toBe(true);
});

test("a job stopped from outside (cancelled, past a limit) removes it whatever the database says", async () => {
  const meeting = await meetingWithDecodedAudio("stopped");
  await removeAudioAfterFailure(where(), meeting.id, true);
  expect(existsSync(meeting.folder)).toBe(false);
});
