import { randomBytes } from "node:crypto";
import type { Database } from "@cm/db";
import type { AppConfig } from "../config";
import type { JobSignal } from "../jobs/job-signal";
import type { Logger } from "../logger";
import { superviseWorkerThread, type ThreadSupervisor } from "./supervise-worker-thread";
import type { MainMessage, ThreadMessage } from "./worker-thread-messages";

export interface WorkerThread {
  /** The current thread's name in the jobs table (a restarted thread has a new one). */
  readonly workerId: string;
  stop(): Promise<void>;
}

export interface WorkerThreadOptions {
  /** The thread's script (tests run one with job kinds of their own); default ./worker-thread.ts. */
  script?: string;
  /** A job whose lease is not renewed for this long is taken over by another worker (default 60 s). */
  leaseMs?: number;
  /** How long past a step's time limit the thread has to end the job before it is terminated (default 10 s). */
  graceMs?: number;
}

const START_TIMEOUT_MS = 60_000;

interface RunningThread {
  worker: Worker;
  workerId: string;
  supervisor: ThreadSupervisor;
}

/**
 * Runs the job worker on a thread of its own and forwards this process's wake-ups to it. This thread keeps the
 * leases of the jobs it runs and stops a thread stuck past a step's time limit (./supervise-worker-thread.ts). A
 * thread that dies or is stopped is reported and started again.
 */
export async function startWorkerThread(
  config: AppConfig,
  db: Database,
  logger: Logger,
  jobs: JobSignal,
  options: WorkerThreadOptions = {},
): Promise<WorkerThread> {
  const leaseMs = options.leaseMs ?? 60_000;
  let stopping = false;
  let current = await spawn();
  const unsubscribe = jobs.subscribe(() => send(current.worker, { type: "wake" }));

  function send(worker: Worker, message: MainMessage) {
    worker.postMessage(message);
  }

  function restartSoon() {
    if (stopping) return;
    setTimeout(() => {
      spawn()
        .then((next) => {
          current = next;
        })
        .catch((error) => logger.error("job worker thread could not restart", { error: String(error) }));
    }, 1000);
  }

  async function spawn(): Promise<RunningThread> {
    const worker = new Worker(options.script ?? new URL("./worker-thread.ts", import.meta.url).href);
    const workerId = `${process.pid}-${randomBytes(4).toString("hex")}`;
    let terminated = false;
    const terminate = () => {
      terminated = true;
      worker.terminate();
    };
    const supervisor = superviseWorkerThread({
      sql: db.sql,
      workerId,
      leaseMs,
      logger,
      notifyLost: (jobId) => send(worker, { type: "job-lost", jobId }),
      terminate,
      onTerminated: restartSoon,
      ...(options.graceMs === undefined ? {} : { graceMs: options.graceMs }),
    });
    const onMessage = (message: ThreadMessage) => {
      if (supervisor.handle(message)) return;
      if (message.type === "log") logger[message.level](message.msg, message.fields);
    };
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the worker thread did not start in time")), START_TIMEOUT_MS);
      worker.onmessage = (event: MessageEvent<ThreadMessage>) => {
        const message = event.data;
        if (message.type === "started") {
          clearTimeout(timer);
          resolve();
        } else if (message.type === "failed") {
          clearTimeout(timer);
          reject(new Error(`the job worker could not start: ${message.message}`));
        } else onMessage(message);
      };
      worker.onerror = (event) => {
        clearTimeout(timer);
        reject(new Error(`the job worker thread failed: ${event.message}`));
      };
      send(worker, { type: "start", config, address: db.address, workerId, leaseMs });
    }).catch((error) => {
      supervisor.stop();
      worker.terminate();
      throw error;
    });
    worker.onmessage = (event: MessageEvent<ThreadMessage>) => onMessage(event.data);
    worker.onerror = (event) => {
      if (terminated) return;
      logger.error("job worker thread crashed; starting it again", { error: event.message });
      supervisor.stop();
      terminate();
      supervisor.endChildren();
      restartSoon();
    };
    return { worker, workerId, supervisor };
  }

  return {
    get workerId() {
      return current.workerId;
    },
    async stop() {
      stopping = true;
      unsubscribe();
      const { worker, supervisor } = current;
      let forced = false;
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          forced = true;
          resolve();
        }, 20_000);
        const previous = worker.onmessage;
        worker.onmessage = (event: MessageEvent<ThreadMessage>) => {
          if (event.data.type === "stopped") {
            clearTimeout(force);
            resolve();
          } else previous?.call(worker, event);
        };
        send(worker, { type: "stop" });
      });
      supervisor.stop();
      worker.terminate();
      // A thread that did not stop in time leaves its children behind. After a clean stop it has none, and the ids it
      // reported last may since have been reused, so they are left alone.
      if (forced) supervisor.endChildren();
    },
  };
}
