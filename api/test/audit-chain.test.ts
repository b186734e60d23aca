// The audit trail's foundation (migration 038) on the database alone: rows chain per account, the database refuses
// to change or delete them, writers at once never fork a chain, and the verifier names a row edited behind the
// database's back, a row taken out, rows cut off the end; the account's own erasure and retention's disposal are
// the two deletions let through, each leaving a verifiable record.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Database } from "@cm/db";
import { disposeAuditRowsBefore, eraseAccountTrail, INSTALLATION_CHAIN } from "@cm/db/queries/audit-log";
import { createTestDatabase } from "@cm/db/testing";
import { HttpError } from "../src/http-error";
import { READS_PER_HOUR } from "../src/modules/audit/audit-actions";
import { recordAudit } from "../src/modules/audit/record-audit";
import { verifyAllAuditChains, verifyAuditChain } from "../src/modules/audit/verify-audit-chain";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await db?.close();
});

let nextAccount = 1000;
const write = (accountId: number, n: number, action: "meeting.edited" | "search.asked" = "search.asked") =>
  (async () => {
    for (let i = 0; i < n; i++) {
      await recordAudit(db.sql, { accountId, actorUserId: accountId, action, details: { i, text: "pensión ✓" } });
    }
  })();

/** Runs `work` as the superuser would behind the application's back: the table's triggers off for the session. */
async function behindTheDatabasesBack(work: (sql: Database["sql"]) => Promise<unknown>) {
  await db.sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await work(tx as unknown as Database["sql"]);
  });
}

describe("the chain", () => {
  test("numbers rows per account, links each to the one before and verifies", async () => {
    const a = nextAccount++;
    const b = nextAccount++;
    await Promise.all([write(a, 5), write(b, 3)]);
    const rows = await db.sql`select seq, prev_hash, hash from audit_log where account_id = ${a} order by seq`;
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0]?.prev_hash).toBe("0".repeat(64));
    expect(rows[1]?.prev_hash).toBe(rows[0]?.hash);
    expect(await verifyAuditChain(db.sql, a)).toEqual({ ok: true, rows: 5, firstBadRow: null });
    expect((await verifyAuditChain(db.sql, b)).rows).toBe(3);
  });

  test("writers at once in separate connections never fork the chain", async () => {
    const a = nextAccount++;
    await Promise.all(Array.from({ length: 6 }, () => write(a, 5, "meeting.edited")));
    const [counts] = await db.sql`select count(*)::int as n, count(distinct seq)::int as seqs, max(seq)::int as top
      from audit_log where account_id = ${a}`;
    expect(counts).toEqual({ n: 30, seqs: 30, top: 30 });
    expect((await verifyAuditChain(db.sql, a)).ok).toBe(true);
  });

  test("a row written in a transaction that rolls back leaves no trace and no gap", async () => {
    const a = nextAccount++;
    await write(a, 2);
    await db.sql
      .begin(async (tx) => {
        await recordAudit(tx as unknown as Database["sql"], { accountId: a, actorUserId: a, action: "search.asked" });
        throw new Error("the action failed");
      })
      .catch(() => {});
    await write(a, 1);
    expect(await verifyAuditChain(db.sql, a)).toMatchObject({ ok: true, rows: 3 });
  });
});

describe("append-only", () => {
  test("the database refuses UPDATE, DELETE and TRUNCATE of the trail and of its heads", async () => {
    const a = nextAccount++;
    await write(a, 2);
    const refused = async (statement: Promise<unknown>) => {
      const error = await statement.then(() => undefined).catch((e: Error) => e);
      expect(error?.message).toContain("append-only");
    };
    await refused(db.sql`update audit_log set action = 'x' where account_id = ${a}`);
    await refused(db.sql`delete from audit_log where account_id = ${a}`);
    await refused(db.sql`truncate audit_log`);
    await refused(db.sql`update audit_heads set seq = 1 where account_id = ${a}`);
    await refused(db.sql`delete from audit_heads where account_id = ${a}`);
    expect(await verifyAuditChain(db.sql, a)).toMatchObject({ ok: true, rows: 2 });
  });
});

describe("the verifier", () => {
  test("names a row edited behind the database's back", async () => {
    const a = nextAccount++;
    await write(a, 4);
    await behindTheDatabasesBack(
      (sql) => sql`update audit_log set details = '{"i": 99}'
      where account_id = ${a} and seq = 3`,
    );
    const [edited] = await db.sql`select id from audit_log where account_id = ${a} and seq = 3`;
    const result = await verifyAuditChain(db.sql, a);
    expect(result.ok).toBe(false);
    expect(result.firstBadRow).toMatchObject({ accountId: a, id: edited?.id, seq: 3 });
    expect(result.firstBadRow?.reason).toContain("changed");
    const all = await verifyAllAuditChains(db.sql);
    expect(all.ok).toBe(false);
  });

  test("names the row after one taken out of the middle, and rows cut off the end", async () => {
    const a = nextAccount++;
    await write(a, 4);
    await behindTheDatabasesBack((sql) => sql`delete from audit_log where account_id = ${a} and seq = 2`);
    expect((await verifyAuditChain(db.sql, a)).firstBadRow).toMatchObject({ seq: 3 });
    const b = nextAccount++;
    await write(b, 4);
    await behindTheDatabasesBack((sql) => sql`delete from audit_log where account_id = ${b} and seq >= 3`);
    expect((await verifyAuditChain(db.sql, b)).firstBadRow).toMatchObject({ id: null, seq: 3 });
  });

  test("an edit whose hash was recomputed is still found: the next row no longer follows it", async () => {
    const a = nextAccount++;
    await write(a, 3);
    await behindTheDatabasesBack(async (sql) => {
      await sql`update audit_log set details = '{"i": 7}' where account_id = ${a} and seq = 2`;
      await sql`update audit_log set hash = cm_audit_hash(audit_log) where account_id = ${a} and seq = 2`;
    });
    expect((await verifyAuditChain(db.sql, a)).firstBadRow).toMatchObject({ seq: 3 });
  });
});

describe("the two deletions let through", () => {
  test("an account's erasure removes its whole chain and the installation's chain records it", async () => {
    const a = nextAccount++;
    const other = nextAccount++;
    await Promise.all([write(a, 3), write(other, 2)]);
    expect(await eraseAccountTrail(db.sql, a)).toEqual({ rows: 3 });
    const [left] = await db.sql`select count(*)::int as n from audit_log where account_id = ${a}`;
    expect(left?.n).toBe(0);
    const [erased] = await db.sql`select details from audit_log
      where account_id = ${INSTALLATION_CHAIN} and action = 'account.erased' and target_id = ${String(a)}`;
    expect(erased?.details).toMatchObject({ accountId: a, rows: 3, lastSeq: 3 });
    expect((await verifyAuditChain(db.sql, other)).ok).toBe(true);
    expect((await verifyAuditChain(db.sql, INSTALLATION_CHAIN)).ok).toBe(true);
    // The setting lasted only for the erasure's transaction.
    const error = await db.sql`delete from audit_log where account_id = ${other}`.catch((e: Error) => e);
    expect(String(error)).toContain("append-only");
  });

  test("retention's disposal of the oldest rows leaves a chain the verifier accepts, and only that", async () => {
    const a = nextAccount++;
    const old = new Date("2020-01-01T00:00:00Z");
    for (let i = 0; i < 3; i++) {
      await recordAudit(db.sql, { accountId: a, actorUserId: a, action: "search.asked", at: old });
    }
    await write(a, 2);
    expect(await disposeAuditRowsBefore(db.sql, a, new Date("2021-01-01T00:00:00Z"))).toEqual({ rows: 3 });
    expect(await verifyAuditChain(db.sql, a)).toMatchObject({ ok: true, rows: 3 });
    // The same shape made behind the database's back, without the disposal row, is found.
    const b = nextAccount++;
    await write(b, 4);
    await behindTheDatabasesBack((sql) => sql`delete from audit_log where account_id = ${b} and seq <= 2`);
    expect((await verifyAuditChain(db.sql, b)).firstBadRow).toMatchObject({ seq: 3 });
  });
});

describe("the caps", () => {
  test("the same read by the same person is one row in ten minutes; failed sign-ins stop at the hourly cap", async () => {
    const a = nextAccount++;
    const view = {
      accountId: a,
      actorUserId: a,
      action: "meeting.viewed" as const,
      target: { kind: "meeting", id: 5 },
    };
    expect(await recordAudit(db.sql, view)).toBeDefined();
    expect(await recordAudit(db.sql, view)).toBeUndefined();
    expect(await recordAudit(db.sql, { ...view, target: { kind: "meeting", id: 6 } })).toBeDefined();
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await recordAudit(db.sql, { ...view, at: later })).toBeDefined();
    const failed = { accountId: a, actorUserId: null, action: "auth.sign-in-failed" as const };
    const written = [];
    for (let i = 0; i < 35; i++) written.push(await recordAudit(db.sql, failed));
    expect(written.filter(Boolean)).toHaveLength(30);
    expect(await recordAudit(db.sql, { ...failed, at: new Date(Date.now() + 61 * 60_000) })).toBeDefined();
  });

  test("past 2,000 reads an hour a read is refused with 429 and the time it frees; changes still go in", async () => {
    const a = nextAccount++;
    // 2,000 reads in one statement (the insert trigger chains each); the cap, not 2,000 requests, is what is tested.
    await db.sql`insert into audit_log (account_id, actor_user_id, action, prev_hash, hash)
      select ${a}, ${a}, 'search.asked', '', '' from generate_series(1, ${READS_PER_HOUR})`;
    const read = { accountId: a, actorUserId: a, action: "search.asked" as const };
    const refused = await recordAudit(db.sql, read).catch((error: HttpError) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(429);
    expect((refused as HttpError).message).toStartWith(
      "Too many reads: your account may open, play, export or search 2,000",
    );
    expect((refused as HttpError).details).toMatchObject({ quota: "reads", used: 2000, limit: 2000, left: 0 });
    expect(await recordAudit(db.sql, { ...read, action: "meeting.edited" })).toBeDefined();
    expect(await recordAudit(db.sql, { ...read, at: new Date(Date.now() + 61 * 60_000) })).toBeDefined();
    expect((await verifyAuditChain(db.sql, a)).ok).toBe(true);
  });
});
