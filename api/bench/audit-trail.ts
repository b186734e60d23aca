// What the audit trail costs (migration 038): rows appended one at a time through recordAudit (each locks its chain
// head, is numbered and hashed by the database), from several writers at once in one account, then the whole chain
// verified (every hash recomputed here). Changes ("meeting.edited"), which no cap holds back; a read also counts the
// account's reads of the hour (at most 2,000, so a run of reads would stop there), on a fresh test database (embedded; native with TEST_DB_TARGET=native
// TEST_DATABASE_URL=...). Prints; asserts nothing.
//   bun run api/bench/audit-trail.ts [rows=5000] [writers=4]
import { createTestDatabase } from "@cm/db/testing";
import { recordAudit } from "../src/modules/audit/record-audit";
import { verifyAuditChain } from "../src/modules/audit/verify-audit-chain";

const ROWS = Number(process.argv[2] ?? 5000);
const WRITERS = Number(process.argv[3] ?? 4);
const db = await createTestDatabase();
const ACCOUNT = 1;
const from = { ip: "198.51.100.7", userAgent: "Mozilla/5.0 (bench) Firefox/140.0" };

const started = performance.now();
await Promise.all(
  Array.from({ length: WRITERS }, async (_, writer) => {
    for (let i = writer; i < ROWS; i += WRITERS) {
      await recordAudit(db.sql, {
        accountId: ACCOUNT,
        actorUserId: ACCOUNT,
        action: "meeting.edited",
        target: { kind: "meeting", id: i },
        from,
        details: { transcribeAgain: true, note: `Edit ${i} of the pension transfer review` },
      });
    }
  }),
);
const writeMs = performance.now() - started;
const verifyStarted = performance.now();
const result = await verifyAuditChain(db.sql, ACCOUNT);
const verifyMs = performance.now() - verifyStarted;
const [size] = await db.sql<{ bytes: number }[]>`
  select coalesce(sum(octet_length(t::text)), 0)::int as bytes from audit_log t where t.account_id = ${ACCOUNT}`;
console.log(`audit trail, ${process.env.TEST_DB_TARGET === "native" ? "PostgreSQL" : "embedded"} database`);
console.log(
  `  ${ROWS} rows by ${WRITERS} writers at once      ${writeMs.toFixed(0).padStart(7)} ms (${(writeMs / ROWS).toFixed(2)} ms a row)`,
);
console.log(`  verify the chain (${result.rows} rows, ok: ${result.ok})  ${verifyMs.toFixed(0).padStart(7)} ms`);
console.log(`  counted bytes a row                       ${((size?.bytes ?? 0) / ROWS).toFixed(0).padStart(7)}`);
await db.close();
