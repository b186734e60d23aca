// `bun run db:migrate`: applies pending migrations to DATABASE_URL or the embedded database.
import { openDatabase } from "./client";
import { migrate } from "./migrate";

const db = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? "./data" });
try {
  const applied = await migrate(db.sql);
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
} finally {
  await db.close();
}
