import type { Database } from "@cm/db";

export interface StartupSteps<Server, Running> {
  /** Opens the database and applies pending migrations. */
  openDatabase: () => Promise<Database>;
  /** Loads the app's modules (routes, rendering, mail, AI): the larger part of start-up. */
  loadServer: () => Promise<Server>;
  /** Starts listening on the open, migrated database. */
  start: (server: Server, database: Database) => Promise<Running>;
}

export interface StartupPhases {
  /** Time from this call until the database was open and migrated. */
  databaseMs: number;
  /** Time from this call until the app's modules were loaded. */
  modulesMs: number;
  /** Time from both being ready until the server listened. */
  listenMs: number;
}

const elapsed = (since: number) => Math.round(performance.now() - since);

/**
 * Opens the database while the app's modules load (the two overlap: file reads and the database's own start wait on
 * the disk), and starts the server only once both are done, so nothing is served before migrations are applied. A
 * failure of either closes what the other opened.
 */
export async function startInOrder<Server, Running>(
  steps: StartupSteps<Server, Running>,
): Promise<{ running: Running; phases: StartupPhases }> {
  const started = performance.now();
  const phases: StartupPhases = { databaseMs: 0, modulesMs: 0, listenMs: 0 };
  const database = steps.openDatabase().then((db) => {
    phases.databaseMs = elapsed(started);
    return db;
  });
  const server = steps.loadServer().then((loaded) => {
    phases.modulesMs = elapsed(started);
    return loaded;
  });
  const [db, loaded] = await Promise.allSettled([database, server]);
  if (db.status === "rejected") throw db.reason;
  if (loaded.status === "rejected") {
    await db.value.close();
    throw loaded.reason;
  }
  const listening = performance.now();
  const running = await steps.start(loaded.value, db.value);
  phases.listenMs = elapsed(listening);
  return { running, phases };
}
