// The job thread of the poison-job tests' worker process: the production thread's protocol and runner, with a kind
// whose step kills the whole process with SIGKILL, as the kernel's OOM killer or a native crash ends a worker
// ("poison"), and a kind that takes a while and finishes ("steady").
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
const alive = setInterval(() => post({ type: "alive", childPids: [] }), 200);
let stop: (() => Promise<void>) | undefined;

const poison = defineJob({
  kind: defineJobKind({ name: "poison", payload: t.Object({}) }),
  async handle() {
    await Bun.sleep(400); // a step under way, its lease renewed, when the process dies
    process.kill(process.pid, "SIGKILL");
    await Bun.sleep(60_000);
  },
});
const steady = defineJob({
  kind: defineJobKind({ name: "steady", payload: t.Object({}) }),
  async handle() {
    await Bun.sleep(1000);
  },
});

self.onmessage = async (event: MessageEvent<MainMessage>) => {
  const message = event.data;
  if (message.type === "start") {
    const address = message.address;
    const db = await openDatabase("url" in address ? { url: address.url, max: 2 } : { socketPath: address.socketPath });
    const runner = startJobRunner({
      sql: db.sql,
      logger: quiet,
      jobs: [poison, steady],
      concurrency: 2,
      pollMs: 50,
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
