// The job worker's own thread (WORKER=on, and `bun run worker`): parsing, transcription, summaries and embeddings
// run here, so the thread that answers HTTP requests is never busy with them. It builds its context from the same
// configuration, through the same createWorkerContext, and reaches the same database (the embedded one through its
// socket). The main thread keeps its jobs' leases (./thread-leases.ts) and hears from it every second.
import { liveChildProcessIds } from "@cm/ai/audio";
import { openDatabase } from "@cm/db";
import type { AppConfig } from "../config";
import { createWorkerContext } from "../create-worker-context";
import type { Logger } from "../logger";
import { startWorker } from "./start-worker";
import { createThreadLeases } from "./thread-leases";
import type { MainMessage, ThreadMessage, WorkerThreadStart } from "./worker-thread-messages";

declare const self: Worker;

const post = (message: ThreadMessage) => postMessage(message);

/** Log lines go to the main thread's logger, so they land where the server's own lines do. */
const forwardingLogger: Logger = {
  info: (msg, fields) => post({ type: "log", level: "info", msg, fields: cloneable(fields) }),
  warn: (msg, fields) => post({ type: "log", level: "warn", msg, fields: cloneable(fields) }),
  error: (msg, fields) => post({ type: "log", level: "error", msg, fields: cloneable(fields) }),
};

function cloneable(fields: Record<string, unknown> | undefined) {
  return fields === undefined ? undefined : (JSON.parse(JSON.stringify(fields)) as Record<string, unknown>);
}

const leases = createThreadLeases(post);
let running: { wake(): void; stop(): Promise<void> } | undefined;
let closeDatabase: (() => Promise<void>) | undefined;
// Tells the main thread this thread's event loop turns, and which child processes to end if it has to stop it.
const alive = setInterval(() => post({ type: "alive", childPids: liveChildProcessIds() }), 1000);

async function start(message: WorkerThreadStart) {
  const config: AppConfig = message.config;
  const db = await openDatabase(
    "url" in message.address ? { url: message.address.url, max: 2 } : { socketPath: message.address.socketPath },
  );
  closeDatabase = () => db.close();
  const ctx = createWorkerContext(config, db, forwardingLogger);
  const runner = startWorker(ctx, { workerId: message.workerId, leaseMs: message.leaseMs, leases });
  running = { wake: () => ctx.jobs.wake(), stop: () => runner.stop() };
  post({ type: "started", workerId: runner.workerId });
}

self.onmessage = async (event: MessageEvent<MainMessage>) => {
  const message = event.data;
  if (message.type === "start") {
    try {
      await start(message);
    } catch (error) {
      post({ type: "failed", message: (error as Error).message || String(error) });
    }
  } else if (message.type === "wake") {
    running?.wake();
  } else if (message.type === "job-lost") {
    leases.lost(message.jobId);
  } else {
    try {
      await running?.stop();
      await closeDatabase?.();
    } finally {
      clearInterval(alive);
      post({ type: "stopped" });
    }
  }
};
