// The embedded database's own thread: PGlite (PostgreSQL in WebAssembly) and the socket server that postgres.js
// connects to. Queries run here, so a long one (deleting a large meeting, building an index) never stalls the
// thread that answers HTTP requests.
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import type { PGLiteSocketServer } from "@electric-sql/pglite-socket";

import { serveWithUnitQueue } from "./serve-pglite";

declare const self: Worker;

export interface HostRequest {
  type: "start";
  pgDir: string;
  socketPath: string;
  sharedBuffers: string;
  /** PostgreSQL's WebAssembly already compiled (embedded-host.ts), or undefined to compile it here. */
  module?: WebAssembly.Module;
}

let pglite: PGlite | undefined;
let server: PGLiteSocketServer | undefined;

self.onmessage = async (event: MessageEvent<HostRequest | { type: "close" }>) => {
  const message = event.data;
  if (message.type === "start") {
    try {
      pglite = await PGlite.create(message.pgDir, {
        extensions: { vector },
        ...(message.module ? { pgliteWasmModule: message.module } : {}),
        startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${message.sharedBuffers}`],
      });
      // Queries of all connections are queued one at a time (PGlite is one session), transactions kept whole.
      server = serveWithUnitQueue(pglite, message.socketPath);
      await server.start();
      postMessage({ type: "ready" });
    } catch (error) {
      postMessage({ type: "failed", message: (error as Error).message || String(error) });
    }
    return;
  }
  try {
    await server?.stop();
    await pglite?.close();
  } finally {
    postMessage({ type: "closed" });
  }
};
