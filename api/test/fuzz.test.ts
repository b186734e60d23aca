// Property-based fuzzing of every /api route (from the route table), signed in: arbitrary JSON values,
// objects with arbitrary and schema keys, malformed text as bodies; arbitrary strings as path ids and
// query strings. Property: never a 5xx, and an error is JSON with a string message.
// Bounded: FUZZ_RUNS runs per route and a time budget of about FUZZ_BUDGET_MS for the whole run.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { upsertSummary } from "@cm/db/queries/summaries";
import fc from "fast-check";
import { json, registerAndSignIn } from "./auth-helpers";
import { createClient, type HostileServer, startHostileServer, uploadForm, uploadTranscript } from "./hostile-fixtures";
import { type ApiRoute, listApiRoutes, routeKey } from "./route-table";
import type { TestServer } from "./test-server";

const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 800);
const FUZZ_BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 20_000);
/** Of the budget, the share for page addresses (the rest is for the API routes). */
const PAGE_BUDGET_MS = Math.round(FUZZ_BUDGET_MS / 5);
const API_BUDGET_MS = FUZZ_BUDGET_MS - PAGE_BUDGET_MS;
/** Query keys the pages read (the register page resumes after payment with these; login has next). */
const PAGE_QUERY_KEYS = ["step", "tid", "email", "name", "username", "next"];

let hostile: HostileServer;
let server: TestServer;
let cookie: string;
/** A second user for the page run: the API run ends by signing the first one out. */
let pageCookie: string;
const realIds: string[] = [];
const tried: Record<string, number> = {};

beforeAll(async () => {
  hostile = await startHostileServer();
  server = hostile.server;
  ({ cookie } = await registerAndSignIn(server));
  ({ cookie: pageCookie } = await registerAndSignIn(server));
  const client = await createClient(server, cookie, "Fuzz Client");
  const meeting = await uploadTranscript(server, cookie, client.id, "Fuzz meeting");
  await server.fetch("/api/notes", json({ meetingId: meeting.id, content: "fuzz note" }, cookie));
  realIds.push(String(client.id), String(meeting.id));
  // An action item, so PATCH /api/action-items/:id is fuzzed with a real id too.
  await upsertSummary(server.ctx.db.sql, meeting.id, {
    executiveSummary: "Fuzz summary.",
    keyPoints: [],
    actionItems: [{ task: "Fuzz task", assignee: "Ann" }],
    nextMeeting: null,
  });
  const sql = server.ctx.db.sql;
  const [task] = await sql<{ id: number }[]>`select id from action_items where meeting_id = ${meeting.id}`;
  realIds.push(String(task!.id));
}, 60_000);

afterAll(async () => {
  const total = Object.values(tried).reduce((a, b) => a + b, 0);
  console.log(`[fuzz] ${total} requests over ${Object.keys(tried).length} routes`, tried);
  await hostile?.stop();
});

/** Percent-encodes the UTF-8 bytes of any string (lone surrogates become U+FFFD, as a browser sends them). */
const encodeSegment = (value: string) =>
  [...new TextEncoder().encode(value)]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, "0")}`,
    )
    .join("");

/** Characters that break naive code, mixed into otherwise arbitrary code points. */
const trickyChar = fc.constantFrom(
  ...["\u0000", "\uD800", "\uDFFF", "\u202E", "\u200B", "\uFEFF", "\u2028", "😀", "\n", "\r", "\t"],
  ...["<", ">", "'", '"', "\\", "%", "&", "/", ".", ";", "-", "*", "(", ")", ":", "!", "|"],
);
const unit = fc.oneof(
  trickyChar,
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  fc.string({ minLength: 1, maxLength: 1 }),
);
const anyString = fc.string({ unit, maxLength: 40 });
const idLike = () =>
  fc.oneof(
    anyString,
    fc.integer().map(String),
    fc.double().map(String),
    fc.constantFrom("0", "-1", "1e3", "9007199254740993", "99999999999999999999", "0x10", " 1", "1 ", "cs_test", ".."),
    fc.constantFrom(...realIds),
  );

function queryArbitrary(keys: string[]) {
  const key = keys.length ? fc.oneof(fc.constantFrom(...keys), anyString) : anyString;
  return fc.oneof(
    fc.dictionary(key, fc.oneof(anyString, idLike())).map((entries) => new URLSearchParams(entries).toString()),
    anyString.map(encodeSegment),
    fc.constant(""),
  );
}

type Body = { kind: "json"; value: unknown } | { kind: "raw"; text: string } | { kind: "none" };

function bodyArbitrary(route: ApiRoute): fc.Arbitrary<Body> {
  const keys = Object.keys(route.body?.properties ?? {});
  const value = fc.jsonValue({ stringUnit: unit, maxDepth: 3 });
  const shaped = keys.length ? [fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] })] : [];
  return fc.oneof(
    value.map((v) => ({ kind: "json", value: v }) as Body),
    fc
      .dictionary(keys.length ? fc.oneof(fc.constantFrom(...keys), anyString) : anyString, value)
      .map((v) => ({ kind: "json", value: v }) as Body),
    ...shaped.map((arb) => arb.map((v) => ({ kind: "json", value: v }) as Body)),
    anyString.map((text) => ({ kind: "raw", text }) as Body),
    fc.constant({ kind: "none" } as Body),
  );
}

/** Sends one fuzzed request; returns a description of the violation, or undefined. */
async function check(route: ApiRoute, ids: string[], query: string, body: Body): Promise<string | undefined> {
  let path = route.path;
  route.params.forEach((param, i) => {
    path = path.replace(`:${param}`, encodeSegment(ids[i] ?? ""));
  });
  if (query) path += `?${query}`;
  const init: RequestInit = { method: route.method, headers: { cookie } };
  if (route.method !== "GET" && body.kind !== "none") {
    if (route.path === "/api/meetings/upload") {
      const data = body.kind === "json" ? JSON.stringify(body.value) : body.text;
      init.body = uploadForm(new Blob(["Ann: hello\nBob: hi"]), "fuzz.txt", data);
    } else {
      init.headers = { cookie, "content-type": "application/json" };
      init.body = body.kind === "json" ? JSON.stringify(body.value) : body.text;
    }
  }
  tried[routeKey(route)] = (tried[routeKey(route)] ?? 0) + 1;
  const response = await server.fetch(path, init);
  // A live stream (GET /api/live) never ends by itself: its status and content type are what there is to check.
  if (response.status === 200 && response.headers.get("content-type")?.startsWith("text/event-stream")) {
    await response.body?.cancel();
    return undefined;
  }
  const text = await response.text();
  const where = `${route.method} ${path} body=${JSON.stringify(body).slice(0, 200)}`;
  if (response.status >= 500) return `${where} answered ${response.status}: ${text.slice(0, 200)}`;
  if (response.status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return `${where} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`;
    }
    if (typeof (parsed as { message?: unknown })?.message !== "string") {
      return `${where} answered ${response.status} without a string message: ${text.slice(0, 200)}`;
    }
  }
  return undefined;
}

test(
  "no fuzzed request to any API route gets a 5xx or an error without {message}",
  async () => {
    // Writes that remove the fixtures and the sign-out run last, so the other routes are fuzzed deep.
    const last = (r: ApiRoute) => Number(r.method === "DELETE") + 2 * Number(r.path === "/api/logout");
    const routes = listApiRoutes(server.ctx).sort((a, b) => last(a) - last(b));
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const started = Date.now();
    for (const [index, route] of routes.entries()) {
      const budget = Math.max(200, (API_BUDGET_MS - (Date.now() - started)) / (routes.length - index));
      const property = fc.asyncProperty(
        fc.array(idLike(), { minLength: route.params.length, maxLength: route.params.length }),
        queryArbitrary(Object.keys(route.query?.properties ?? {})),
        bodyArbitrary(route),
        async (ids, query, body) => {
          const violation = await check(route, ids, query, body);
          if (violation) throw new Error(violation);
        },
      );
      const details = await fc.check(property, {
        numRuns: FUZZ_RUNS,
        plugins: [fc.interruptAfterTimeLimit(budget)],
        endOnFailure: true,
      });
      if (details.interrupted && details.numRuns === 0) {
        // A first request that outlasts the route's share of the budget (a loaded machine) is still tried once.
        await fc.assert(property, { numRuns: 1, endOnFailure: true });
      } else if (details.failed) {
        throw new Error(fc.defaultReportMessage(details) ?? `fuzzing ${routeKey(route)} failed`);
      }
    }
    // Every route was actually exercised.
    expect(routes.filter((r) => !tried[routeKey(r)]).map(routeKey)).toEqual([]);
  },
  // Each route is tried at least once whatever the budget: room for that on a loaded machine.
  API_BUDGET_MS + 120_000,
);

test(
  "no fuzzed page address (ids, paths, query strings) gets a 5xx",
  async () => {
    const started = Date.now();
    let pages = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          idLike().map((id) => `/meetings/${encodeSegment(id)}`),
          fc.array(anyString, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.map(encodeSegment).join("/")}`),
          fc.constantFrom("/dashboard", "/clients", "/register", "/login", "/calendar", "/search", "/checkout"),
        ),
        fc.oneof(
          fc.constant(""),
          anyString.map((q) => `?${encodeSegment(q)}`),
          queryArbitrary(PAGE_QUERY_KEYS).map((q) => `?${q}`),
        ),
        fc.boolean(),
        async (path, query, signedIn) => {
          pages++;
          const response = await server.fetch(path + query, { headers: signedIn ? { cookie: pageCookie } : {} });
          await response.arrayBuffer();
          if (response.status >= 500) throw new Error(`${path}${query} answered ${response.status}`);
        },
      ),
      { numRuns: FUZZ_RUNS, plugins: [fc.interruptAfterTimeLimit(PAGE_BUDGET_MS)], endOnFailure: true },
    );
    console.log(`[fuzz] ${pages} page requests in ${Date.now() - started} ms`);
    expect(pages).toBeGreaterThan(0);
  },
  PAGE_BUDGET_MS + 30_000,
);
