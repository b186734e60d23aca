// Names and titles are one line: a client name, a client type, a meeting's title (uploaded or planned), a speaker's
// name, a task and its assignee, a person's full name. A control character in any of them (CR LF split headings
// of exports, lines of e-mails and calendar files, log entries) answers 400 naming the field, and nothing is kept.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { SINGLE_LINE_MESSAGE } from "../src/modules/common-model";
import { json, registerAndSignIn } from "./auth-helpers";
import { createClient, type HostileServer, startHostileServer, upload, uploadForm } from "./hostile-fixtures";

/** The characters refused: CR LF, LF, CR, tab, NUL's neighbours, DEL, NEL (C1), the line and paragraph separators. */
const BREAKS = ["\r\n", "\n", "\r", "\t", "\u0001", "\u001b", "\u007f", "\u0085", "\u2028", "\u2029"];

let hostile: HostileServer;
let cookie: string;
let clientId: number;

beforeAll(async () => {
  hostile = await startHostileServer();
  ({ cookie } = await registerAndSignIn(hostile.server));
  clientId = (await createClient(hostile.server, cookie, "Line Test Client")).id;
}, 60_000);

afterAll(async () => {
  await hostile?.stop();
});

/** One request per field: the field's path in the message, and how to send a value in it. */
const CASES: { field: string; send: (value: string) => [string, RequestInit] }[] = [
  { field: "name", send: (v) => ["/api/clients", json({ name: `Ann${v}Bcc: x`, type: "Family" }, cookie)] },
  { field: "type", send: (v) => ["/api/clients", json({ name: "Ann", type: `Family${v}x` }, cookie)] },
  {
    field: "name",
    send: (v) => [`/api/clients/${clientId}`, { ...json({ name: `Ann${v}x` }, cookie), method: "PATCH" }],
  },
  { field: "task", send: (v) => ["/api/action-items", json({ clientId, task: `Call${v}back` }, cookie)] },
  {
    field: "assignee",
    send: (v) => ["/api/action-items", json({ clientId, task: "Call", assignee: `A${v}B` }, cookie)],
  },
  {
    field: "task",
    send: (v) => ["/api/action-items/1", { ...json({ task: `Call${v}back` }, cookie), method: "PATCH" }],
  },
  {
    field: "from",
    send: (v) => ["/api/meetings/1/speakers", { ...json({ from: `A${v}`, to: "B" }, cookie), method: "PUT" }],
  },
  {
    field: "to",
    send: (v) => ["/api/meetings/1/speakers", { ...json({ from: "A", to: `B${v}C` }, cookie), method: "PUT" }],
  },
  {
    field: "title",
    send: (v) => [
      "/api/meetings/schedule",
      json({ clientId, title: `Review${v}x`, date: "2030-01-02T10:00:00Z" }, cookie),
    ],
  },
  {
    field: "actionItems.0.task",
    send: (v) => [
      "/api/meetings/1/summary",
      { ...json({ actionItems: [{ task: `A${v}B` }] }, cookie), method: "PATCH" },
    ],
  },
  {
    field: "actionItems.0.assignee",
    send: (v) => [
      "/api/meetings/1/summary",
      { ...json({ actionItems: [{ task: "A", assignee: `B${v}C` }] }, cookie), method: "PATCH" },
    ],
  },
  {
    field: "fullName",
    send: (v) => [
      "/api/register",
      json({ email: "line@example.com", username: "linetest", password: "correct-horse-9", fullName: `A${v}B` }),
    ],
  },
];

test("every name and title field refuses each control character with a 400 naming it", async () => {
  const wrong: string[] = [];
  for (const { field, send } of CASES) {
    for (const mark of BREAKS) {
      const [path, init] = send(mark);
      const response = await hostile.server.fetch(path, init);
      const body = (await response.json()) as { message?: string };
      const want = `validation failed: ${field}: ${SINGLE_LINE_MESSAGE}`;
      if (response.status !== 400 || body.message !== want) {
        wrong.push(
          `${init.method ?? "GET"} ${path} ${field} ${JSON.stringify(mark)}: ${response.status} ${body.message}`,
        );
      }
    }
  }
  expect(wrong).toEqual([]);
  const rows = await hostile.server.ctx.db.sql<{ n: number }[]>`
    select count(*)::int as n from clients where name like 'Ann%'`;
  expect(rows[0]?.n).toBe(0);
});

test("an uploaded meeting's title with a control character answers 400 naming the title", async () => {
  for (const mark of ["\r\n", "\u0085", "\u2028"]) {
    const form = uploadForm(new Blob(["A: hello"]), "m.txt", {
      title: `Review${mark}Injected`,
      clientId,
      date: new Date().toISOString(),
    });
    const response = await upload(hostile.server, form, cookie);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      `validation failed: title: ${SINGLE_LINE_MESSAGE}`,
    );
  }
});

test("names with any other character, accents and emoji included, are accepted", async () => {
  const response = await hostile.server.fetch(
    "/api/clients",
    json({ name: "Zoë O'Brien-Łukasz 🌿", type: "Family" }, cookie),
  );
  expect(response.status).toBe(201);
});
