import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Sql } from "./client";
import { DatabaseStartError } from "./client";

export const migrationsDir = join(import.meta.dir, "..", "migrations");

export interface Migration {
  version: string;
  sql: string;
}

export function loadMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d{3,}_.+\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: name.replace(/\.sql$/, ""), sql: readFileSync(join(dir, name), "utf8") }));
}

// Any constant works; it only has to be the same for every process of this app.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies pending migrations in one transaction under an advisory lock, so two processes
 * starting at once never apply the same migration twice. Returns the versions applied.
 */
export async function migrate(sql: Sql, migrations = loadMigrations()): Promise<string[]> {
  try {
    return await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
      await tx`create table if not exists schema_migrations (
        version text primary key,
        applied_at timestamptz not null default now()
      )`;
      const done = new Set(
        (await tx<{ version: string }[]>`select version from schema_migrations`).map((r) => r.version),
      );
      const applied: string[] = [];
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        await tx.unsafe(migration.sql).simple();
        await tx`insert into schema_migrations (version) values (${migration.version})`;
        applied.push(migration.version);
      }
      return applied;
    });
  } catch (error) {
    const message = (error as Error).message;
    if (/extension "vector"|vector\.control/i.test(message)) {
      throw new DatabaseStartError(
        `The database server has no pgvector extension (${message}). Install it (bash db/scripts/install-pgvector.sh on Debian, or use the pgvector/pgvector image), or unset DATABASE_URL to use the embedded database.`,
      );
    }
    throw error;
  }
}
