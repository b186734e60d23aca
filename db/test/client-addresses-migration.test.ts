// Migration 017 turns a client's one optional e-mail address into a list of contact addresses, keeping what was
// stored: an address becomes a one-item list (trimmed), none or blank an empty list.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { loadMigrations, migrate } from "../src/migrate";
import { addClientEmail, findClient } from "../src/queries/clients";
import { createTestDatabase } from "../src/testing";

let db: Database;
let userId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  db = await createTestDatabase({ empty: true });
  await migrate(
    db.sql,
    loadMigrations().filter((m) => m.version < "017"),
  );
  const [user] = await db.sql<{ id: number }[]>`insert into users (username, password) values ('u', 'x') returning id`;
  userId = user!.id;
  for (const [name, email] of [
    ["With", " ada@okafor.example "],
    ["Without", null],
    ["Blank", "  "],
  ] as const) {
    const [row] = await db.sql<{ id: number }[]>`
      insert into clients (user_id, name, type, email) values (${userId}, ${name}, 'Legal', ${email}) returning id`;
    ids[name] = row!.id;
  }
  expect(await migrate(db.sql)).toContain("017_client_addresses");
}, 120_000);
afterAll(async () => {
  await db?.close();
});

test("a stored address becomes the client's one contact; none or blank an empty list", async () => {
  expect((await findClient(db.sql, userId, ids.With!))?.emails).toEqual(["ada@okafor.example"]);
  expect((await findClient(db.sql, userId, ids.Without!))?.emails).toEqual([]);
  expect((await findClient(db.sql, userId, ids.Blank!))?.emails).toEqual([]);
});

test("adding an address stores it once (any case), stops at the maximum, and only on the user's own client", async () => {
  const add = (address: string, maxAddresses = 3, user = userId) =>
    addClientEmail(db.sql, { userId: user, clientId: ids.With!, address, maxAddresses });
  expect((await add("ben@okafor.example"))?.added).toBe(true);
  expect((await add("BEN@Okafor.example"))?.added).toBe(false);
  expect((await add("cy@okafor.example"))?.client.emails).toEqual([
    "ada@okafor.example",
    "ben@okafor.example",
    "cy@okafor.example",
  ]);
  expect((await add("dee@okafor.example"))?.added).toBe(false);
  expect(await add("eve@okafor.example", 10, userId + 1000)).toBeUndefined();
});
