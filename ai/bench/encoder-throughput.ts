// Indexing throughput of the sentence encoder on real meeting text: one QMSum meeting's transcript chunks embedded the
// way the indexer does it (each chunk's windows and candidate sentences, a text shared by two chunks once) and, for
// comparison, the windows alone (the indexer before sentence vectors were stored) and whole chunks under the meeting
// header (the indexer before windows). Prints wall-clock and CPU time: on a shared machine
// the wall clock measures the neighbours as much as the model, CPU seconds do not.
//
//   bun run ai/bench/encoder-throughput.ts                 meeting 12 of the validation split
//   bun run ai/bench/encoder-throughput.ts --meeting 3
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chunkTranscript } from "../src/chunk/chunk-transcript";
import { splitIntoWindows } from "../src/intelligence/embedding-windows";
import { sentencesToStore } from "../src/intelligence/sentence-vectors";
import { encodeSentences, loadSentenceEncoder } from "../src/local/sentence-encoder";
import { loadQmsum } from "./retrieval/qmsum";

const { values: args } = parseArgs({
  options: {
    meeting: { type: "string", default: "12" },
    data: { type: "string", default: join(import.meta.dir, "..", "..", "..", "shared", "data", "qmsum", "val.jsonl") },
  },
});
const meeting = loadQmsum(args.data!)[Number(args.meeting)]!;
const chunks = await chunkTranscript(meeting.segments);
const windows = [...new Set(chunks.flatMap((c) => splitIntoWindows(c.content)))];
const withSentences = [
  ...new Set([
    ...windows,
    ...chunks.flatMap(({ content, ...place }) =>
      sentencesToStore({ source: "transcript", content, metadata: { ...place } }),
    ),
  ]),
];
const header = `Meeting ${args.meeting} — QMSum — 2025-01-01\n`;
await loadSentenceEncoder();
await encodeSentences(["warm up the kernels", "a second, somewhat longer text to warm up the encoder"]);

async function timed(label: string, texts: string[]) {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  await encodeSentences(texts);
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const seconds = (performance.now() - wall) / 1000;
  console.log(
    `${label}: ${texts.length} texts for ${chunks.length} chunks in ${seconds.toFixed(1)} s wall ` +
      `(${(chunks.length / seconds).toFixed(1)} chunks/s), ${cpuSeconds.toFixed(1)} CPU s ` +
      `(${(chunks.length / cpuSeconds).toFixed(1)} chunks per CPU second)`,
  );
}

console.log(
  `QMSum meeting ${args.meeting}: ${chunks.length} chunks, ${windows.length} distinct windows, ` +
    `${withSentences.length} distinct windows and sentences`,
);
await timed("windows and sentences (the indexer)", withSentences);
await timed("windows alone (before sentence vectors)", windows);
await timed(
  "whole chunks under the header (before)",
  chunks.map((c) => `${header}${c.content}`),
);
