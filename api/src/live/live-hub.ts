// One process's live streams (GET /api/live): each tells a signed-in page that the user's data changed, so it
// revalidates what it shows. Jobs finish in a worker thread or in another process sharing PostgreSQL, so the signal
// is the user's data version (migration 006, bumped by triggers on every change) read from the database: one query
// per tick for all of this process's streams, and only while some are open.
import type { Sql } from "@cm/db";
import { readLiveSessionVersions } from "@cm/db/queries/live-sessions";
import type { Logger } from "../logger";

export interface LiveHubOptions {
  sql: Sql;
  logger: Logger;
  /** How often the versions are read while a stream is open. */
  checkMs?: number;
  /** A comment line this often keeps proxies and idle timeouts from closing a quiet stream. */
  heartbeatMs?: number;
  /** Open streams of one user in this process; the next one is refused (429). */
  maxPerUser?: number;
  /** Open streams of this process altogether. */
  maxStreams?: number;
}

export interface LiveHub {
  /** A new stream for the user's session (`sessionKey`: the stored, hashed id), or undefined over a limit. */
  open(
    user: { id: number; dataVersion: number },
    sessionKey: string,
    signal?: AbortSignal,
  ): ReadableStream<Uint8Array> | undefined;
  /** Ends every stream and stops the checks (the server is stopping). */
  closeAll(): void;
  /** Open streams now, altogether and of one user (tests, health). */
  count(userId?: number): number;
}

interface LiveStream {
  userId: number;
  sessionKey: string;
  version: number;
  controller: ReadableStreamDefaultController<Uint8Array>;
  closed: boolean;
}

export const LIVE_DEFAULTS = { checkMs: 1500, heartbeatMs: 25_000, maxPerUser: 4, maxStreams: 5000 } as const;

/** The browser waits this long before reconnecting a stream that broke. */
const RETRY_MS = 3000;

const encoder = new TextEncoder();
const versionEvent = (version: number) => `event: version\ndata: ${version}\n\n`;

export function createLiveHub(options: LiveHubOptions): LiveHub {
  const { sql, logger } = options;
  const checkMs = options.checkMs ?? LIVE_DEFAULTS.checkMs;
  const heartbeatMs = options.heartbeatMs ?? LIVE_DEFAULTS.heartbeatMs;
  const maxPerUser = options.maxPerUser ?? LIVE_DEFAULTS.maxPerUser;
  const maxStreams = options.maxStreams ?? LIVE_DEFAULTS.maxStreams;
  const streams = new Set<LiveStream>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let checking = false;
  let stopped = false;
  let lastHeartbeat = Date.now();

  function drop(stream: LiveStream) {
    if (stream.closed) return;
    stream.closed = true;
    streams.delete(stream);
    try {
      stream.controller.close();
    } catch {
      // already closed by the client going away
    }
    if (streams.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  function write(stream: LiveStream, text: string) {
    if (stream.closed) return;
    try {
      stream.controller.enqueue(encoder.encode(text));
    } catch {
      drop(stream);
    }
  }

  async function check() {
    if (checking) return; // a slow database: skip a tick rather than pile queries up
    checking = true;
    try {
      const keys = [...new Set([...streams].map((stream) => stream.sessionKey))];
      const versions = await readLiveSessionVersions(sql, keys);
      if (stopped) return;
      for (const stream of [...streams]) {
        const version = versions.get(stream.sessionKey);
        if (version === undefined) {
          // Signed out (here or in another process) or expired: say so, and end the stream.
          write(stream, "event: signed-out\ndata: {}\n\n");
          drop(stream);
        } else if (version !== stream.version) {
          stream.version = version;
          write(stream, versionEvent(version));
        }
      }
      if (Date.now() - lastHeartbeat >= heartbeatMs) {
        lastHeartbeat = Date.now();
        for (const stream of [...streams]) write(stream, ": keep-alive\n\n");
      }
    } catch (error) {
      logger.warn("live check failed", { error: (error as Error).message });
    } finally {
      checking = false;
    }
  }

  return {
    open(user, sessionKey, signal) {
      if (stopped || streams.size >= maxStreams) return undefined;
      let ofUser = 0;
      for (const stream of streams) if (stream.userId === user.id) ofUser++;
      if (ofUser >= maxPerUser) return undefined;
      let opened: LiveStream | undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          opened = { userId: user.id, sessionKey, version: user.dataVersion, controller, closed: false };
          streams.add(opened);
          controller.enqueue(encoder.encode(`retry: ${RETRY_MS}\n${versionEvent(user.dataVersion)}`));
          timer ??= setInterval(() => void check(), checkMs);
        },
        cancel() {
          if (opened) drop(opened);
        },
      });
      signal?.addEventListener("abort", () => opened && drop(opened), { once: true });
      return body;
    },
    closeAll() {
      stopped = true;
      for (const stream of [...streams]) drop(stream);
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    count(userId) {
      if (userId === undefined) return streams.size;
      let n = 0;
      for (const stream of streams) if (stream.userId === userId) n++;
      return n;
    },
  };
}
