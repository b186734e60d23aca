// PATCH /api/clients/{id}: a client's name, type and contact addresses edited from the Clients page, with the same
// checks as creation, the duplicate-name refusal, the daily cap on new addresses, and 404 for another user's client.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { ClientItem } from "../src/models";
import { NEW_ADDRESS_LIMIT } from "../src/modules/clients/client-addresses";
import { json, registerAndSignIn } from "./auth-helpers";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;
let other: string;

const create = async (name: string, emails: string[] = [], as = cookie) => {
  const response = await server.fetch("/api/clients", json({ name, type: "Tax Advice", emails }, as));
  expect(response.status).toBe(201);
  return (await response.json()) as ClientItem;
};
const patch = (id: number, body: unknown, as = cookie) =>
  server.fetch(`/api/clients/${id}`, { ...json(body, as), method: "PATCH" });
const listed = async (id: number) =>
  ((await (await server.fetch("/api/clients", { headers: { cookie } })).json()) as ClientItem[]).find(
    (c) => c.id === id,
  );

beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await registerAndSignIn(server));
  ({ cookie: other } = await registerAndSignIn(server));
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

describe("PATCH /api/clients/{id}", () => {
  test("renames, retypes and replaces the addresses; the list shows the change", async () => {
    const client = await create("Lindqvist Partners", ["old@lindqvist.example"]);
    const response = await patch(client.id, {
      name: "  Lindqvist & Berg  ",
      type: " Estate Planning ",
      emails: ["new@lindqvist.example", " second@lindqvist.example ", "NEW@lindqvist.example"],
    });
    expect(response.status).toBe(200);
    const changed = (await response.json()) as ClientItem;
    expect(changed).toMatchObject({
      id: client.id,
      name: "Lindqvist & Berg",
      type: "Estate Planning",
      emails: ["new@lindqvist.example", "second@lindqvist.example"],
    });
    expect(await listed(client.id)).toMatchObject({ name: "Lindqvist & Berg", emails: changed.emails });
  });

  test("changes only the fields sent", async () => {
    const client = await create("Moreau Household", ["a@moreau.example"]);
    const changed = (await (await patch(client.id, { type: "Retirement" })).json()) as ClientItem;
    expect(changed).toMatchObject({ name: "Moreau Household", type: "Retirement", emails: ["a@moreau.example"] });
    const cleared = (await (await patch(client.id, { emails: [] })).json()) as ClientItem;
    expect(cleared.emails).toEqual([]);
  });

  test("a blank name or type, a bad address or an empty body is a 400 naming the field", async () => {
    const client = await create("Sato Family Office");
    const cases: [unknown, string][] = [
      [{ name: "   " }, "name"],
      [{ type: "" }, "type"],
      [{ emails: ["not an address"] }, "emails"],
      [{ name: "x".repeat(201) }, "name"],
      [{}, "nothing to change"],
    ];
    for (const [body, field] of cases) {
      const response = await patch(client.id, body);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toContain(field);
    }
    expect(await listed(client.id)).toMatchObject({ name: "Sato Family Office", type: "Tax Advice" });
  });

  test("another of the user's client names (any case) is the creation's duplicate message; the own name is fine", async () => {
    await create("Adeyemi Trust");
    const client = await create("Brennan Estate");
    const response = await patch(client.id, { name: "adeyemi trust" });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toContain("duplicate");
    expect((await patch(client.id, { name: "BRENNAN Estate" })).status).toBe(200);
  });

  test("another user's client is a 404 and stays as it was; so is a client that does not exist", async () => {
    const theirs = await create("Quiet Harbour Ltd", [], other);
    const response = await patch(theirs.id, { name: "Taken over" });
    expect(response.status).toBe(404);
    const list = (await (await server.fetch("/api/clients", { headers: { cookie: other } })).json()) as ClientItem[];
    expect(list.find((c) => c.id === theirs.id)?.name).toBe("Quiet Harbour Ltd");
    expect((await patch(999_999, { name: "Nobody" })).status).toBe(404);
  });

  test("new addresses count against the daily cap; addresses the client already had do not", async () => {
    const { cookie: capped } = await registerAndSignIn(server);
    const client = await create("Capped Client", ["keep@capped.example"], capped);
    // Keeping the old address and re-sending it in another case costs nothing.
    const same = await patch(client.id, { emails: ["KEEP@capped.example"] }, capped);
    expect(same.status).toBe(200);
    const fill = Array.from({ length: NEW_ADDRESS_LIMIT.limit - 1 }, (_, i) => `person${i}@capped.example`);
    const filled = await patch(client.id, { emails: ["keep@capped.example", ...fill] }, capped);
    expect(filled.status).toBe(200);
    const over = await patch(client.id, { emails: [...fill, "one-more@capped.example"] }, capped);
    expect(over.status).toBe(429);
    expect((await over.json()).message).toContain(`at most ${NEW_ADDRESS_LIMIT.limit} new contact addresses a day`);
    const list = (await (await server.fetch("/api/clients", { headers: { cookie: capped } })).json()) as ClientItem[];
    expect(list[0]!.emails).toHaveLength(NEW_ADDRESS_LIMIT.limit);
    expect(list[0]!.emails).not.toContain("one-more@capped.example");
  });
});
