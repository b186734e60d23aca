// An id is a whole number. A fractional one ("/api/meetings/7.5/retry", "?clientId=2.5") is refused with a 400 that
// names the field, on every route the app declares with an id in its path or its query: it used to pass the schema
// and reach code that assumes an integer (the retry's job payload check answered 500; found by the fuzz test).
import { afterAll, beforeAll, expect, test } from "bun:test";
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

test("a fractional id in a path answers 400 naming it on every id route", async () => {
  // A checkout session's id is Stripe's string ("cs_…"), checked by its own pattern.
  const routes = listApiRoutes(hostile.server.ctx).filter(
    (r) => r.params.some(isIdParam) && r.path !== "/api/payments/session/:id",
  );
  expect(routes.length).toBeGreaterThanOrEqual(15);
  const wrong: string[] = [];
  for (const route of routes) {
    let path = route.path;
    for (const param of route.params) path = path.replace(`:${param}`, isIdParam(param) ? "7.5" : "x");
    const headers = { cookie, "content-type": "application/json" };
    const response = await hostile.server.fetch(path, {
      method: route.method,
      headers,
      ...(route.method === "GET" ? {} : { body: "{}" }),
    });
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    if (response.status !== 400 || body.message !== "validation failed: id: must be a whole number") {
      wrong.push(`${routeKey(route)}: ${response.status} ${body.message ?? ""}`);
    }
  }
  expect(wrong).toEqual([]);
});

test("a fractional id or count in a query answers 400 naming it", async () => {
  const routes = listApiRoutes(hostile.server.ctx).filter(
    (r) => r.method === "GET" && Object.keys(r.query?.properties ?? {}).some((k) => isIdParam(k) || k === "limit"),
  );
  expect(routes.length).toBeGreaterThanOrEqual(2);
  for (const route of routes) {
    for (const key of Object.keys(route.query?.properties ?? {}).filter((k) => isIdParam(k) || k === "limit")) {
      const response = await hostile.server.fetch(`${route.path}?${key}=2.5`, { headers: { cookie } });
      const body = (await response.json()) as { message?: string };
      expect({ route: routeKey(route), key, status: response.status }).toEqual({
        route: routeKey(route),
        key,
        status: 400,
      });
      expect(body.message).toBe(`validation failed: ${key}: must be a whole number`);
    }
  }
});
