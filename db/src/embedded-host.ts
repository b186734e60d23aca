import type { HostRequest } from "./embedded-host-thread";

export interface EmbeddedHost {
  /** Stops the socket server and closes PGlite (flushing it to disk), then ends the thread. */
  close(): Promise<void>;
}

const START_TIMEOUT_MS = 120_000;

/** Starts PGlite on its own thread, serving `socketPath`; resolves once it accepts connections. */
export function startEmbeddedHost(options: Omit<HostRequest, "type">): Promise<EmbeddedHost> {
  const worker = new Worker(new URL("./embedded-host-thread.ts", import.meta.url).href);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      worker.terminate();
      reject(new Error(`the embedded database did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    worker.onerror = (event) => {
      clearTimeout(timer);
      worker.terminate();
      reject(new Error(`the embedded database thread failed: ${event.message}`));
    };
    worker.onmessage = (event: MessageEvent<{ type: string; message?: string }>) => {
      clearTimeout(timer);
      if (event.data.type === "failed") {
        worker.terminate();
        reject(new Error(event.data.message));
        return;
      }
      resolve({
        close: () =>
          new Promise<void>((done) => {
            const end = () => {
              worker.terminate();
              done();
            };
            const force = setTimeout(end, 15_000);
            worker.onmessage = (closing: MessageEvent<{ type: string }>) => {
              if (closing.data.type !== "closed") return;
              clearTimeout(force);
              end();
            };
            worker.postMessage({ type: "close" });
          }),
      });
    };
    worker.postMessage({ type: "start", ...options } satisfies HostRequest);
  });
}
