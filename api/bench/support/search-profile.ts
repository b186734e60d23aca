// Where a question's time goes, measured in-process against the seeded database: every answer-store query and every
// embedder call is timed (wall time per question, summed per kind), next to the whole answer.

import type { Embedder } from "@cm/ai";
import confidence from "@cm/ai/fitted/answer-confidence";
import { answerQuestion, localAnswerComposer } from "@cm/ai/search";
import type { Sql } from "@cm/db";
import { createAnswerStore } from "@cm/db/stores/answer-store";
import { percentile } from "./load-generator";

type Timings = Map<string, number>;

function timedStore(store: ReturnType<typeof createAnswerStore>, timings: () => Timings) {
  return new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        const started = performance.now();
        try {
          return await value.apply(target, args);
        } finally {
          const t = timings();
          const key = `store.${String(name)}`;
          t.set(key, (t.get(key) ?? 0) + performance.now() - started);
        }
      };
    },
  });
}

function timedEmbedder(embedder: Embedder, timings: () => Timings): Embedder {
  return {
    get model() {
      return embedder.model;
    },
    dimensions: embedder.dimensions,
    async embed(texts, signal, options) {
      const started = performance.now();
      try {
        return await embedder.embed(texts, signal, options);
      } finally {
        const t = timings();
        t.set("embedder.embed", (t.get("embedder.embed") ?? 0) + performance.now() - started);
        t.set("embedder texts", (t.get("embedder texts") ?? 0) + texts.length);
      }
    },
  };
}

/** Markdown rows: for each kind of work, its mean and p95 per question (ms; texts for the embedder's count). */
export async function profileSearch(
  sql: Sql,
  userId: number,
  embedder: Embedder,
  questions: string[],
  /** The first questions only warm the encoder and caches: not counted. */
  warmup = 0,
) {
  let current: Timings = new Map();
  const perQuestion: Timings[] = [];
  const deps = {
    store: timedStore(createAnswerStore(sql), () => current),
    embedder: timedEmbedder(embedder, () => current),
    composer: localAnswerComposer,
    confidence,
  };
  for (const question of questions) {
    current = new Map();
    const started = performance.now();
    await answerQuestion(deps, userId, question, []);
    current.set("whole answer", performance.now() - started);
    perQuestion.push(current);
  }
  perQuestion.splice(0, warmup);
  const kinds = [...new Set(perQuestion.flatMap((t) => [...t.keys()]))].sort();
  return [
    "| work (summed per question; parallel queries overlap) | mean | p95 | questions using it |",
    "|---|---|---|---|",
    ...kinds.map((kind) => {
      const values = perQuestion.map((t) => t.get(kind) ?? 0).sort((a, b) => a - b);
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      const used = perQuestion.filter((t) => t.has(kind)).length;
      return `| ${kind} | ${mean.toFixed(1)} | ${percentile(values, 95).toFixed(1)} | ${used} |`;
    }),
  ];
}
