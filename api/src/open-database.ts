import { type Database, DatabaseStartError, DataDirLockedError, migrate, openDatabase } from "@cm/db";
import type { AppConfig } from "./config";

/** A start-up problem the operator can fix; its message says how, and the process exits with it. */
export class StartupError extends Error {}

/** Opens the configured database (embedded or DATABASE_URL) and applies pending migrations. */
export async function openAndMigrate(config: AppConfig): Promise<Database> {
  try {
    const db = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      max: config.databasePoolSize,
      embeddedSharedBuffers: config.embeddedSharedBuffers,
    });
    await migrate(db.sql).catch(async (error) => {
      await db.close();
      throw error;
    });
    return db;
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DatabaseStartError) {
      throw new StartupError(error.message);
    }
    throw error;
  }
}
