import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HostRequest } from "./embedded-host-thread";

export interface EmbeddedHost {
  /** Stops the socket server and closes PGlite (flushing it to disk), then ends the thread. */
  close(): Promise<void>;
}

const START_TIMEOUT_MS = 120_000;

let compiled: Promise<WebAssembly.Module | undefined> | undefined;
let hostsStarted = 0;

/**
 * PostgreSQL's WebAssembly, compiled once per process from the second database it opens on, and handed to each
 * database's thread: every thread compiling the 9 MB module itself cost ~0.35 s of CPU a start, and the test suite
 * opens a few hundred. The first database (a server's only one) is left to PGlite's own loading: compiling it here
 * first made the server's cold start slower (1.15-1.26 s against 0.94-1.0 s, the same machine one after the other).
 * Undefined when it cannot be compiled here: the thread then compiles its own.
 */
function compiledPostgres(): Promise<WebAssembly.Module | undefined> {
  compiled ??= (async () => {
    try {
      const dist = dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite")));
      return await WebAssembly.compile(await Bun.file(join(dist, "pglite.wasm")).arrayBuffer());
    } catch {
      return undefined;
    }
  })();
  return compiled;
}

/** Starts PGlite on its own thread, serving `socketPath`; resolves once it accepts connections. */
export function startEmbeddedHost(options: Omit<HostRequest, "type" | "module">): Promise<EmbeddedHost> {
  // The thread loads its modules while the module compiles here (once, at the second database of the process).
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
    const module = hostsStarted++ === 0 ? Promise.resolve(undefined) : compiledPostgres();
    void module.then((module) => worker.postMessage({ type: "start", ...options, module } satisfies HostRequest));
  });
}
