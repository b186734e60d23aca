// The daily disposal killed (SIGKILL) in the middle of its run, then started again (issue 39): every meeting is
// either whole (its transcript, segments, summary and versions all there, no disposal in the trail) or gone (none of
// its rows left, one disposal row in the trail); the second run disposes of the rest, each once, and the trail's
// chain still verifies. On the embedded database and on PostgreSQL (TEST_DB_TARGET=native).
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, migrate, openDatabase, type Sql } from "@cm/db";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { createTestDatabase, testTarget } from "@cm/db/testing";
import { verifyAuditChain } from "../src/modules/audit/verify-audit-chain";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";

const MEETINGS = 24;
const SEGMENTS = 1500;
const dataDir = mkdtempSync(join(tmpdir(), "cm-disposal-crash-"));
let native: Database | undefined;
afterAll(async () => {
  await native?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openTarget(): Promise<{ db: Database; url?: string }> {
  if (testTarget() === "native") {
    native ??= await createTestDatabase();
    return { db: native, url: (native.address as { url: string }).url };
  }
  const db = await openDatabase({ dataDir });
  await migrate(db.sql);
  return { db };
}
const release = async (db: Database) => {
  if (db !== native) await db.close();
};

async function seed(sql: Sql): Promise<{ userId: number; ids: number[] }> {
  const [user] = await sql<{ id: number }[]>`
    insert into users (username, password, email) values ('crash-test', 'x', 'crash@example.com') returning id`;
  const userId = Number(user!.id);
  await sql`insert into account_settings (user_id, retention_preset) values (${userId}, 'sec-204-2')`;
  const client = await seedClient(sql, userId, "Brennan Estate");
  const ids: number[] = [];
  for (let n = 0; n < MEETINGS; n++) {
    const id = await seedProcessedMeeting(sql, userId, client.id, { title: `Review ${n}`, date: new Date() });
    const segments = Array.from({ length: SEGMENTS }, (_, i) => ({
      start: i * 3,
      end: i * 3 + 3,
      speaker: i % 2 ? "Dana" : "Morgan",
      text: `Turn ${i} of the review, about the allocation and the tuition payment.`,
    }));
    await upsertTranscript(sql, { meetingId: id, fullText: segments.map((s) => s.text).join("\n"), segments });
    ids.push(id);
  }
  await sql`update meetings set created_at = now() - interval '6 years' where user_id = ${userId}`;
  return { userId, ids };
}

/** A meeting's rows: all there (whole), none (gone), or something between (half: the failure looked for). */
async function stateOf(sql: Sql, id: number): Promise<"whole" | "gone" | string> {
  const [row] = await sql<
    { meeting: number; transcript: number; segments: number; summary: number; versions: number }[]
  >`
    select (select count(*)::int from meetings where id = ${id}) as meeting,
      (select count(*)::int from transcripts where meeting_id = ${id}) as transcript,
      (select count(*)::int from transcript_segments where meeting_id = ${id}) as segments,
      (select count(*)::int from summaries where meeting_id = ${id}) as summary,
      (select count(*)::int from record_versions where meeting_id = ${id}) as versions`;
  const counts = row!;
  if (counts.meeting + counts.transcript + counts.segments + counts.summary + counts.versions === 0) return "gone";
  if (counts.meeting === 1 && counts.transcript === 1 && counts.segments === SEGMENTS && counts.summary === 1) {
    return counts.versions > 0 ? "whole" : JSON.stringify(counts);
  }
  return JSON.stringify(counts);
}

async function runChild(
  url: string | undefined,
  killAfterFirst: boolean,
): Promise<{ code: number | null; lines: string[] }> {
  const child = Bun.spawn(["bun", "run", join(import.meta.dir, "support", "dispose-records-child.ts")], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DISPOSE_NOW: new Date().toISOString(),
      ...(url ? { DISPOSE_DATABASE_URL: url } : {}),
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const lines: string[] = [];
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of child.stdout as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk);
    const parts = text.split("\n");
    text = parts.pop() ?? "";
    lines.push(...parts);
    if (killAfterFirst && lines.some((line) => line.startsWith("disposed"))) {
      child.kill("SIGKILL");
      break;
    }
  }
  await child.exited;
  if (!killAfterFirst && child.exitCode !== 0) throw new Error(await new Response(child.stderr).text());
  return { code: child.exitCode, lines };
}

const disposalsIn = async (sql: Sql, userId: number) =>
  sql<{ meetingId: number }[]>`select meeting_id as "meetingId" from audit_log
    where account_id = ${userId} and action = 'record.disposed'`;

test("a disposal killed mid-run leaves each meeting whole or gone; the next run finishes, each once", async () => {
  let { db, url } = await openTarget();
  const { userId, ids } = await seed(db.sql);
  await release(db);

  const killed = await runChild(url, true);
  expect(killed.code).not.toBe(0);

  ({ db } = await openTarget());
  const states = await Promise.all(ids.map((id) => stateOf(db.sql, id)));
  expect(states.filter((state) => state !== "whole" && state !== "gone")).toEqual([]);
  const gone = ids.filter((_, i) => states[i] === "gone");
  expect(gone.length).toBeGreaterThan(0);
  expect(gone.length).toBeLessThan(MEETINGS);
  const trail = await disposalsIn(db.sql, userId);
  expect(trail.map((row) => Number(row.meetingId)).sort()).toEqual(gone.sort());
  await release(db);

  const finished = await runChild(url, false);
  expect(finished.lines.at(-1)).toBe(`done ${MEETINGS - gone.length}`);
  ({ db } = await openTarget());
  expect(await Promise.all(ids.map((id) => stateOf(db.sql, id)))).toEqual(ids.map(() => "gone"));
  const all = await disposalsIn(db.sql, userId);
  expect(all.map((row) => Number(row.meetingId)).sort()).toEqual([...ids].sort());
  expect((await verifyAuditChain(db.sql, userId)).ok).toBe(true);
  await release(db);
}, 600_000);
