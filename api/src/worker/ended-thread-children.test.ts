// A worker thread ended from outside leaves its child processes (ffmpeg, pocketsphinx) to this process: killed but
// not waited for, each stayed a zombie (`ps` state Z) for good. They are killed and reaped (waitpid).
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "@cm/db";
import { createTestDatabase } from "@cm/db/testing";
import { createMemoryLogger } from "../logger";
import { endChildProcesses } from "./end-child-processes";
import { superviseWorkerThread } from "./supervise-worker-thread";
import type { ThreadMessage } from "./worker-thread-messages";

const SCRIPT = new URL("./child-spawning.test-worker.ts", import.meta.url).href;

/** The `ps` state of a process ("S", "Z", …), or "" when there is no such process any more. */
const stateOf = (pid: number) =>
  Bun.spawnSync(["ps", "-o", "stat=", "-p", String(pid)])
    .stdout.toString()
    .trim();

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await Bun.sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A thread that started `children` sleeping children and is now stuck; with the ids it reported. */
async function startStuckThread(children: number) {
  const worker = new Worker(SCRIPT);
  const report = await new Promise<ThreadMessage & { type: "alive" }>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<ThreadMessage & { type: "alive" }>) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage({ children });
  });
  expect(report.childPids.length).toBe(children);
  for (const pid of report.childPids) expect(stateOf(pid)).toStartWith("S");
  return { worker, report, pids: report.childPids };
}

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

test("killing a terminated thread's child only makes a zombie; endChildProcesses leaves none", async () => {
  const { worker, pids } = await startStuckThread(3);
  worker.terminate();
  // The finding: a SIGKILL alone, and the child stays in state Z, since its thread will never wait for it.
  const [first] = pids;
  process.kill(first!, "SIGKILL");
  await until(() => stateOf(first!).startsWith("Z"), "the killed child to become a zombie");
  await Bun.sleep(500);
  expect(stateOf(first!)).toStartWith("Z");
  // Ended properly: every child, the zombie included, is gone from the process table.
  expect(await endChildProcesses(pids)).toEqual([]);
  expect(pids.map(stateOf)).toEqual(pids.map(() => ""));
});

test("the supervisor ending a stuck thread kills and reaps the children it reported", async () => {
  const { worker, report, pids } = await startStuckThread(2);
  let terminated = false;
  const restarted = Promise.withResolvers<void>();
  const supervisor = superviseWorkerThread({
    sql: db.sql,
    workerId: "ended-thread-children",
    leaseMs: 60_000,
    logger: createMemoryLogger(),
    notifyLost: () => {},
    terminate: () => {
      terminated = true;
      worker.terminate();
    },
    onTerminated: () => restarted.resolve(),
    graceMs: 0,
    everyMs: 50,
  });
  supervisor.handle(report);
  // A job past its step's limit: the thread is taken to be stuck.
  supervisor.handle({ type: "job-started", jobId: 2_000_000_001 });
  supervisor.handle({
    type: "job-deadline",
    jobId: 2_000_000_001,
    atMs: Date.now() - 1,
    message: "Summary took too long",
  });
  await restarted.promise;
  expect(terminated).toBe(true);
  await until(() => pids.every((pid) => stateOf(pid) === ""), "the children to be reaped");
  expect(pids.map(stateOf)).toEqual(pids.map(() => ""));
  supervisor.stop();
});
