// Meeting Intelligence answers, measured through the product's own seeding, indexing and answering code:
//
// - off-topic set (ai/bench/answers/question-sets.ts): share answered "nothing found" (found: false, no sources);
// - advisor set over the demo meetings (seeded by the demo-account seeding, indexed by @cm/ai's indexing): share
//   whose expected fact is within the answer's first 400 characters;
// - QMSum val (../shared/data/qmsum/val.jsonl), the query's meeting given: answer ROUGE-1 F1 against the gold
//   answers (links and markdown removed from the answer first).
//
//   bun run ai/bench/answers.ts                       local engine's embedder (the sentence encoder), embedded database
//   bun run ai/bench/answers.ts --embedder hashing    the hashing embedder
//   bun run ai/bench/answers.ts --vector-cache /tmp/use.bin   reuse sentence-encoder vectors of an earlier run
//   bun run ai/bench/answers.ts --qmsum-limit 60      fewer QMSum queries (0 skips QMSum)
//   bun run ai/bench/answers.ts --before DIR          also the answering code in DIR (a copy of an older
//                                                     ai/src/search inside the repository, e.g. ai/.before/search)
//   bun run ai/bench/answers.ts --verbose             every answer's first line

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Sql } from "@cm/db";
import { insertUser } from "@cm/db/queries/users";
import { createAnswerStore } from "@cm/db/stores/answer-store";
import { createIndexStore } from "@cm/db/stores/index-store";
import { createTestDatabase } from "@cm/db/testing";
import { seedDemoData } from "../../api/src/seed/seed-demo-data";
import confidence from "../fitted/answer-confidence.json";
import { indexMeeting } from "../src/intelligence/index-meeting";
import { createHashingEmbedder } from "../src/local/hashing-embedder";
import { createLocalEngine } from "../src/local/local-engine";
import { answerQuestion } from "../src/search/answer-question";
import type { AnswerComposer, AnswerContext } from "../src/search/answer-types";
import { retrievePassages } from "../src/search/fetch/hybrid-retrieve";
import { gatherContext } from "../src/search/gather-context";
import { knownTermShare } from "../src/search/rank/term-coverage";
import { questionTerms } from "../src/search/understand/question-terms";
import { localAnswerComposer } from "../src/search/write/compose-local-answer";
import type { Embedder } from "../src/types";
import { ADVISOR, OFF_TOPIC } from "./answers/question-sets";
import { loadCorpus } from "./retrieval/evaluate";
import { loadQmsum } from "./retrieval/qmsum";
import { withVectorCache } from "./retrieval/vector-cache";

const { values: args } = parseArgs({
  options: {
    embedder: { type: "string", default: "local" },
    "qmsum-limit": { type: "string", default: "1000" },
    before: { type: "string" },
    verbose: { type: "boolean", default: false },
    calibrate: { type: "boolean", default: false },
    "vector-cache": { type: "string" },
    data: { type: "string", default: join(import.meta.dir, "..", "..", "..", "shared", "data", "qmsum", "val.jsonl") },
  },
});

// "local" is what the local engine uses by default: the sentence encoder.
const encoder = args.embedder === "hashing" ? null : createLocalEngine({ embedder: "sentence-encoder" }).embedder;
const cache = encoder && args["vector-cache"] ? withVectorCache(encoder, args["vector-cache"]) : null;
const embedder: Embedder = cache ?? encoder ?? createHashingEmbedder();
const FIRST_CHARS = 400;

// ---------------------------------------------------------------------------------------------------------------
// ROUGE-1 (unigram overlap F1), on lower-cased alphanumeric tokens.

export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

export function rouge1(candidate: string, reference: string): { p: number; r: number; f: number } {
  const count = (words: string[]) => {
    const m = new Map<string, number>();
    for (const w of words) m.set(w, (m.get(w) ?? 0) + 1);
    return m;
  };
  const c = count(tokens(candidate));
  const r = count(tokens(reference));
  let overlap = 0;
  for (const [w, n] of c) overlap += Math.min(n, r.get(w) ?? 0);
  const cn = [...c.values()].reduce((a, b) => a + b, 0);
  const rn = [...r.values()].reduce((a, b) => a + b, 0);
  const p = cn ? overlap / cn : 0;
  const rc = rn ? overlap / rn : 0;
  return { p, r: rc, f: p + rc ? (2 * p * rc) / (p + rc) : 0 };
}

/** The answer's prose: citation links, quote markers, emphasis and escapes removed. */
export function answerProse(markdown: string): string {
  return markdown
    .replace(/\[[^\]\n]*\]\([^)\n]*\)/g, " ")
    .replace(/\\(.)/g, "$1")
    .replace(/[*>#]/g, " ")
    .replace(/—/g, " ");
}

// ---------------------------------------------------------------------------------------------------------------

type Answerer = typeof answerQuestion;

interface SetResult {
  label: string;
  offTopicNothing: number;
  advisorHits: number;
  /** Advisor questions whose expected fact is in the answer's first line (the finding itself). */
  firstLineHits: number;
  /** Advisor questions answered "nothing found": the on-topic false negatives. */
  advisorNothing: number;
  misses: string[];
  falsePositives: string[];
}

async function runSets(label: string, answer: Answerer, sql: Sql, userId: number) {
  const deps = { store: createAnswerStore(sql), embedder, composer: localAnswerComposer, confidence };
  const result: SetResult = {
    label,
    offTopicNothing: 0,
    advisorHits: 0,
    firstLineHits: 0,
    advisorNothing: 0,
    misses: [],
    falsePositives: [],
  };
  for (const q of OFF_TOPIC) {
    const a = (await answer(deps, userId, q, [])) as { result: string; sources: unknown[]; found?: boolean };
    const nothing = a.found === false || (a.sources.length === 0 && /couldn't find|no meetings/i.test(a.result));
    if (nothing) result.offTopicNothing++;
    else result.falsePositives.push(`${q} → ${a.result.split("\n")[0]!.slice(0, 140)}`);
  }
  for (const q of ADVISOR) {
    const a = (await answer(deps, userId, q.question, [])) as { result: string; sources: unknown[]; found?: boolean };
    if (a.found === false || (a.sources.length === 0 && /couldn't find|no meetings/i.test(a.result)))
      result.advisorNothing++;
    const head = a.result.slice(0, FIRST_CHARS).toLowerCase().replace(/\\/g, "");
    const hit = q.expect.some((e) => head.includes(e.toLowerCase()));
    const firstLine = a.result.split("\n")[0]!.toLowerCase().replace(/\\/g, "");
    if (q.expect.some((e) => firstLine.includes(e.toLowerCase()))) result.firstLineHits++;
    if (hit) result.advisorHits++;
    else result.misses.push(`${q.question} [${q.expect[0]}] → ${a.result.split("\n")[0]!.slice(0, 160)}`);
    if (args.verbose) console.log(`${hit ? "ok  " : "MISS"} ${q.question}\n     ${a.result.split("\n")[0]}`);
  }
  return result;
}

async function loadBefore(dir: string) {
  const base = resolve(dir);
  const question = (await import(join(base, "answer-question.ts"))) as { answerQuestion: Answerer };
  const composer = (await import(join(base, "compose-local-answer.ts"))) as {
    composeLocalAnswer: (ctx: AnswerContext) => string;
    localAnswerComposer: AnswerComposer;
  };
  // The older answerQuestion takes the same arguments; its composer is its own.
  const answer: Answerer = (deps, ...rest) =>
    question.answerQuestion({ ...deps, composer: composer.localAnswerComposer }, ...rest) as ReturnType<Answerer>;
  return { answer, composeLocalAnswer: composer.composeLocalAnswer };
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;

const db = await createTestDatabase();
const sql = db.sql;
try {
  console.log(`embedder ${embedder.model}`);
  // The demo account's meetings, seeded and indexed as on a first start.
  const user = await insertUser(sql, {
    username: "answers-bench",
    passwordHash: "x",
    email: "a@example.com",
    fullName: "Answers Bench",
  });
  await seedDemoData(sql, user.id);
  const meetings = await sql<{ id: number }[]>`select id from meetings where user_id = ${user.id}`;
  for (const m of meetings) await indexMeeting({ store: createIndexStore(sql), embedder }, m.id);
  await embedder.embed(["warm up"]);

  if (args.calibrate) {
    // The best sentence's similarity and coverage per question: where the relevance threshold can go.
    for (const [set, questions] of [
      ["off", OFF_TOPIC],
      ["adv", ADVISOR.map((q) => q.question)],
    ] as const) {
      for (const q of questions) {
        const ctx = await gatherContext(createAnswerStore(sql), embedder, user.id, q, []);
        const r = ctx.relevance;
        // The share of the question's terms the best passages hold anywhere (unscoped retrieval, as most questions).
        const hits = await retrievePassages(createAnswerStore(sql), embedder, user.id, q, { k: 8 });
        const titles = await sql<
          { id: number; title: string }[]
        >`select id, title from meetings where user_id = ${user.id}`;
        const titleOf = new Map(titles.map((t) => [t.id, t.title]));
        const known = knownTermShare(
          questionTerms(q),
          hits.map((h) => ({
            meetingId: h.meetingId,
            title: titleOf.get(h.meetingId) ?? "",
            date: new Date(),
            clientName: "",
            source: h.source,
            content: h.content,
          })),
        );
        console.log(
          `${set} sim ${r?.similarity.toFixed(3) ?? "-"} cov ${r?.coverage.toFixed(2) ?? "-"} known ${known.toFixed(2)} found ${ctx.found} ${q}`,
        );
      }
    }
  }

  const before = args.before ? await loadBefore(args.before) : null;
  const results: SetResult[] = [];
  if (before) results.push(await runSets("before", before.answer, sql, user.id));
  const t0 = performance.now();
  results.push(await runSets("after", answerQuestion, sql, user.id));
  const perQuestion = (performance.now() - t0) / (OFF_TOPIC.length + ADVISOR.length);

  console.log(
    `\n### Demo meetings (${meetings.length}), ${OFF_TOPIC.length} off-topic and ${ADVISOR.length} advisor questions\n`,
  );
  console.log(
    `| code | off-topic answered "nothing found" | on-topic (advisor) answered "nothing found" | advisor fact in first ${FIRST_CHARS} chars | advisor fact in the first line |`,
  );
  console.log("|---|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${r.label} | ${pct(r.offTopicNothing, OFF_TOPIC.length)} (${r.offTopicNothing}/${OFF_TOPIC.length}) | ` +
        `${pct(r.advisorNothing, ADVISOR.length)} (${r.advisorNothing}/${ADVISOR.length}) | ` +
        `${pct(r.advisorHits, ADVISOR.length)} (${r.advisorHits}/${ADVISOR.length}) | ` +
        `${pct(r.firstLineHits, ADVISOR.length)} (${r.firstLineHits}/${ADVISOR.length}) |`,
    );
  }
  console.log(`\nmean answer time ${perQuestion.toFixed(0)} ms (after)`);
  const after = results.at(-1)!;
  if (after.falsePositives.length) console.log(`\noff-topic answered:\n- ${after.falsePositives.join("\n- ")}`);
  if (after.misses.length) console.log(`\nadvisor misses:\n- ${after.misses.join("\n- ")}`);

  // QMSum: the query's meeting given.
  const limit = Number(args["qmsum-limit"]);
  if (limit > 0) {
    const qmsum = loadQmsum(args.data!);
    const raw = readFileSync(args.data!, "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { specific_query_list: { query: string; answer: string }[] });
    const corpus = await loadCorpus(sql, embedder, qmsum);
    const idOf = new Map([...corpus.meetingIndex].map(([id, index]) => [index, id]));
    const queries = raw.flatMap((m, index) => m.specific_query_list.map((q) => ({ ...q, index }))).slice(0, limit);
    const scores = { after: [] as number[], before: [] as number[], nothing: 0 };
    const detail = { p: [] as number[], r: [] as number[], words: [] as number[], gold: [] as number[] };
    for (const q of queries) {
      const meetingId = idOf.get(q.index)!;
      const a = await answerQuestion(
        { store: createAnswerStore(sql), embedder, composer: localAnswerComposer, confidence },
        corpus.userId,
        q.query,
        [],
        {
          meetingIds: [meetingId],
        },
      );
      if (!a.found) scores.nothing++;
      const prose = answerProse(a.result);
      const score = rouge1(prose, q.answer);
      scores.after.push(score.f);
      detail.p.push(score.p);
      detail.r.push(score.r);
      detail.words.push(tokens(prose).length / 100);
      detail.gold.push(tokens(q.answer).length / 100);
      if (before) {
        // The older composer over the same meeting's retrieved passages (it had no meeting scope of its own).
        const hits = await retrievePassages(createAnswerStore(sql), embedder, corpus.userId, q.query, {
          k: 6,
          filters: { meetingIds: [meetingId] },
        });
        const ctx = {
          question: q.query,
          understood: {
            intent: "general",
            period: undefined,
            clients: [],
            topic: undefined,
            offset: 0,
            searchText: q.query,
          },
          facts: [],
          passages: hits.map((h) => ({
            meetingId,
            title: "Meeting",
            date: new Date(),
            clientName: "QMSum",
            source: h.source,
            content: h.content,
          })),
          history: [],
        } as unknown as AnswerContext;
        scores.before.push(rouge1(answerProse(before.composeLocalAnswer(ctx)), q.answer).f);
      }
    }
    const mean = (xs: number[]) => (100 * xs.reduce((a, b) => a + b, 0)) / Math.max(1, xs.length);
    console.log(`\n### QMSum val, ${queries.length} specific queries, the query's meeting given\n`);
    console.log('| code | answer ROUGE-1 F1 | answered "nothing found" |');
    console.log("|---|---:|---:|");
    if (before) console.log(`| before | ${mean(scores.before).toFixed(1)} | |`);
    console.log(`| after | ${mean(scores.after).toFixed(1)} | ${pct(scores.nothing, queries.length)} |`);
    console.log(
      `\nafter: precision ${mean(detail.p).toFixed(1)}, recall ${mean(detail.r).toFixed(1)}; answers of ` +
        `${mean(detail.words).toFixed(0)} words on average against ${mean(detail.gold).toFixed(0)} in the gold answers`,
    );
  }
} finally {
  cache?.save();
  await db.close();
}
