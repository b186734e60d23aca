// Two threads of the server (requests and the job worker) each hold a connection to the embedded database, which is
// one PostgreSQL session. Their parameterised queries (Parse, Bind, Execute, Sync) and transactions must never
// interleave: before the queue kept protocol units whole, the first concurrent query failed with
// `portal "" does not exist`.
import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres from "postgres";
import type { Database } from "../src/client";
import { createTestDatabase, testTarget } from "../src/testing";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

test.skipIf(testTarget() !== "embedded")(
  "concurrent parameterised queries and transactions on two connections keep their results apart",
  async () => {
    const address = db.address;
    if (!("socketPath" in address)) throw new Error("the embedded test database has a socket");
    const other = postgres({ path: address.socketPath, username: "postgres", database: "postgres", max: 1 });
    try {
      await db.sql`create table if not exists unit_queue_probe (conn int, n int)`;
      const run = async (sql: postgres.Sql, conn: number) => {
        for (let i = 0; i < 60; i++) {
          const [row] = await sql<{ value: number; label: string }[]>`
            select ${i * 10 + conn}::int as value, ${`c${conn}-${i}`}::text as label`;
          expect(row).toEqual({ value: i * 10 + conn, label: `c${conn}-${i}` });
          if (i % 10 === 0) {
            await sql.begin(async (tx) => {
              await tx`insert into unit_queue_probe values (${conn}, ${i})`;
              await Bun.sleep(1); // the other connection's queries arrive meanwhile and must wait
              await tx`insert into unit_queue_probe values (${conn}, ${i + 1})`;
            });
          }
        }
      };
      await Promise.all([run(db.sql, 1), run(other, 2)]);
      const rows = await db.sql<{ conn: number; n: number }[]>`select conn, n from unit_queue_probe order by conn, n`;
      expect(rows).toHaveLength(24);
      // A transaction rolled back on one connection leaves nothing and does not disturb the other.
      await expect(
        other.begin(async (tx) => {
          await tx`insert into unit_queue_probe values (2, 999)`;
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await db.sql`select 1 from unit_queue_probe where n = 999`).toHaveLength(0);
    } finally {
      await other.end({ timeout: 5 });
    }
  },
);
