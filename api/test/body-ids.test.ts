// An id in a JSON body is written one way, as in a path: a JSON whole number, or digits only. Elysia's integer read
// any text Number() reads, so `{"meetingId":"0x1"}` saved a note on meeting 1 while `/api/meetings/0x1` answered 400.
// Every route with an id in its body is walked (from the app's own route table), and the upload's meetingData too.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ID_FORMAT_MESSAGE } from "../src/modules/common-model";
import { json, registerAndSignIn } from "./auth-helpers";
import { createClient, type HostileServer, startHostileServer, upload, uploadForm } from "./hostile-fixtures";
import { type FieldPath, idFieldsWithin, listApiRoutes, routeKey, withField } from "./route-table";

/** How an id may not be written (as JSON values): each was read as 1. */
const MALFORMED = ["0x1", "1.0", "+1", "01", " 1", "1e0", "1 ", "", "0", "-1", 1.5, 0, -1, true, "1234567890123456"];

/** Body keys that end in "Id" but hold no row id: Stripe's product and price names, checkout's random token. */
const NOT_ROW_IDS = new Set(["productId", "priceId", "tempUserId"]);

/** A body every route takes but for the id, which the test then spoils; a new route with an id must be added. */
const BASE_BODIES: Record<string, Record<string, unknown>> = {
  "POST /api/verify-login": { userId: 1, code: "123456" },
  "POST /api/resend-verification": { userId: 1 },
  "POST /api/notes": { meetingId: 1, content: "" },
  "POST /api/search": { query: "hello", conversationId: 1 },
  "POST /api/action-items": { meetingId: 1, clientId: 1, task: "Call" },
  "POST /api/meetings/schedule": { clientId: 1, title: "Review", date: "2030-01-02T10:00:00Z" },
  "PATCH /api/meetings/:id/summary": { actionItems: [{ id: 1, task: "Call" }] },
};

let hostile: HostileServer;
let cookie: string;

beforeAll(async () => {
  hostile = await startHostileServer();
  ({ cookie } = await registerAndSignIn(hostile.server));
}, 60_000);

afterAll(async () => {
  await hostile?.stop();
});

test("every id in a JSON body written any way but one answers 400 naming the field", async () => {
  const routes = listApiRoutes(hostile.server.ctx).flatMap((route) =>
    (route.body ? idFieldsWithin(route.body) : [])
      .filter((field) => !NOT_ROW_IDS.has(String(field.at(-1))))
      .map((field) => ({ route, field })),
  );
  const found = [...new Set(routes.map(({ route }) => routeKey(route)))].sort();
  expect(found).toEqual(Object.keys(BASE_BODIES).sort());
  const wrong: string[] = [];
  for (const { route, field } of routes) {
    for (const value of MALFORMED) {
      const body = withField(BASE_BODIES[routeKey(route)], field as FieldPath, value);
      const response = await hostile.server.fetch(route.path.replace(":id", "1"), {
        ...json(body, cookie),
        method: route.method,
      });
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      const want = `validation failed: ${field.join(".")}: ${ID_FORMAT_MESSAGE}`;
      if (response.status !== 400 || answer.message !== want) {
        wrong.push(
          `${routeKey(route)} ${field.join(".")}=${JSON.stringify(value)}: ${response.status} ${answer.message}`,
        );
      }
    }
  }
  expect(wrong).toEqual([]);
});

test("an id in a body as a JSON number or as plain digits is read", async () => {
  const { id: clientId } = await createClient(hostile.server, cookie, "Body Id Client");
  for (const value of [clientId, String(clientId)]) {
    const response = await hostile.server.fetch("/api/action-items", json({ clientId: value, task: "Call" }, cookie));
    expect({ value, status: response.status }).toEqual({ value, status: 201 });
  }
});

test("an upload's meetingData reads clientId and meetingId the same one way", async () => {
  const { id: clientId } = await createClient(hostile.server, cookie, "Upload Id Client");
  for (const field of ["clientId", "meetingId"]) {
    for (const value of ["0x1", "1.0", "+1", "01", " 1", "1e0", 1.5]) {
      const meetingData = { title: "Review", clientId, date: new Date().toISOString(), [field]: value };
      const response = await upload(hostile.server, uploadForm(new Blob(["A: hi"]), "m.txt", meetingData), cookie);
      const answer = (await response.json()) as { message?: string };
      expect({ field, value, status: response.status, message: answer.message }).toEqual({
        field,
        value,
        status: 400,
        message: `validation failed: ${field}: ${ID_FORMAT_MESSAGE}`,
      });
    }
  }
});
