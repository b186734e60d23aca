// The PostgreSQL rate-limit counters (db/src/queries/rate-limits.ts) on a real test database: fixed windows, the
// wait they answer, reset, the sweep, hashed keys, and hits from several connections at once counted exactly.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { hitRateLimit, rateLimitDigest, resetRateLimit, sweepExpiredRateLimits } from "../src/queries/rate-limits";
import { createTestDatabase } from "../src/testing";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const WINDOW = 15 * 60 * 1000;
let n = 0;
const fresh = (limit = 3, windowMs = WINDOW) => ({ scope: "test", key: `key-${++n}`, limit, windowMs });

describe("hitRateLimit", () => {
  test("allows `limit` hits, then answers the seconds left in the window", async () => {
    const hit = fresh(3);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) waits.push(await hitRateLimit(db.sql, hit));
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    for (const wait of waits.slice(3)) {
      expect(wait).toBeGreaterThan(WINDOW / 1000 - 60);
      expect(wait).toBeLessThanOrEqual(WINDOW / 1000);
    }
  });

  test("keys and scopes count apart", async () => {
    const a = fresh(1);
    expect(await hitRateLimit(db.sql, a)).toBe(0);
    expect(await hitRateLimit(db.sql, a)).toBeGreaterThan(0);
    expect(await hitRateLimit(db.sql, { ...a, key: `${a.key}-other` })).toBe(0);
    expect(await hitRateLimit(db.sql, { ...a, scope: "other-scope" })).toBe(0);
  });

  test("a window that has run out starts again at one", async () => {
    const hit = fresh(2);
    for (let i = 0; i < 3; i++) await hitRateLimit(db.sql, hit);
    expect(await hitRateLimit(db.sql, hit)).toBeGreaterThan(0);
    await db.sql`update rate_limits set window_start = now() - interval '20 minutes',
      expires_at = now() - interval '5 minutes' where key = ${rateLimitDigest(hit.key)}`;
    expect(await hitRateLimit(db.sql, hit)).toBe(0);
    const [row] = await db.sql<{ count: number }[]>`select count from rate_limits
      where scope = 'test' and key = ${rateLimitDigest(hit.key)}`;
    expect(row!.count).toBe(1);
  });

  test("stores a digest of the key, never the key itself", async () => {
    const hit = { ...fresh(5), key: "Avery.Advisor@example.com" };
    await hitRateLimit(db.sql, hit);
    const rows = await db.sql<{ key: string }[]>`select key from rate_limits where scope = 'test'`;
    expect(rows.some((r) => r.key === rateLimitDigest(hit.key))).toBe(true);
    expect(rows.some((r) => r.key.includes("Avery") || r.key.includes("@"))).toBe(false);
  });

  test("resetRateLimit forgets a key's hits", async () => {
    const hit = fresh(1);
    await hitRateLimit(db.sql, hit);
    expect(await hitRateLimit(db.sql, hit)).toBeGreaterThan(0);
    await resetRateLimit(db.sql, hit);
    expect(await hitRateLimit(db.sql, hit)).toBe(0);
  });

  test("hits from two concurrent loops (two processes on one database) are all counted", async () => {
    const hit = fresh(25);
    // Each loop stands for a process: its own sequence of statements, interleaved with the other's.
    const loop = async () => {
      const waits: number[] = [];
      for (let i = 0; i < 20; i++) waits.push(await hitRateLimit(db.sql, hit));
      return waits;
    };
    const [a, b] = await Promise.all([loop(), loop()]);
    const allowed = [...a!, ...b!].filter((w) => w === 0).length;
    expect(allowed).toBe(25);
    const [row] = await db.sql<{ count: number }[]>`select count from rate_limits
      where scope = 'test' and key = ${rateLimitDigest(hit.key)}`;
    expect(row!.count).toBe(40);
  });

  test("a burst of parallel hits is counted exactly once each", async () => {
    const hit = fresh(10);
    const waits = await Promise.all(Array.from({ length: 30 }, () => hitRateLimit(db.sql, hit)));
    expect(waits.filter((w) => w === 0).length).toBe(10);
    expect(waits.filter((w) => w > 0).length).toBe(20);
  });
});

describe("sweepExpiredRateLimits", () => {
  test("deletes only rows whose window has closed", async () => {
    const live = fresh(5);
    const old = fresh(5);
    await hitRateLimit(db.sql, live);
    await hitRateLimit(db.sql, old);
    await db.sql`update rate_limits set expires_at = now() - interval '1 second'
      where key = ${rateLimitDigest(old.key)}`;
    expect(await sweepExpiredRateLimits(db.sql)).toBeGreaterThanOrEqual(1);
    const keys = (await db.sql<{ key: string }[]>`select key from rate_limits`).map((r) => r.key);
    expect(keys).toContain(rateLimitDigest(live.key));
    expect(keys).not.toContain(rateLimitDigest(old.key));
    expect(await sweepExpiredRateLimits(db.sql)).toBe(0);
  });
});
