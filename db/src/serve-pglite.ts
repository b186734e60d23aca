import type { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { ProtocolUnitQueue } from "./protocol-unit-queue";

/**
 * pglite-socket's server on a Unix socket, several connections (the request thread and the job worker's thread),
 * with its message queue replaced by one that keeps each connection's protocol units whole (protocol-unit-queue.ts).
 * The server hands its queue to every connection's handler, so replacing it before start covers them all.
 */
export function serveWithUnitQueue(pglite: PGlite, path: string): PGLiteSocketServer {
  const server = new PGLiteSocketServer({ db: pglite, path, maxConnections: 32 });
  (server as unknown as { queryQueue: ProtocolUnitQueue }).queryQueue = new ProtocolUnitQueue(pglite);
  return server;
}
