// Memory of the account export (issue 39: "an export of an account with 1,000 meetings grows server memory by under
// 100 MB"). An account of `--meetings` meetings, each with a transcript of `--segments` turns, a summary edited once
// (two versions), a note, a sent follow-up and a recording of `--recording-kb` KB, is written into a fresh embedded
// database; the server (`api/src/main.ts`, development, WORKER=off, the existing web build) then streams
// GET /api/account/export to a file while the RSS of the server and its children is sampled every 20 ms. Growth is
// the peak over the idle median just before. The zip is then checked with records:verify's function.
//
// Each round measures from the idle median just before it: the first round includes what the embedded database's
// WebAssembly heap grows to hold once (it never shrinks), the next ones what an export costs once that is done.
//
//   bun run api/bench/records-export-memory.ts [--meetings 1000] [--segments 300] [--recording-kb 64] [--rounds 2]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { migrate, openDatabase } from "@cm/db";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { actingAs } from "@cm/db/queries/record-versions";
import { upsertSummary } from "@cm/db/queries/summaries";
import { insertUser } from "@cm/db/queries/users";
import { verifyExport } from "../src/modules/records-export/verify-export";
import { createStorage } from "../src/storage/create-storage";
import { newKey } from "../src/storage/file-storage";
import { idleRssMb, readTreeRssMb, sampleRss, spawnServer, stopServer } from "./support/upload-harness";

const { values: args } = parseArgs({
  options: {
    meetings: { type: "string", default: "1000" },
    segments: { type: "string", default: "300" },
    "recording-kb": { type: "string", default: "64" },
    rounds: { type: "string", default: "2" },
  },
});
const MEETINGS = Number(args.meetings);
const SEGMENTS = Number(args.segments);
const RECORDING_BYTES = Number(args["recording-kb"]) * 1024;
const PASSWORD = "bench-export-password";
const dataDir = mkdtempSync(join(tmpdir(), "cm-bench-export-memory-"));
process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));

async function seed(): Promise<string> {
  const started = performance.now();
  const db = await openDatabase({ dataDir });
  await migrate(db.sql);
  const sql = db.sql;
  const username = `exportbench${Date.now()}`;
  const user = await insertUser(sql, {
    username,
    passwordHash: await Bun.password.hash(PASSWORD),
    email: `${username}@example.com`,
    fullName: "Bench Advisor",
    skipVerification: true,
  });
  const storage = createStorage({ kind: "local" } as never, dataDir);
  const clients: number[] = [];
  for (let c = 0; c < 20; c++) {
    const [row] = await sql<{ id: number }[]>`
      insert into clients (user_id, name, type) values (${user.id}, ${`Client ${c}`}, 'Wealth Management') returning id`;
    clients.push(Number(row!.id));
  }
  const segments = Array.from({ length: SEGMENTS }, (_, i) => ({
    start: i * 4,
    end: i * 4 + 4,
    speaker: i % 2 ? "Dana Whitfield" : "Morgan Reyes",
    text: `Turn ${i}: we keep six months of expenses in the high-yield savings account as the emergency fund.`,
  }));
  const fullText = segments.map((s) => `${s.speaker}: ${s.text}`).join("\n");
  const recording = new Uint8Array(RECORDING_BYTES).map((_, i) => (i * 31) % 251);
  const ids: number[] = [];
  for (let m = 0; m < MEETINGS; m++) {
    const [row] = await sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, duration, status, source_kind)
      values (${user.id}, ${clients[m % clients.length]!}, ${`Review ${m}`}, ${new Date(Date.UTC(2025, 0, 1) + m * 86_400_000)},
        ${SEGMENTS * 4}, 'Processed', 'audio') returning id`;
    ids.push(Number(row!.id));
    const source = join(dataDir, `seed-${m}.mp3`);
    writeFileSync(source, recording);
    const key = newKey("mp3");
    await storage.importFile(source, key);
    await sql`update meetings set audio_path = ${key} where id = ${ids[m]!}`;
  }
  // The first meeting's records written through the product's code; the others get copies, server-side.
  const [first, ...rest] = ids as [number, ...number[]];
  await upsertTranscript(sql, { meetingId: first, fullText, segments });
  const summary = {
    executiveSummary: "The client approved moving 5% from equities into short-term bonds.",
    keyPoints: ["Rebalance toward bonds", "Emergency fund kept at six months"],
    actionItems: [{ task: "Send the trade list for signature", assignee: "Morgan Reyes" }],
    nextMeeting: null,
  };
  await upsertSummary(sql, first, summary);
  for (const table of ["transcripts", "transcript_segments", "transcript_text_parts", "summaries"]) {
    const columns = (
      await sql<{ name: string }[]>`select column_name as name from information_schema.columns
        where table_name = ${table} and table_schema = current_schema() and column_name not in ('id', 'meeting_id')
          and is_generated = 'NEVER'`
    ).map((column) => column.name);
    await sql.unsafe(
      `insert into ${table} (meeting_id, ${columns.join(", ")})
       select m.id, ${columns.map((column) => `t.${column}`).join(", ")} from ${table} t
       cross join unnest($1::bigint[]) as m (id) where t.meeting_id = $2`,
      [rest, first],
    );
  }
  // The adviser's edit of every summary: a second version by a person.
  await actingAs(
    sql,
    user.id,
    (tx) => tx`update summaries set key_points = '[]'::jsonb where meeting_id = any(${ids})`,
  );
  await sql`insert into notes (meeting_id, user_id, content)
    select id, ${user.id}, 'Call back about the 529 plan.' from meetings where user_id = ${user.id}`;
  await sql`insert into follow_ups (meeting_id, user_id, recipients, subject, body_text)
    select id, ${user.id}, array['client@example.com'], 'Your review', 'Thank you for today.'
    from meetings where user_id = ${user.id}`;
  await db.close();
  console.error(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return username;
}

const username = await seed();
const server = await spawnServer(
  "api/src/main.ts",
  {
    NODE_ENV: "development",
    BUILD_WEB: "0",
    DATA_DIR: dataDir,
    WORKER: "off",
    DEMO_ACCOUNT: "off",
    LOCAL_EMBEDDER: "hashing",
  },
  "/api/health",
);
try {
  const login = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
  const pid = server.proc.pid;
  console.log(
    "| round | meetings | zip MB | files | export s | idle RSS MB | peak RSS MB | growth MB | samples | verify |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (let round = 1; round <= Number(args.rounds); round++) {
    const idle = await idleRssMb(pid, 3000, readTreeRssMb);
    const sampler = sampleRss(pid, 20, readTreeRssMb);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/account/export`, { headers: { cookie } });
    if (!response.ok) throw new Error(`export failed: ${response.status} ${await response.text()}`);
    const zipPath = join(dataDir, `export-${round}.zip`);
    const writer = Bun.file(zipPath).writer();
    let bytes = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      writer.write(chunk);
      bytes += chunk.byteLength;
    }
    await writer.end();
    const seconds = (performance.now() - started) / 1000;
    const { peakMb, samples } = sampler.stop();
    const verifyStarted = performance.now();
    const verdict = await verifyExport(zipPath);
    const verifySeconds = (performance.now() - verifyStarted) / 1000;
    rmSync(zipPath);
    const verified = verdict.ok ? "ok" : verdict.problems.slice(0, 3).join("; ");
    console.log(
      `| ${round} | ${MEETINGS} | ${(bytes / 1048576).toFixed(1)} | ${verdict.files} | ${seconds.toFixed(1)} | ${idle.toFixed(0)} | ${peakMb.toFixed(0)} | ${(peakMb - idle).toFixed(0)} | ${samples} | ${verified} (${verifySeconds.toFixed(1)} s) |`,
    );
  }
} finally {
  await stopServer(server);
}
