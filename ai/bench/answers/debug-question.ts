// Why an answer picked what it did: the top-scored sentences for each question given, over the seeded demo meetings.
//   bun run ai/bench/answers/debug-question.ts [--embedder sentence-encoder] "question" ...
import { parseArgs } from "node:util";
import { insertUser } from "@cm/db/queries/users";
import { createAnswerStore } from "@cm/db/stores/answer-store";
import { createIndexStore } from "@cm/db/stores/index-store";
import { createTestDatabase } from "@cm/db/testing";
import { seedDemoData } from "../../../api/src/seed/seed-demo-data";
import { indexMeeting } from "../../src/intelligence/index-meeting";
import { createHashingEmbedder } from "../../src/local/hashing-embedder";
import { createLocalEngine } from "../../src/local/local-engine";
import { gatherContext } from "../../src/search/gather-context";
import { scoreSentences } from "../../src/search/rank/score-sentences";

const { values: args, positionals } = parseArgs({
  options: { embedder: { type: "string", default: "hashing" } },
  allowPositionals: true,
});
const embedder =
  args.embedder === "sentence-encoder"
    ? createLocalEngine({ embedder: "sentence-encoder" }).embedder
    : createHashingEmbedder();
const db = await createTestDatabase();
try {
  const user = await insertUser(db.sql, {
    username: "debug",
    passwordHash: "x",
    email: "d@example.com",
    fullName: "D",
  });
  await seedDemoData(db.sql, user.id);
  const meetings = await db.sql<{ id: number }[]>`select id from meetings where user_id = ${user.id}`;
  for (const m of meetings) await indexMeeting({ store: createIndexStore(db.sql), embedder }, m.id);
  for (const q of positionals) {
    const ctx = await gatherContext(createAnswerStore(db.sql), embedder, user.id, q, []);
    console.log(
      `\n## ${q}  found ${ctx.found} kinds ${ctx.understood.kinds.join(",")} period ${ctx.understood.period?.label} relevance ${JSON.stringify(ctx.relevance)}`,
    );
    // Scoped to every meeting, so the passages are kept even when nothing was found.
    const all = await gatherContext(
      createAnswerStore(db.sql),
      embedder,
      user.id,
      q,
      [],
      undefined,
      undefined,
      meetings.map((m) => m.id),
    );
    const scored = await scoreSentences(embedder, ctx.understood.searchText, ctx.understood.kinds, all.passages);
    for (const s of scored.slice(0, 6)) {
      console.log(
        `${s.score.toFixed(3)} sim ${s.similarity.toFixed(2)} cov ${s.coverage.toFixed(2)} kind ${s.kind} p${s.passage} ${all.passages[s.passage]!.source} ${s.speaker} | ${s.text.slice(0, 110)}`,
      );
    }
  }
} finally {
  await db.close();
}
