// A planned meeting (status Scheduled) has not taken place: the follow-up draft, sending one, and exports answer 409
// saying so, for every format.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PLANNED_MEETING_MESSAGE } from "../src/modules/export/meeting-document";
import { json, registerAndSignIn } from "./auth-helpers";
import { seedClient } from "./support/seed-meeting";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;
let plannedId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await registerAndSignIn(server));
  const userId = (await (await server.fetch("/api/auth/user", { headers: { cookie } })).json()).user.id;
  const client = await seedClient(server.ctx.db.sql, userId, "Haldane Pension Scheme", "Pensions");
  const planned = await server.fetch(
    "/api/meetings/schedule",
    json(
      { clientId: client.id, title: "Trustee meeting", date: new Date(Date.now() + 3 * 86_400_000).toISOString() },
      cookie,
    ),
  );
  expect(planned.status).toBe(201);
  plannedId = (await planned.json()).id;
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const get = (path: string) => server.fetch(path, { headers: { cookie } });

describe("a planned meeting", () => {
  test("is Scheduled, with no summary", async () => {
    const meeting = await (await get(`/api/meetings/${plannedId}`)).json();
    expect(meeting.status).toBe("Scheduled");
    expect(meeting.summary).toBeNull();
  });

  test("has no follow-up draft and cannot be followed up: 409 saying it has not taken place", async () => {
    const draft = await get(`/api/meetings/${plannedId}/follow-up`);
    expect(draft.status).toBe(409);
    expect((await draft.json()).message).toBe(PLANNED_MEETING_MESSAGE);
    const sent = await server.fetch(
      `/api/meetings/${plannedId}/follow-up`,
      json({ to: ["someone@example.com"], subject: "Follow-up", body: "Hello" }, cookie),
    );
    expect(sent.status).toBe(409);
    expect((await sent.json()).message).toContain("has not taken place yet");
  });

  test("cannot be exported in any format: 409 saying it has not taken place", async () => {
    for (const format of ["pdf", "docx", "md"]) {
      const response = await get(`/api/meetings/${plannedId}/export?format=${format}`);
      expect(response.status).toBe(409);
      expect((await response.json()).message).toBe(PLANNED_MEETING_MESSAGE);
    }
  });
});
