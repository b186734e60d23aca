// The server process is killed (SIGKILL) while three meetings are processing. After a restart all three
// reach Processed, none is indexed twice, and no recording file is left without its meeting.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@cm/db";
import { DEMO_PASSWORD, DEMO_USERNAME } from "../src/seed/demo-account";
import { json } from "./auth-helpers";
import { buildLongTranscriptVtt } from "./support/long-transcript";
import { ensureWebBuild } from "./test-server";

const root = join(import.meta.dir, "..", "..");
const dataDir = mkdtempSync(join(tmpdir(), "cm-crash-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

async function startProcess(port: number) {
  await ensureWebBuild(); // the server starts with BUILD_WEB=0 and serves the existing build
  const proc = Bun.spawn(["bun", "run", "api/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "development",
      BUILD_WEB: "0",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      // Crash recovery, not the embedder, is under test: the quick one (the default's end to end test is
      // search-sentence-encoder.test.ts).
      LOCAL_EMBEDDER: "hashing",
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const url = `http://127.0.0.1:${port}`;
  // A fresh data folder seeds the demo account first: over a minute on a loaded 2-core machine.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { proc, url };
    if (proc.exitCode !== null) throw new Error(`server exited: ${await new Response(proc.stderr).text()}`);
    await Bun.sleep(100);
  }
  proc.kill(9);
  throw new Error("server did not start");
}

/** The demo account's session and its clients. */
async function signInAsDemo(url: string) {
  const login = await fetch(`${url}/api/login`, json({ username: DEMO_USERNAME, password: DEMO_PASSWORD }));
  const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
  const clients = (await (await fetch(`${url}/api/clients`, { headers: { cookie } })).json()) as { id: number }[];
  return { cookie, clients };
}

test("SIGKILL during processing: after restart every meeting ends Processed once, with no orphan file", async () => {
  const port = freePort();
  let { proc, url } = await startProcess(port);
  const { cookie, clients } = await signInAsDemo(url);
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const form = new FormData();
    form.set(
      "meetingData",
      JSON.stringify({ title: `Long review ${i + 1}`, clientId: clients[i]!.id, date: "2026-05-04T12:00:00Z" }),
    );
    form.set("audioFile", new Blob([buildLongTranscriptVtt(60, i + 1)], { type: "text/vtt" }), `review-${i + 1}.vtt`);
    const response = await fetch(`${url}/api/meetings/upload`, { method: "POST", body: form, headers: { cookie } });
    expect(response.status).toBe(201);
    ids.push((await response.json()).id);
  }
  proc.kill(9); // no shutdown hooks, no lease released
  await proc.exited;
  // The kill really came mid-way: some of the three were not done (and a dead process's lock is no obstacle).
  const crashed = await openDatabase({ dataDir });
  const [unfinished] = await crashed.sql<{ n: number }[]>`
    select count(*)::int as n from meetings where id in ${crashed.sql(ids)} and status <> 'Processed'`;
  await crashed.close();
  expect(unfinished!.n).toBeGreaterThan(0);

  ({ proc, url } = await startProcess(port));
  try {
    const deadline = Date.now() + 60_000;
    let statuses: string[] = [];
    while (Date.now() < deadline) {
      statuses = await Promise.all(
        ids.map(
          async (id) => (await (await fetch(`${url}/api/meetings/${id}`, { headers: { cookie } })).json()).status,
        ),
      );
      if (statuses.every((s) => s === "Processed" || s === "Failed")) break;
      await Bun.sleep(200);
    }
    expect(statuses).toEqual(["Processed", "Processed", "Processed"]);
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
  }

  const db = await openDatabase({ dataDir });
  try {
    const [dupes] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from (
        select meeting_id, source, content, metadata from chunks where meeting_id in ${db.sql(ids)}
        group by 1, 2, 3, 4 having count(*) > 1) d`;
    expect(dupes!.n).toBe(0);
    const perMeeting = await db.sql<{ transcripts: number; summaries: number; chunks: number }[]>`
      select (select count(*)::int from transcripts t where t.meeting_id = m.id) as transcripts,
        (select count(*)::int from summaries s where s.meeting_id = m.id) as summaries,
        (select count(*)::int from chunks c where c.meeting_id = m.id) as chunks
      from meetings m where m.id in ${db.sql(ids)}`;
    for (const row of perMeeting) {
      expect(row.transcripts).toBe(1);
      expect(row.summaries).toBe(1);
      expect(row.chunks).toBeGreaterThan(10);
    }
    const stored = await db.sql<{ key: string }[]>`select audio_path as key from meetings where audio_path is not null`;
    expect(readdirSync(join(dataDir, "recordings")).sort()).toEqual(stored.map((r) => r.key).sort());
    // The uploads' jobs are all done. Re-embedding of the demo meetings may still be under way when the server is
    // stopped (one account's jobs never take every slot), and a stop hands such a job back for the next start.
    const [jobs] = await db.sql<{ open: number }[]>`
      select count(*)::int as open from jobs where status in ('queued', 'running') and meeting_id in ${db.sql(ids)}`;
    expect(jobs!.open).toBe(0);
  } finally {
    await db.close();
  }
}, 360_000);

test("SIGKILL in the middle of an upload: the partial file is removed at the next start", async () => {
  const port = freePort();
  let { proc, url } = await startProcess(port);
  const { cookie, clients } = await signInAsDemo(url);
  const before = new Set(readdirSync(join(dataDir, "recordings")));
  const boundary = "----crashBoundary";
  const meetingData = JSON.stringify({ title: "Cut off", clientId: clients[0]!.id, date: "2026-05-04T12:00:00Z" });
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="meetingData"\r\n\r\n${meetingData}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename="long.vtt"\r\n` +
    `Content-Type: text/vtt\r\n\r\n${buildLongTranscriptVtt(120)}`;
  // The body never ends: the client is still sending when the server dies.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(head));
    },
  });
  const upload = fetch(`${url}/api/meetings/upload`, {
    method: "POST",
    body,
    headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
  }).catch(() => undefined);
  const partial = await (async () => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const added = readdirSync(join(dataDir, "recordings")).filter((name) => !before.has(name));
      if (added.length > 0) return added[0]!;
      await Bun.sleep(50);
    }
    throw new Error("the upload never reached the disk");
  })();
  proc.kill(9);
  await proc.exited;
  await upload;
  expect(readdirSync(join(dataDir, "recordings"))).toContain(partial);

  ({ proc, url } = await startProcess(port));
  try {
    expect(readdirSync(join(dataDir, "recordings"))).not.toContain(partial);
    const db = await openDatabase({ socketPath: join(dataDir, "run", ".s.PGSQL.5432") });
    try {
      const stored = await db.sql<
        { key: string }[]
      >`select audio_path as key from meetings where audio_path is not null`;
      expect(readdirSync(join(dataDir, "recordings")).sort()).toEqual(stored.map((r) => r.key).sort());
    } finally {
      await db.close();
    }
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
  }
}, 360_000);
