// A worker thread for the supervision tests: the production thread's protocol and runner, with job kinds that block
// the thread in synchronous code ("block") or finish at once ("quick").
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
const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const leases = createThreadLeases(post);
let stop: (() => Promise<void>) | undefined;
const alive = setInterval(() => post({ type: "alive", childPids: [] }), 200);

/** Spins the CPU for `ms` without yielding: nothing else on this thread runs meanwhile. */
function spin(ms: number) {
  const until = Date.now() + ms;
  let n = 0;
  while (Date.now() < until) n++;
  return n;
}

const block = defineJob({
  kind: defineJobKind({ name: "block", payload: t.Object({ ms: t.Number(), limitMs: t.Number() }) }),
  async handle({ ms, limitMs }, { limitStep }) {
    limitStep("Summary", limitMs);
    await Bun.sleep(50); // the deadline reaches the main thread before the spin starts
    spin(ms);
  },
});
const quick = defineJob({
  kind: defineJobKind({ name: "quick", payload: t.Object({}) }),
  async handle() {},
});

self.onmessage = async (event: MessageEvent<MainMessage>) => {
  const message = event.data;
  if (message.type === "start") {
    const address = message.address;
    const db = await openDatabase("url" in address ? { url: address.url, max: 2 } : { socketPath: address.socketPath });
    const runner = startJobRunner({
      sql: db.sql,
      logger: quiet,
      jobs: [block, quick],
      pollMs: 20,
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
