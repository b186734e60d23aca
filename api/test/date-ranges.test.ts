// Every date a user sends is bounded to what makes sense (docs/security.md): 1970 to 2199 anywhere, and a recording's
// consent between a day before the meeting and now. A consent dated 1900 was taken; so were planned meetings, due
// dates and next meetings in 1900 or 2200. Runs on the embedded database and again on native PostgreSQL.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { json, registerAndSignIn } from "./auth-helpers";
import { createClient, upload, uploadForm } from "./hostile-fixtures";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;
let clientId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await registerAndSignIn(server));
  clientId = (await createClient(server, cookie, "Dates Client")).id;
});
afterAll(async () => {
  await server?.stop();
});

const MEETING_DATE = "2026-05-04T12:00:00Z";

async function uploadWith(meetingData: Record<string, unknown>) {
  const form = uploadForm(new Blob(["A: We agreed."]), "m.txt", {
    title: "Dated",
    clientId,
    date: MEETING_DATE,
    ...meetingData,
  });
  const response = await upload(server, form, cookie);
  return { status: response.status, message: ((await response.json()) as { message?: string }).message ?? "" };
}

const consentAt = (confirmedAt: string) => ({ consent: { method: "spoken", confirmedAt } });

test("a consent dated 1900, or days before the meeting, is refused; one at the meeting is kept", async () => {
  for (const confirmedAt of ["1900-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2026-05-02T11:59:00Z"]) {
    const answer = await uploadWith(consentAt(confirmedAt));
    expect({ confirmedAt, status: answer.status }).toEqual({ confirmedAt, status: 400 });
    expect(answer.message).toContain("consent.confirmedAt");
  }
  expect((await uploadWith(consentAt("2026-05-04T09:59:00Z"))).status).toBe(201);
});

test("a meeting dated before 1970 or after 2199 is refused", async () => {
  for (const date of ["1900-06-01T12:00:00Z", "1969-12-31T12:00:00Z", "2200-01-01T12:00:00Z", -1]) {
    const answer = await uploadWith({ date });
    expect({ date, status: answer.status }).toEqual({ date, status: 400 });
    expect(answer.message).toContain("date");
  }
  const kept = await server.ctx.db.sql<{ n: number }[]>`select count(*)::int as n from meetings`;
  // Only the meeting with a consent at the meeting was made.
  expect(kept[0]!.n).toBe(1);
});

test("a planned meeting and a due date in 1900 or 2200, or on a day that does not exist, are refused", async () => {
  for (const date of ["1900-01-02T10:00:00Z", "2200-01-02T10:00:00Z", "2026-02-30T10:00:00Z"]) {
    const response = await server.fetch("/api/meetings/schedule", json({ clientId, title: "Planned", date }, cookie));
    expect({ date, status: response.status }).toEqual({ date, status: 400 });
  }
  for (const dueDate of ["1900-01-01", "1969-12-31", "2200-01-01"]) {
    const response = await server.fetch("/api/action-items", json({ clientId, task: "Call", dueDate }, cookie));
    expect({ dueDate, status: response.status }).toEqual({ dueDate, status: 400 });
    expect(((await response.json()) as { message: string }).message).toContain("dueDate");
  }
  const fine = await server.fetch("/api/action-items", json({ clientId, task: "Call", dueDate: "2199-12-31" }, cookie));
  expect(fine.status).toBe(201);
});
