// Meeting export with a long transcript: for 1- and 3-hour meetings (and any --hours given), the time of each
// export format with the transcript, and the worst GET /api/health latency measured every 20 ms meanwhile (how much
// the export holds up everyone else). The transcript is seeded straight into the database (no processing).
//   bun run api/bench/export.ts [--hours 1,3]

import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { registerAndSignIn } from "../test/auth-helpers";
import { buildLongTranscriptVtt } from "../test/support/long-transcript";
import { seedClient, seedProcessedMeeting } from "../test/support/seed-meeting";
import { startTestServer } from "../test/test-server";

const args = process.argv.slice(2);
const hours = (args.includes("--hours") ? args[args.indexOf("--hours") + 1]! : "1,3").split(",").map(Number);

/** The turns of the generated WebVTT (one cue a turn). */
function segmentsOf(vtt: string) {
  return [...vtt.matchAll(/(\d\d):(\d\d):(\d\d)\.\d+ --> .*\n<v ([^>]+)>(.*)/g)].map((m) => ({
    start: Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
    end: null,
    speaker: m[4]!,
    text: m[5]!,
  }));
}

const server = await startTestServer();
const { cookie } = await registerAndSignIn(server);
const userId = (await (await server.fetch("/api/auth/user", { headers: { cookie } })).json()).user.id as number;
const client = await seedClient(server.ctx.db.sql, userId, "Bench Client");

console.log("| meeting | turns | format | status | export time | size | health worst while exporting |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const length of hours) {
  const segments = segmentsOf(buildLongTranscriptVtt(length * 60));
  const id = await seedProcessedMeeting(server.ctx.db.sql, userId, client.id, {
    title: `${length} h`,
    date: new Date(),
  });
  const fullText = segments.map((s) => `${s.speaker}: ${s.text}`).join("\n");
  await upsertTranscript(server.ctx.db.sql, { meetingId: id, fullText, segments });
  for (const format of ["md", "docx", "pdf"]) {
    let done = false;
    let worst = 0;
    const probe = (async () => {
      while (!done) {
        const started = performance.now();
        await (await server.fetch("/api/health")).arrayBuffer();
        worst = Math.max(worst, performance.now() - started);
        await Bun.sleep(20);
      }
    })();
    const started = performance.now();
    const response = await server.fetch(`/api/meetings/${id}/export?format=${format}&transcript=1`, {
      headers: { cookie },
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    const elapsed = performance.now() - started;
    done = true;
    await probe;
    const size = `${(bytes / 1024).toFixed(0)} KB`;
    console.log(
      `| ${length} h | ${segments.length} | ${format} | ${response.status} | ${elapsed.toFixed(0)} ms | ${size} | ${worst.toFixed(0)} ms |`,
    );
  }
}
await server.stop();
