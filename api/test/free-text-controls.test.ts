// Every text field a user sends refuses control characters (a meeting's `type` took CR LF). Each string field of
// every body and query the app declares (read from its route table) is listed here with what it is: one line
// (names, titles, subjects, types: no control character at all), multi-line text (notes, bodies, questions: tab and
// line breaks only), or a value with a format of its own (an address, a date, a choice, a code), which a control
// character cannot fit. A field the table does not list fails the test, so a new one has to be decided.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { SINGLE_LINE_MESSAGE, TEXT_BLOCK_MESSAGE } from "../src/modules/common-model";
import { json, registerAndSignIn } from "./auth-helpers";
import {
  createClient,
  type HostileServer,
  startHostileServer,
  upload,
  uploadForm,
  uploadTranscript,
  waitForStatus,
} from "./hostile-fixtures";
import { type FieldPath, type JsonSchema, listApiRoutes, routeKey, withField } from "./route-table";

type Kind = "line" | "block" | "format" | "secret" | "ignored";

/** Every string field, as "METHOD /path body:a.0.b" or "... query:q", with its kind. */
const FIELDS: Record<string, Kind> = {
  "POST /api/login body:username": "line",
  // Never shown, stored or sent anywhere: only its hash is kept, and refusing characters would lock out an account.
  "POST /api/login body:password": "secret",
  "POST /api/verify-login body:code": "format",
  "POST /api/register body:email": "format",
  "POST /api/register body:username": "format",
  "POST /api/register body:password": "secret",
  "POST /api/register body:fullName": "line",
  "POST /api/register body:role": "line",
  "POST /api/register body:subscriptionPlan": "format",
  "POST /api/register body:tempUserId": "format",
  "POST /api/register/check body:username": "format",
  "POST /api/clients body:name": "line",
  "POST /api/clients body:type": "line",
  "POST /api/clients body:emails.0": "format",
  "PATCH /api/clients/:id body:name": "line",
  "PATCH /api/clients/:id body:type": "line",
  "PATCH /api/clients/:id body:emails.0": "format",
  "POST /api/clients/:id/emails body:email": "format",
  "GET /api/meetings query:clientId": "format",
  "GET /api/meetings query:date": "format",
  "GET /api/meetings query:from": "format",
  "GET /api/meetings query:to": "format",
  "GET /api/meetings query:month": "format",
  "GET /api/meetings query:cursor": "format",
  "GET /api/meetings/:id/transcript query:from": "format",
  "GET /api/meetings/:id/transcript query:to": "format",
  "GET /api/meetings/:id/transcript/text query:from": "format",
  "GET /api/meetings/:id/transcript/text query:to": "format",
  "GET /api/meetings/:id/transcript/find query:q": "line",
  "GET /api/meetings/:id/transcript/at query:t": "format",
  "POST /api/meetings/:id/follow-up body:to.0": "format",
  "POST /api/meetings/:id/follow-up body:subject": "line",
  "POST /api/meetings/:id/follow-up body:body": "block",
  "GET /api/meetings/:id/export query:format": "format",
  "GET /api/meetings/:id/export query:transcript": "format",
  "GET /api/meetings/:id/export query:notes": "format",
  "POST /api/notes body:content": "block",
  "POST /api/payments/create-checkout-session body:productId": "format",
  "POST /api/payments/create-checkout-session body:successUrl": "format",
  "POST /api/payments/create-checkout-session body:cancelUrl": "format",
  // Accepted for the spec's payload shape and never read (the server picks the price and makes the id).
  "POST /api/payments/create-checkout-session body:priceId": "ignored",
  "POST /api/payments/create-checkout-session body:metadata.tempUserId": "ignored",
  "POST /api/payments/create-checkout-session body:metadata.email": "format",
  "POST /api/payments/create-checkout-session body:metadata.fullName": "line",
  "POST /api/payments/create-checkout-session body:metadata.username": "format",
  "POST /api/search body:query": "block",
  "POST /api/search body:conversationHistory.0.content": "block",
  "DELETE /api/account body:password": "secret",
  "GET /api/audit-log query:action": "format",
  "GET /api/audit-log query:clientId": "format",
  "GET /api/audit-log query:cursor": "format",
  "GET /api/audit-log query:from": "format",
  "GET /api/audit-log query:to": "format",
  "GET /api/audit-log.csv query:action": "format",
  "GET /api/audit-log.csv query:clientId": "format",
  "GET /api/audit-log.csv query:cursor": "format",
  "GET /api/audit-log.csv query:from": "format",
  "GET /api/audit-log.csv query:to": "format",
  "GET /api/records/export query:clientId": "format",
  "GET /api/records/export query:from": "format",
  "GET /api/records/export query:to": "format",
  "GET /api/action-items query:status": "format",
  "GET /api/action-items query:assignee": "format",
  "GET /api/action-items query:clientId": "format",
  "POST /api/action-items body:task": "line",
  "POST /api/action-items body:assignee": "line",
  "POST /api/action-items body:dueDate": "format",
  "PATCH /api/action-items/:id body:status": "format",
  "PATCH /api/action-items/:id body:task": "line",
  "PATCH /api/action-items/:id body:assignee": "line",
  "PATCH /api/action-items/:id body:dueDate": "format",
  "PATCH /api/meetings/:id/summary body:executiveSummary": "block",
  "PATCH /api/meetings/:id/summary body:keyPoints.0.text": "block",
  "PATCH /api/meetings/:id/summary body:decisions.0.text": "block",
  "PATCH /api/meetings/:id/summary body:actionItems.0.task": "line",
  "PATCH /api/meetings/:id/summary body:actionItems.0.assignee": "line",
  "PATCH /api/meetings/:id/summary body:actionItems.0.dueDate": "format",
  "PATCH /api/meetings/:id/summary body:nextMeeting.date": "format",
  "PATCH /api/meetings/:id/summary body:nextMeeting.time": "format",
  "PATCH /api/meetings/:id/summary body:nextMeeting.topics.0": "line",
  "PUT /api/meetings/:id/speakers body:from": "line",
  "PUT /api/meetings/:id/speakers body:to": "line",
  "POST /api/meetings/schedule body:title": "line",
  "POST /api/meetings/schedule body:date": "format",
};

/** Where strings live in a schema, through arrays and optional (nullable) values too. */
function textFields(schema: JsonSchema, prefix: FieldPath = []): FieldPath[] {
  if (schema.type === "string") return [prefix];
  if (schema.anyOf) {
    // An id (a number or digits) and a choice of fixed words are no text; a nullable string or object is.
    const fixed = (choice: JsonSchema) =>
      choice.const !== undefined || ["number", "integer"].includes(String(choice.type));
    if (schema.anyOf.some(fixed)) return [];
    const paths = schema.anyOf.flatMap((choice) => textFields(choice, prefix));
    return [...new Map(paths.map((path) => [path.join("."), path])).values()];
  }
  if (schema.type === "object" && schema.properties) {
    return Object.entries(schema.properties).flatMap(([key, child]) => textFields(child, [...prefix, key]));
  }
  if (schema.type === "array" && schema.items) return textFields(schema.items, [...prefix, 0]);
  return [];
}

let hostile: HostileServer;
let cookie: string;
let clientId: number;
let meetingId: number;
let taskId: number;

beforeAll(async () => {
  hostile = await startHostileServer({}, { worker: true });
  ({ cookie } = await registerAndSignIn(hostile.server));
  clientId = (await createClient(hostile.server, cookie, "Controls Client")).id;
  meetingId = (await uploadTranscript(hostile.server, cookie, clientId, "Controls meeting")).id;
  // The summary's fields are checked once there are notes to edit.
  await waitForStatus(hostile.server, cookie, meetingId, 60_000);
  const task = await hostile.server.fetch("/api/action-items", json({ clientId, task: "Call back" }, cookie));
  taskId = ((await task.json()) as { id: number }).id;
}, 60_000);

afterAll(async () => {
  await hostile?.stop();
});

/** A body each route takes, so a refusal is the field's; the field under test is then spoiled. */
const baseBodies = (): Record<string, unknown> => ({
  "POST /api/login": { username: "someone", password: "correct-horse-9" },
  "POST /api/verify-login": { userId: 1, code: "123456" },
  "POST /api/register": {
    email: "controls@example.com",
    username: "controls",
    password: "correct-horse-9",
    fullName: "Ann Example",
    role: "user",
    subscriptionPlan: "free",
  },
  "POST /api/register/check": { username: "controls" },
  "POST /api/clients": { name: "Ann", type: "Family", emails: ["ann@example.com"] },
  "PATCH /api/clients/:id": { name: "Ann", type: "Family", emails: ["ann@example.com"] },
  "POST /api/clients/:id/emails": { email: "ann@example.com" },
  "POST /api/meetings/:id/follow-up": { to: ["ann@example.com"], subject: "Our meeting", body: "Hello" },
  "POST /api/notes": { meetingId, content: "A note" },
  "POST /api/payments/create-checkout-session": {
    productId: "REGISTRATION_PREMIUM",
    successUrl: "/payment-success",
    cancelUrl: "/checkout",
    priceId: "p",
    metadata: { tempUserId: "t", email: "ann@example.com", fullName: "Ann Example", username: "annexample" },
  },
  "POST /api/search": { query: "What did we say?", conversationHistory: [{ role: "user", content: "Hello" }] },
  "POST /api/action-items": { clientId, task: "Call", assignee: "Ann", dueDate: "2030-01-02" },
  "PATCH /api/action-items/:id": { status: "open", task: "Call", assignee: "Ann", dueDate: "2030-01-02" },
  "PATCH /api/meetings/:id/summary": {
    executiveSummary: "Summary",
    keyPoints: [{ text: "Point" }],
    decisions: [{ text: "Decision" }],
    actionItems: [{ task: "Call", assignee: "Ann", dueDate: "2030-01-02" }],
    nextMeeting: { date: "2030-01-02", time: "10:00", topics: ["Budget"] },
  },
  "PUT /api/meetings/:id/speakers": { from: "Ann", to: "Anna" },
  "POST /api/meetings/schedule": { clientId, title: "Review", date: "2030-01-02T10:00:00Z" },
});

/** A query each route takes. */
const baseQueries: Record<string, Record<string, string>> = {
  "GET /api/meetings/:id/transcript/at": { t: "1" },
};

const LINE_BREAKS = ["\r\n", "\n", "\t", "\u0000", "\u001b", "\u007f", "\u0085", "\u2028"];
const NOT_IN_TEXT = ["\u0000", "\u0008", "\u000b", "\u001b", "\u007f", "\u0085", "\u009b"];

async function send(route: { method: string; path: string }, where: string, path: FieldPath, value: string) {
  const url = route.path.replace(
    ":id",
    String(route.path.includes("action-items") ? taskId : route.path.includes("clients") ? clientId : meetingId),
  );
  const key = routeKey(route);
  if (where === "query") {
    const query = new URLSearchParams({ ...baseQueries[key], [String(path[0])]: `1${value}` });
    return hostile.server.fetch(`${url}?${query}`, { headers: { cookie } });
  }
  const body = withField(baseBodies()[key] ?? {}, path, `Ab${value}c`);
  return hostile.server.fetch(url, { ...json(body, cookie), method: route.method });
}

test("every text field of every route is listed with its kind", () => {
  const found = listApiRoutes(hostile.server.ctx).flatMap((route) => [
    ...(route.body ? textFields(route.body) : []).map((path) => `${routeKey(route)} body:${path.join(".")}`),
    ...(route.query ? textFields(route.query) : []).map((path) => `${routeKey(route)} query:${path.join(".")}`),
  ]);
  expect(found.sort()).toEqual(Object.keys(FIELDS).sort());
});

test("each field refuses control characters with a 400 naming it (tab and line breaks only in multi-line text)", async () => {
  const wrong: string[] = [];
  for (const route of listApiRoutes(hostile.server.ctx)) {
    const fields = [
      ...(route.body ? textFields(route.body) : []).map((path) => ["body", path] as const),
      ...(route.query ? textFields(route.query) : []).map((path) => ["query", path] as const),
    ];
    for (const [where, path] of fields) {
      const name = `${routeKey(route)} ${where}:${path.join(".")}`;
      const kind = FIELDS[name];
      if (kind === "secret" || kind === "ignored" || kind === undefined) continue;
      const field = path.join(".");
      for (const mark of kind === "block" ? NOT_IN_TEXT : LINE_BREAKS) {
        const response = await send(route, where, path, mark);
        const message = ((await response.json().catch(() => ({}))) as { message?: string }).message ?? "";
        const want =
          kind === "line"
            ? `validation failed: ${field}: ${SINGLE_LINE_MESSAGE}`
            : kind === "block"
              ? `validation failed: ${field}: ${TEXT_BLOCK_MESSAGE}`
              : undefined;
        // The follow-up's subject and body say which character they found; a format names its field.
        const names = [
          path.join("."),
          path.filter((p) => typeof p === "string").join("."),
          String(path.findLast((p) => typeof p === "string")),
        ];
        const named = names.some((name) => message.startsWith(`validation failed: ${name}`));
        const refused = response.status === 400 && (message === want || named);
        if (!refused) wrong.push(`${name} ${JSON.stringify(mark)}: ${response.status} ${message}`);
      }
    }
  }
  expect(wrong).toEqual([]);
});

test("multi-line text keeps its tabs and line breaks", async () => {
  const response = await hostile.server.fetch(
    "/api/notes",
    json({ meetingId, content: "First line\r\n\tindented\nlast" }, cookie),
  );
  expect(response.status).toBe(200);
  expect(((await response.json()) as { content: string }).content).toBe("First line\r\n\tindented\nlast");
});

test("an upload's meeting type is one line and its consent note has no control character", async () => {
  const consent = { method: "written", confirmedAt: new Date().toISOString() };
  for (const [meetingData, field, message] of [
    [{ type: "Review\r\nX-Injected: 1" }, "type", SINGLE_LINE_MESSAGE],
    [{ type: "Review\u0085" }, "type", SINGLE_LINE_MESSAGE],
    [{ consent: { ...consent, note: "Signed\u001b[2J" } }, "consent.note", TEXT_BLOCK_MESSAGE],
  ] as const) {
    const form = uploadForm(new Blob(["A: hello"]), "m.txt", {
      title: "Typed",
      clientId,
      date: new Date().toISOString(),
      ...meetingData,
    });
    const response = await upload(hostile.server, form, cookie);
    expect({
      field,
      status: response.status,
      message: ((await response.json()) as { message: string }).message,
    }).toEqual({
      field,
      status: 400,
      message: `validation failed: ${field}: ${message}`,
    });
  }
});
