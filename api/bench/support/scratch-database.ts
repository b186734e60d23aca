import { openDatabase } from "@cm/db";

/** A database of its own on a PostgreSQL server, for one bench run: created now, dropped by drop(). */
export async function scratchDatabase(serverUrl: string) {
  const name = `cm_bench_${Date.now()}`;
  const admin = await openDatabase({ url: serverUrl, max: 1 });
  await admin.sql.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.sql.unsafe(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}
