import type { Database } from "@cm/db";
import type { AppConfig } from "../config";
import type { JobSignal } from "../jobs/job-signal";
import type { Logger } from "../logger";
import type { ThreadMessage, WorkerThreadStart } from "./worker-thread-messages";

export interface WorkerThread {
  workerId: string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;

/**
 * Runs the job worker on a thread of its own and forwards this process's wake-ups to it. A thread that dies is
 * reported and started again (its running job's lease runs out and the job is taken up again).
 */
export async function startWorkerThread(
  config: AppConfig,
  db: Database,
  logger: Logger,
  jobs: JobSignal,
): Promise<WorkerThread> {
  let stopping = false;
  let current = await spawn();
  const unsubscribe = jobs.subscribe(() => current.worker.postMessage({ type: "wake" }));

  async function spawn(): Promise<{ worker: Worker; workerId: string }> {
    const worker = new Worker(new URL("./worker-thread.ts", import.meta.url).href);
    const workerId = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the worker thread did not start in time")), START_TIMEOUT_MS);
      worker.onmessage = (event: MessageEvent<ThreadMessage>) => {
        const message = event.data;
        if (message.type === "log") logger[message.level](message.msg, message.fields);
        else if (message.type === "started") {
          clearTimeout(timer);
          resolve(message.workerId);
        } else if (message.type === "failed") {
          clearTimeout(timer);
          reject(new Error(`the job worker could not start: ${message.message}`));
        }
      };
      worker.onerror = (event) => {
        clearTimeout(timer);
        reject(new Error(`the job worker thread failed: ${event.message}`));
      };
      worker.postMessage({ type: "start", config, address: db.address } satisfies {
        type: "start";
      } & WorkerThreadStart);
    }).catch((error) => {
      worker.terminate();
      throw error;
    });
    worker.onerror = (event) => {
      logger.error("job worker thread crashed; starting it again", { error: event.message });
      worker.terminate();
      if (stopping) return;
      setTimeout(() => {
        spawn()
          .then((next) => {
            current = next;
          })
          .catch((error) => logger.error("job worker thread could not restart", { error: String(error) }));
      }, 1000);
    };
    return { worker, workerId };
  }

  return {
    workerId: current.workerId,
    async stop() {
      stopping = true;
      unsubscribe();
      const { worker } = current;
      await new Promise<void>((resolve) => {
        const force = setTimeout(resolve, 20_000);
        const previous = worker.onmessage;
        worker.onmessage = (event: MessageEvent<ThreadMessage>) => {
          if (event.data.type === "stopped") {
            clearTimeout(force);
            resolve();
          } else previous?.call(worker, event);
        };
        worker.postMessage({ type: "stop" });
      });
      worker.terminate();
    },
  };
}
