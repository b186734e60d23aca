import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { lockDataDir } from "./data-dir-lock";
import { type EmbeddedHost, startEmbeddedHost } from "./embedded-host";
import { serveWithUnitQueue } from "./serve-pglite";

export type Sql = postgres.Sql;
export type DatabaseMode = "embedded" | "server";

/** How another thread of this process reaches the same database (the job worker's thread). */
export type DatabaseAddress = { url: string } | { socketPath: string };

export interface Database {
  sql: Sql;
  mode: DatabaseMode;
  /** Human-readable location for logs: the data folder or the server host. */
  location: string;
  address: DatabaseAddress;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL; without it the embedded database is used. */
  url?: string;
  /** The socket of an embedded database another thread of this process hosts. */
  socketPath?: string;
  /** Folder of the embedded database (PGlite files go in `<dataDir>/pg`). */
  dataDir?: string;
  /** Pool size for server mode. */
  max?: number;
  /** PostgreSQL's shared_buffers for the embedded database (default 32MB). */
  embeddedSharedBuffers?: string;
}

/**
 * PGlite's default (128MB) is resident from the first query: with it the server sat at 410 MB RSS before any
 * request. The files below it are in the OS page cache anyway, so 32MB costs little and saves ~130 MB.
 */
export const DEFAULT_EMBEDDED_SHARED_BUFFERS = "32MB";

/** Thrown when the database cannot be reached or lacks pgvector; the message says how to fix it. */
export class DatabaseStartError extends Error {}

// Dates stay Date objects, bigint ids come back as numbers (ids never exceed 2^53 here).
const types = {
  bigint: {
    to: 20,
    from: [20],
    serialize: (value: number | bigint) => String(value),
    parse: (value: string) => Number(value),
  },
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) return openServerDatabase(options.url, options.max ?? 10);
  if (options.socketPath) return connectToSocket(options.socketPath, options.dataDir ?? "embedded", async () => {});
  return openEmbeddedDatabase(options.dataDir ?? "./data", options.embeddedSharedBuffers);
}

async function openServerDatabase(url: string, max: number): Promise<Database> {
  const sql = postgres(url, { max, types, onnotice: () => {}, connect_timeout: 10 });
  let host = "server";
  try {
    host = new URL(url).host;
  } catch {
    // keep the generic label
  }
  try {
    await sql`select 1`;
  } catch (error) {
    await sql.end({ timeout: 1 }).catch(() => {});
    throw new DatabaseStartError(
      `Cannot reach the database at DATABASE_URL (${host}): ${(error as Error).message}. Check that PostgreSQL is running and the URL is right, or unset DATABASE_URL to use the embedded database.`,
    );
  }
  return { sql, mode: "server", location: host, address: { url }, close: () => sql.end({ timeout: 5 }) };
}

async function openEmbeddedDatabase(
  dataDir: string,
  sharedBuffers = DEFAULT_EMBEDDED_SHARED_BUFFERS,
): Promise<Database> {
  const unlock = lockDataDir(dataDir);
  try {
    return await hostEmbeddedDatabase(join(dataDir, "pg"), {
      location: dataDir,
      socketDir: join(dataDir, "run"),
      sharedBuffers,
      onClose: async () => unlock(),
    });
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Unix socket paths are limited to 107 bytes; a longer data folder gets its socket in a private temporary folder. */
const MAX_SOCKET_PATH = 100;

/**
 * A folder only this user can enter, for the embedded database's socket: `<dataDir>/run` when its path is short
 * enough, else a fresh private temporary folder. Removed again on close when temporary.
 */
function prepareSocketDir(preferred: string | undefined): { dir: string; temporary: boolean } {
  if (preferred && join(preferred, SOCKET_NAME).length <= MAX_SOCKET_PATH) {
    mkdirSync(preferred, { recursive: true, mode: 0o700 });
    chmodSync(preferred, 0o700);
    return { dir: preferred, temporary: false };
  }
  return { dir: mkdtempSync(join(tmpdir(), "cm-pg-")), temporary: true };
}

const SOCKET_NAME = ".s.PGSQL.5432";

/**
 * Serves an in-process PGlite instance on a Unix socket and connects postgres.js to it (pool of 1): for short-lived
 * work such as building a migrated template. A running server hosts its database on a thread of its own instead.
 */
export async function attachSocket(
  pglite: PGlite,
  location: string,
  onClose: () => Promise<void>,
  socketDir?: string,
): Promise<Database> {
  const { dir, temporary } = prepareSocketDir(socketDir);
  const path = join(dir, SOCKET_NAME);
  rmSync(path, { force: true });
  const server = serveWithUnitQueue(pglite, path);
  await server.start();
  chmodSync(path, 0o600);
  return connectToSocket(path, location, async () => {
    await server.stop();
    rmSync(path, { force: true });
    if (temporary) rmSync(dir, { recursive: true, force: true });
    await onClose();
  });
}

export interface HostOptions {
  location: string;
  /** Folder for the socket (0700); a private temporary one when absent or too long a path. */
  socketDir?: string;
  sharedBuffers?: string;
  onClose(): Promise<void>;
}

/**
 * Starts PGlite on its own thread serving a Unix socket (mode 0600 in a 0700 folder: no other user, and nothing on
 * the network, can connect; PGlite itself checks no password), and connects postgres.js to it (pool of 1).
 */
export async function hostEmbeddedDatabase(pgDir: string, options: HostOptions): Promise<Database> {
  const { dir, temporary } = prepareSocketDir(options.socketDir);
  const path = join(dir, SOCKET_NAME);
  // A socket left by a crashed process: this process holds the data folder's lock, so it is not in use.
  rmSync(path, { force: true });
  let host: EmbeddedHost;
  try {
    host = await startEmbeddedHost({
      pgDir,
      socketPath: path,
      sharedBuffers: options.sharedBuffers ?? DEFAULT_EMBEDDED_SHARED_BUFFERS,
    });
  } catch (error) {
    if (temporary) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  chmodSync(path, 0o600);
  return connectToSocket(path, options.location, async () => {
    await host.close();
    rmSync(path, { force: true });
    if (temporary) rmSync(dir, { recursive: true, force: true });
    await options.onClose();
  });
}

async function connectToSocket(path: string, location: string, onClose: () => Promise<void>): Promise<Database> {
  const sql = postgres({
    path,
    username: "postgres",
    database: "postgres",
    max: 1,
    types,
    onnotice: () => {},
  });
  let closed = false;
  return {
    sql,
    mode: "embedded",
    location,
    address: { socketPath: path },
    async close() {
      if (closed) return;
      closed = true;
      await sql.end({ timeout: 5 });
      await onClose();
    },
  };
}
