// An id is a whole number written one way: digits, no sign, no leading zero, no spaces. A fractional one
// ("/api/meetings/7.5/retry", "?clientId=2.5") is refused with a 400 that names the field, on every route the app
// declares with an id in its path or its query: it used to pass the schema and reach code that assumes an integer
// (the retry's job payload check answered 500; found by the fuzz test). So is every other spelling of a number
// ("3.0", "+3", "%203", "0003", "3e0"): they were read as 3, and `DELETE /api/meetings/3.0` deleted meeting 3.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ID_FORMAT_MESSAGE } from "../src/modules/common-model";
import { registerAndSignIn } from "./auth-helpers";
import { type HostileServer, startHostileServer } from "./hostile-fixtures";
import { isIdParam, listApiRoutes, routeKey } from "./route-table";

let hostile: HostileServer;
let cookie: string;

beforeAll(async () => {
  hostile = await startHostileServer();
  ({ cookie } = await registerAndSignIn(hostile.server));
}, 60_000);

afterAll(async () => {
  await hostile?.stop();
});

/** Spellings of a number that are not the one way an id is written (as they appear in a URL). */
const MALFORMED_IDS = [
  "7.5",
  "3.0",
  "+3",
  "%2B3",
  "%203",
  "3%20",
  "0003",
  "03",
  "0",
  "-3",
  "3e0",
  "0x3",
  "1_000",
  "%E2%80%8B3",
];

test("an id in a path written any way but plain digits answers 400 naming it on every id route", async () => {
  // A checkout session's id is Stripe's string ("cs_…"), checked by its own pattern; a resumable upload's is 32 random
  // hex characters, any other text is an unknown upload (404, api/test/resumable-uploads.test.ts).
  const routes = listApiRoutes(hostile.server.ctx).filter(
    (r) => r.params.some(isIdParam) && r.path !== "/api/payments/session/:id" && r.path !== "/api/uploads/:id",
  );
  expect(routes.length).toBeGreaterThanOrEqual(15);
  const wrong: string[] = [];
  for (const route of routes) {
    for (const id of MALFORMED_IDS) {
      let path = route.path;
      for (const param of route.params) path = path.replace(`:${param}`, isIdParam(param) ? id : "x");
      const headers = { cookie, "content-type": "application/json" };
      const response = await hostile.server.fetch(path, {
        method: route.method,
        headers,
        ...(route.method === "GET" ? {} : { body: "{}" }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      if (response.status !== 400 || body.message !== `validation failed: id: ${ID_FORMAT_MESSAGE}`) {
        wrong.push(`${routeKey(route)} with ${id}: ${response.status} ${body.message ?? ""}`);
      }
    }
  }
  expect(wrong).toEqual([]);
});

test("an id in a query written any way but plain digits, or a fractional count, answers 400 naming it", async () => {
  const routes = listApiRoutes(hostile.server.ctx).filter(
    (r) => r.method === "GET" && Object.keys(r.query?.properties ?? {}).some((k) => isIdParam(k) || k === "limit"),
  );
  expect(routes.length).toBeGreaterThanOrEqual(2);
  const wrong: string[] = [];
  for (const route of routes) {
    for (const key of Object.keys(route.query?.properties ?? {}).filter((k) => isIdParam(k) || k === "limit")) {
      const [values, detail] = isIdParam(key)
        ? [MALFORMED_IDS, ID_FORMAT_MESSAGE]
        : [["2.5"], "must be a whole number"];
      for (const value of values) {
        const response = await hostile.server.fetch(`${route.path}?${key}=${value}`, { headers: { cookie } });
        const body = (await response.json()) as { message?: string };
        if (response.status !== 400 || body.message !== `validation failed: ${key}: ${detail}`) {
          wrong.push(`${routeKey(route)} ?${key}=${value}: ${response.status} ${body.message ?? ""}`);
        }
      }
    }
  }
  expect(wrong).toEqual([]);
});

test("DELETE /api/clients/3.0 and its like delete nothing; the plain id still works", async () => {
  const { cookie: owner } = await registerAndSignIn(hostile.server);
  const created = await hostile.server.fetch("/api/clients", {
    method: "POST",
    headers: { cookie: owner, "content-type": "application/json" },
    body: JSON.stringify({ name: "Plain Id Client", type: "Individual" }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const spelling of [`${id}.0`, `+${id}`, `%20${id}`, `000${id}`]) {
    const response = await hostile.server.fetch(`/api/clients/${spelling}`, {
      method: "DELETE",
      headers: { cookie: owner },
    });
    expect({ spelling, status: response.status }).toEqual({ spelling, status: 400 });
  }
  const listed = (await (await hostile.server.fetch("/api/clients", { headers: { cookie: owner } })).json()) as unknown;
  expect(JSON.stringify(listed)).toContain(`"id":${id},`);
  expect(
    (await hostile.server.fetch(`/api/clients/${id}`, { method: "DELETE", headers: { cookie: owner } })).status,
  ).toBe(200);
});
