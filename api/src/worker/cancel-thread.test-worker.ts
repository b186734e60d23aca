// A worker thread for the cancel tests: the production thread's protocol, runner and child spawning, with job kinds
// that wait for their cancel ("wait"), run a child process as the audio steps do ("child": its id kept in the job's
// progress), or embed many sentences with the real sentence encoder, as indexing does ("encode").
import { liveChildProcessIds, spawnTool } from "@cm/ai/audio";
import { createLocalEmbedder } from "@cm/ai/local";
import { openDatabase } from "@cm/db";
import { t } from "elysia";
import { defineJob } from "../jobs/job-definition";
import { defineJobKind } from "../jobs/job-kind";
import type { Logger } from "../logger";
import { startJobRunner } from "./job-runner";
import { createThreadLeases } from "./thread-leases";
import type { MainMessage, ThreadMessage } from "./worker-thread-messages";

declare const self: Worker;
const post = (message: ThreadMessage) => postMessage(message);
/** As the production thread's: lines go to the main thread's logger, where the tests read them. */
const forwarding: Logger = {
  info: (msg, fields) => post({ type: "log", level: "info", msg, fields }),
  warn: (msg, fields) => post({ type: "log", level: "warn", msg, fields }),
  error: (msg, fields) => post({ type: "log", level: "error", msg, fields }),
};
const leases = createThreadLeases(post);
let stop: (() => Promise<void>) | undefined;
const alive = setInterval(() => post({ type: "alive", childPids: liveChildProcessIds() }), 200);

const wait = defineJob({
  kind: defineJobKind({ name: "wait", payload: t.Object({}) }),
  async handle(_payload, { signal }) {
    // Already aborted (a claim answered after stop() began), a listener added now would never fire.
    signal.throwIfAborted();
    await new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
  },
});

const child = defineJob({
  kind: defineJobKind({ name: "child", payload: t.Object({}) }),
  async handle(_payload, { signal, checkpoint }) {
    const proc = spawnTool(["sleep", "3600"]);
    signal.addEventListener("abort", () => proc.kill("SIGKILL"), { once: true });
    await checkpoint({ pid: proc.pid });
    await proc.exited;
    signal.throwIfAborted();
  },
});

const encode = defineJob({
  kind: defineJobKind({ name: "encode", payload: t.Object({ texts: t.Number() }) }),
  async handle({ texts }, { signal, checkpoint }) {
    const sentences = Array.from({ length: texts }, (_, i) => `The client asked about pension number ${i} today.`);
    await checkpoint({ encoding: true });
    // As on the production worker thread: the encoder runs in place, on this thread.
    await createLocalEmbedder().embed(sentences, signal);
  },
});

self.onmessage = async (event: MessageEvent<MainMessage>) => {
  const message = event.data;
  if (message.type === "start") {
    const address = message.address;
    const db = await openDatabase("url" in address ? { url: address.url, max: 2 } : { socketPath: address.socketPath });
    const runner = startJobRunner({
      sql: db.sql,
      logger: forwarding,
      jobs: [wait, child, encode],
      pollMs: 20,
      concurrency: 3,
      workerId: message.workerId,
      leaseMs: message.leaseMs,
      leases,
    });
    stop = async () => {
      await runner.stop();
      await db.close();
    };
    post({ type: "started", workerId: runner.workerId });
  } else if (message.type === "job-lost") leases.lost(message.jobId);
  else if (message.type === "stop") {
    await stop?.();
    clearInterval(alive);
    post({ type: "stopped" });
  }
};
