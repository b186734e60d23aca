// Clean databases for integration tests: a migrated template is built once per migration set,
// then each test file gets its own copy (embedded) or its own database cloned from it (native).
import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import postgres from "postgres";
import { attachSocket, type Database, hostEmbeddedDatabase, openDatabase } from "./client";
import { loadMigrations, migrate } from "./migrate";

function migrationsHash(): string {
  const hash = createHash("sha256");
  for (const m of loadMigrations()) hash.update(m.version).update(m.sql);
  return hash.digest("hex").slice(0, 12);
}

/** Which database the integration tests use: native when TEST_DB_TARGET=native and TEST_DATABASE_URL is set. */
export function testTarget(): "embedded" | "native" {
  return process.env.TEST_DB_TARGET === "native" && process.env.TEST_DATABASE_URL ? "native" : "embedded";
}

async function embeddedTemplate(): Promise<string> {
  const dir = join(tmpdir(), `cm-pg-template-${migrationsHash()}`);
  if (existsSync(join(dir, "PG_VERSION"))) return dir;
  const building = mkdtempSync(join(tmpdir(), "cm-pg-building-"));
  const pglite = await PGlite.create(building, { extensions: { vector } });
  const db = await attachSocket(pglite, building, () => pglite.close());
  await migrate(db.sql);
  await db.close();
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another process won the race
  }
  return dir;
}

async function createEmbeddedTestDatabase(): Promise<Database> {
  const template = await embeddedTemplate();
  const dir = mkdtempSync(join(tmpdir(), "cm-pg-test-"));
  cpSync(template, dir, { recursive: true });
  // Hosted on its own thread, as a running server hosts the embedded database.
  return hostEmbeddedDatabase(dir, {
    location: dir,
    onClose: async () => rmSync(dir, { recursive: true, force: true }),
  });
}

/** A one-connection client for creating and dropping databases on the server at `url`. */
function adminClient(url: string) {
  return postgres(url, { max: 1, onnotice: () => {} });
}

/** `url` with its database swapped for `name`. */
function databaseUrl(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** `db`, whose close also runs `cleanUp` once the connections are closed. */
function closingWith(db: Database, cleanUp: () => void | Promise<void>): Database {
  return {
    ...db,
    async close() {
      await db.close();
      await cleanUp();
    },
  };
}

/** Opens database `name` on the server at `url`; closing it drops the database. */
async function openThrowaway(url: string, name: string): Promise<Database> {
  const db = await openDatabase({ url: databaseUrl(url, name), max: 4 });
  return closingWith(db, async () => {
    const dropper = adminClient(url);
    await dropper.unsafe(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
}

async function createNativeTestDatabase(url: string): Promise<Database> {
  const admin = adminClient(url);
  const template = `cm_template_${migrationsHash()}`;
  const name = `cm_test_${randomBytes(6).toString("hex")}`;
  try {
    await admin`select pg_advisory_lock(727002)`;
    const exists = await admin`select 1 from pg_database where datname = ${template}`;
    if (exists.length === 0) {
      // Built under another name and renamed once migrated: a migration that fails (no pgvector yet) leaves no empty
      // template for every later run to copy.
      const building = `${template}_building`;
      await admin.unsafe(`drop database if exists ${building} with (force)`);
      await admin.unsafe(`create database ${building}`);
      const t = adminClient(databaseUrl(url, building));
      try {
        await migrate(t);
      } finally {
        await t.end();
      }
      await admin.unsafe(`alter database ${building} rename to ${template}`);
    }
    await admin.unsafe(`create database ${name} template ${template}`);
    await admin`select pg_advisory_unlock(727002)`;
  } finally {
    await admin.end();
  }
  return openThrowaway(url, name);
}

/**
 * A fresh, migrated database for one test file. Close it in afterAll. With `empty`, no migration is applied: for
 * tests that migrate step by step (rows in an old schema, then a migration).
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<Database> {
  if (options.empty) return createEmptyTestDatabase();
  const url = process.env.TEST_DATABASE_URL;
  return testTarget() === "native" && url ? createNativeTestDatabase(url) : createEmbeddedTestDatabase();
}

async function createEmptyTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (testTarget() === "native" && url) {
    const name = `cm_empty_${randomBytes(6).toString("hex")}`;
    const admin = adminClient(url);
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    return openThrowaway(url, name);
  }
  const dir = mkdtempSync(join(tmpdir(), "cm-pg-empty-"));
  const db = await openDatabase({ dataDir: dir });
  return closingWith(db, () => rmSync(dir, { recursive: true, force: true }));
}
