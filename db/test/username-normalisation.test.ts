// One normalisation of usernames for the sign-in lookup, registration uniqueness and the per-username limit key
// (normalizeUsername in db/src/queries/users.ts). The database's lower() follows its locale (lower('İ') is 'i'
// under C.UTF-8) while JavaScript's toLowerCase gives "i" + U+0307: a lookup through lower() of the input let
// "admİn" reach "admin" under another limit key. Now a name matches only what it normalises to.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { findUserByUsername, insertUser, normalizeUsername } from "../src/queries/users";
import { createTestDatabase } from "../src/testing";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  for (const username of ["admin", "Kate.Kim", "joe_99"]) {
    await insertUser(db.sql, { username, passwordHash: "x", email: `${username}@example.com`, fullName: null });
  }
});
afterAll(async () => {
  await db?.close();
});

describe("normalizeUsername", () => {
  test("İ (U+0130) does not become a plain i: its lowercase keeps the dot as U+0307", () => {
    expect(normalizeUsername("admİn")).toBe("admi\u0307n");
    expect(normalizeUsername("admİn")).not.toBe("admin");
    expect(normalizeUsername("ADMIN")).toBe("admin");
  });

  test("the Kelvin sign K (U+212A) is the letter k", () => {
    expect(normalizeUsername("\u212Aate.\u212Aim")).toBe("kate.kim");
  });

  test("full-width letters and digits are their ASCII forms", () => {
    expect(normalizeUsername("ＡＤＭＩＮ")).toBe("admin");
    expect(normalizeUsername("ｊｏｅ＿９９")).toBe("joe_99");
  });

  test("combining characters compose: e + U+0301 is é, before and after lowercasing", () => {
    expect(normalizeUsername("Jose\u0301")).toBe(normalizeUsername("José"));
    expect(normalizeUsername("JOSE\u0301")).toBe("josé");
  });

  test("surrounding spaces, including ideographic ones, are dropped", () => {
    expect(normalizeUsername("\u3000 Admin \t")).toBe("admin");
  });

  test("runs in linear time on long input", () => {
    const long = "İＡ\u212A".repeat(100_000);
    const started = performance.now();
    expect(normalizeUsername(long).length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("findUserByUsername", () => {
  test("finds a user by any spelling that normalises to the stored name", async () => {
    for (const spelling of ["admin", "ADMIN", " Admin ", "ＡＤＭＩＮ", "ａｄｍｉｎ"]) {
      expect((await findUserByUsername(db.sql, spelling))?.username).toBe("admin");
    }
    expect((await findUserByUsername(db.sql, "\u212Aate.\u212Aim"))?.username).toBe("Kate.Kim");
    expect((await findUserByUsername(db.sql, "ｊｏｅ＿９９"))?.username).toBe("joe_99");
  });

  test("İ does not reach the account of a plain i (the database's lower() would map it)", async () => {
    const [row] = await db.sql<{ lowered: string }[]>`select lower('ADMİN') as lowered`;
    // Whatever the server's locale does with it, the lookup goes by the JavaScript normal form.
    expect(typeof row!.lowered).toBe("string");
    expect(await findUserByUsername(db.sql, "admİn")).toBeUndefined();
    expect(await findUserByUsername(db.sql, "ADMİN")).toBeUndefined();
    expect(await findUserByUsername(db.sql, "kate.kİm")).toBeUndefined();
  });

  test("a decomposed accent finds nothing ASCII, and empty or blank names find nothing", async () => {
    expect(await findUserByUsername(db.sql, "admi\u0301n")).toBeUndefined();
    expect(await findUserByUsername(db.sql, "")).toBeUndefined();
    expect(await findUserByUsername(db.sql, "   ")).toBeUndefined();
  });

  test("whatever a spelling finds, it has the same limit key as the stored name", async () => {
    const spellings = ["admin", "ADMİN", "ＡＤＭＩＮ", "adm\u0130n", "\u212Aate.kim", "KATE.KIM", "Kate.Kİm"];
    for (const spelling of spellings) {
      const user = await findUserByUsername(db.sql, spelling);
      if (user) expect(normalizeUsername(spelling)).toBe(normalizeUsername(user.username));
    }
  });
});
