// One keep-alive connection to a named process of a supervised group (`bun run start` with WEB_CONCURRENCY): the
// kernel gives each new connection to one of the processes sharing the port, and it stays there, so a test can
// send requests to web-1 or web-2 on purpose. /api/health names the process that answered.
import http from "node:http";
import { type RawRequestInit, type RawResponse, rawRequest } from "./production-process";

export interface PinnedConnection {
  /** The process at the other end ("web-2"). */
  process: string;
  /** The agent holding the connection, for a request made by hand (a body sent in parts). */
  agent: http.Agent;
  request(path: string, init?: Omit<RawRequestInit, "agent">): Promise<RawResponse>;
  close(): void;
}

/** Opens connections until one lands on `processName` (at most `tries`), and keeps that one. */
export async function connectTo(base: string, processName: string, tries = 200): Promise<PinnedConnection> {
  for (let i = 0; i < tries; i++) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const health = await rawRequest(base, "/api/health", { agent }).catch(() => undefined);
    if (health?.status === 200 && health.json<{ process: string }>().process === processName) {
      return {
        process: processName,
        agent,
        request: (path, init = {}) => rawRequest(base, path, { ...init, agent }),
        close: () => agent.destroy(),
      };
    }
    agent.destroy();
  }
  throw new Error(`no connection landed on ${processName} in ${tries} tries`);
}

/** The process that answers a request over this connection now (its /api/health). */
export async function processBehind(connection: PinnedConnection): Promise<string> {
  return (await connection.request("/api/health")).json<{ process: string }>().process;
}
