// A worker process for the poison-job tests: the production job runner (its own lease keeper, as a worker process
// has) on the test database, with a kind whose step kills the process with SIGKILL, as the kernel's OOM killer or a
// native crash ends a worker ("poison"), and a kind that takes a while and finishes ("steady"). Runs until killed.
import { type DatabaseAddress, openDatabase } from "@cm/db";
import { t } from "elysia";
import { defineJob } from "../jobs/job-definition";
import { defineJobKind } from "../jobs/job-kind";
import type { Logger } from "../logger";
import { startJobRunner } from "./job-runner";

const address = JSON.parse(process.env.POISON_TEST_DATABASE ?? "null") as DatabaseAddress;
const db = await openDatabase("url" in address ? { url: address.url, max: 2 } : { socketPath: address.socketPath });
const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };

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

startJobRunner({ sql: db.sql, logger: quiet, jobs: [poison, steady], concurrency: 2, leaseMs: 1000, pollMs: 50 });
