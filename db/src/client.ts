import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import postgres from "postgres";
import { lockDataDir } from "./data-dir-lock";

export type Sql = postgres.Sql;
export type DatabaseMode = "embedded" | "server";

export interface Database {
  sql: Sql;
  mode: DatabaseMode;
  /** Human-readable location for logs: the data folder or the server host. */
  location: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL; without it the embedded database is used. */
  url?: string;
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
  return { sql, mode: "server", location: host, close: () => sql.end({ timeout: 5 }) };
}

async function openEmbeddedDatabase(
  dataDir: string,
  sharedBuffers = DEFAULT_EMBEDDED_SHARED_BUFFERS,
): Promise<Database> {
  const unlock = lockDataDir(dataDir);
  try {
    const pglite = await PGlite.create(join(dataDir, "pg"), {
      extensions: { vector },
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`],
    });
    return await attachSocket(pglite, dataDir, async () => {
      await pglite.close();
      unlock();
    });
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Serves a PGlite instance on a loopback port and connects postgres.js to it (pool of 1). */
export async function attachSocket(pglite: PGlite, location: string, onClose: () => Promise<void>): Promise<Database> {
  const server = new PGLiteSocketServer({ db: pglite, port: 0, host: "127.0.0.1" });
  await server.start();
  const address = (server as unknown as { server: { address(): { port: number } } }).server.address();
  const sql = postgres({
    host: "127.0.0.1",
    port: address.port,
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
    async close() {
      if (closed) return;
      closed = true;
      await sql.end({ timeout: 5 });
      await server.stop();
      await onClose();
    },
  };
}
