// The daily disposal run in a process of its own, for the crash test: it prints a line after each meeting's
// transaction commits, so the test can kill it (SIGKILL) in the middle of the run.
import { openDatabase } from "@cm/db";
import { loadConfig } from "../../src/config";
import { createMemoryLogger } from "../../src/logger";
import { disposeDueRecords } from "../../src/modules/retention/dispose-records";
import { createStorage } from "../../src/storage/create-storage";

const config = loadConfig({ ...process.env, NODE_ENV: "test" });
const url = process.env.DISPOSE_DATABASE_URL;
const db = await openDatabase(url ? { url, max: 2 } : { dataDir: config.dataDir });
const ctx = { config, db, logger: createMemoryLogger(), storage: createStorage(config.storage, config.dataDir) };
const disposed = await disposeDueRecords(ctx, {
  now: new Date(process.env.DISPOSE_NOW ?? Date.now()),
  onDisposed: (disposal) => console.log(`disposed ${disposal.meetingId}`),
});
console.log(`done ${disposed}`);
await db.close();
