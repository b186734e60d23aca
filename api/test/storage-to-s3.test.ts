// `bun run storage:to-s3` against a real S3 server on loopback (s3rver): a data folder's recordings go into the bucket
// under the same keys, each verified; a second run finds them there; a copy left wrong by an interrupted run is sent
// again; local files go only when asked; and the app on the bucket serves a moved recording from the same database.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "@cm/db";
import { createTestDatabase } from "@cm/db/testing";
import { createS3Client, S3_PREFIX } from "../src/storage/s3-storage";
import { json } from "./auth-helpers";
import { type LoopbackS3, startLoopbackS3 } from "./support/s3-server";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

const ROOT = join(import.meta.dir, "..", "..");
let s3: LoopbackS3;
const dirs: string[] = [];

beforeAll(async () => {
  s3 = await startLoopbackS3();
});
afterAll(async () => {
  await s3?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataFolder(files: Record<string, Uint8Array>) {
  const dataDir = mkdtempSync(join(tmpdir(), "cm-to-s3-"));
  dirs.push(dataDir);
  mkdirSync(join(dataDir, "recordings"));
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dataDir, "recordings", name), bytes);
  return dataDir;
}

/** Runs the command as an operator does: `bun run storage:to-s3` with the S3_* variables and DATA_DIR. */
async function runMove(dataDir: string, ...args: string[]) {
  const child = Bun.spawn(["bun", "run", "storage:to-s3", ...args], {
    cwd: ROOT,
    env: { ...process.env, ...s3.env, DATA_DIR: dataDir },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { out, err, code };
}

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);
const objectBytes = (key: string) =>
  createS3Client(s3.config)
    .file(S3_PREFIX + key)
    .bytes();

describe("bun run storage:to-s3", () => {
  test("copies and verifies every recording, finds them there on a second run, resends a wrong copy, deletes local files only when asked", async () => {
    const files = {
      "0b6d1f1e-2b1c-4c55-9a51-0d7e2d3c4b5a.mp3": bytes(12 * 1024 * 1024 + 5, 1),
      "1c6d1f1e-2b1c-4c55-9a51-0d7e2d3c4b5a.wav": bytes(1000, 2),
      "2d6d1f1e-2b1c-4c55-9a51-0d7e2d3c4b5a.txt": new TextEncoder().encode("Ann: Hello.\nBob: Hi."),
    };
    const dataDir = dataFolder({ ...files, "notes.tmp": bytes(10, 9) });
    const first = await runMove(dataDir);
    expect(first.code).toBe(0);
    expect(first.out).toContain("3 recordings: 3 copied, 0 already in the bucket, 0 local files deleted, 0 failed");
    for (const [key, data] of Object.entries(files)) expect(await objectBytes(key)).toEqual(data);

    const second = await runMove(dataDir);
    expect(second.out).toContain("3 recordings: 0 copied, 3 already in the bucket, 0 local files deleted, 0 failed");

    // As an interrupted or tampered run could leave it: one object with other bytes of the same size.
    const wrong = "1c6d1f1e-2b1c-4c55-9a51-0d7e2d3c4b5a.wav";
    await createS3Client(s3.config).write(S3_PREFIX + wrong, bytes(1000, 7));
    const third = await runMove(dataDir, "--delete-local");
    expect(third.code).toBe(0);
    expect(third.out).toContain("3 recordings: 1 copied, 2 already in the bucket, 3 local files deleted, 0 failed");
    expect(await objectBytes(wrong)).toEqual(files[wrong]);
    expect(readdirSync(join(dataDir, "recordings"))).toEqual(["notes.tmp"]);
  }, 60_000);

  test("with the bucket down it stops with a clear message, deletes nothing, and a later run completes", async () => {
    const key = "3e6d1f1e-2b1c-4c55-9a51-0d7e2d3c4b5a.mp3";
    const dataDir = dataFolder({ [key]: bytes(5000, 3) });
    await s3.kill();
    let down: Awaited<ReturnType<typeof runMove>>;
    try {
      down = await runMove(dataDir, "--delete-local");
    } finally {
      await s3.restart();
    }
    expect(down.code).toBe(1);
    expect(down.out).toContain("the bucket cannot be reached");
    expect(existsSync(join(dataDir, "recordings", key))).toBe(true);
    const again = await runMove(dataDir);
    expect(again.out).toContain("1 recordings: 1 copied");
  }, 60_000);

  test("a recording moved into the bucket plays from the app on the bucket with the same database", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "cm-to-s3-app-"));
    dirs.push(dataDir);
    const database = await createTestDatabase();
    const kept: Database = { ...database, close: async () => {} };
    let onBucket: TestServer | undefined;
    try {
      const local = await startTestServer({ DATA_DIR: dataDir }, { database: kept });
      const user = await createSignedInUser(local.ctx.db.sql, `mover${Date.now()}`);
      const client = await local.fetch("/api/clients", json({ name: "Moved Trust", type: "Trust" }, user.cookie));
      const { id: clientId } = (await client.json()) as { id: number };
      const transcript = "Ann: We moved the files.\nBob: Every one of them.";
      const form = new FormData();
      form.set("meetingData", JSON.stringify({ title: "Moved", clientId, date: "2026-05-04T12:00:00Z" }));
      form.set("audioFile", new Blob([transcript]), "moved.txt");
      const uploaded = await local.fetch("/api/meetings/upload", {
        method: "POST",
        body: form,
        headers: { cookie: user.cookie },
      });
      expect(uploaded.status).toBe(201);
      const [row] = await database.sql<{ audio_path: string }[]>`select audio_path from meetings`;
      await local.stop();

      expect((await runMove(dataDir, "--delete-local")).code).toBe(0);
      expect(readdirSync(join(dataDir, "recordings"))).toEqual([]);
      onBucket = await startTestServer({ DATA_DIR: dataDir, ...s3.env }, { database });
      expect(new TextDecoder().decode(await new Response(onBucket.ctx.storage.read(row!.audio_path)).bytes())).toBe(
        transcript,
      );
    } finally {
      await onBucket?.stop();
    }
  }, 60_000);
});
