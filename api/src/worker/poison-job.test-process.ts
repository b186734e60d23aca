// A worker process for the poison-job tests, wired as `bun run worker` (api/src/worker-main.ts) is: the job runner on
// a thread of its own (./poison-job.test-worker.ts, whose kinds are the test's), started through startWorkerThread,
// whose main thread keeps the leases. It reaches the test's database at the address in POISON_TEST_DATABASE (its data
// folder: POISON_TEST_DATA_DIR), with a lease of 1 s so a dead process's jobs are free soon. Runs until killed.
import { type DatabaseAddress, openDatabase } from "@cm/db";
import { loadConfig } from "../config";
import { createJobSignal } from "../jobs/job-signal";
import { createMemoryLogger } from "../logger";
import { startWorkerThread } from "./start-worker-thread";

const address = JSON.parse(process.env.POISON_TEST_DATABASE ?? "null") as DatabaseAddress;
const db = await openDatabase("url" in address ? { url: address.url, max: 2 } : { socketPath: address.socketPath });
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: process.env.POISON_TEST_DATA_DIR });
const script = new URL("./poison-job.test-worker.ts", import.meta.url).href;
await startWorkerThread(config, db, createMemoryLogger(), createJobSignal(), { script, leaseMs: 1000 });
