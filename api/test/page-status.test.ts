// The server's answer for a page about one thing: 404 with the page's own not-found content when the thing is unknown,
// another account's, or named by an id no API path accepts; a meeting page's data loaded at once and sent with the
// page; /help leads to Help.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { registerAndSignIn } from "./auth-helpers";
import { inspectHtml } from "./page-safety";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let owner: string;
let stranger: string;
let meetingId: number;

const userIdOf = async (cookie: string) =>
  ((await (await server.fetch("/api/auth/user", { headers: { cookie } })).json()) as { user: { id: number } }).user.id;

beforeAll(async () => {
  server = await startTestServer();
  ({ cookie: owner } = await registerAndSignIn(server));
  ({ cookie: stranger } = await registerAndSignIn(server));
  const ownerId = await userIdOf(owner);
  const client = await seedClient(server.ctx.db.sql, ownerId, "Hendricks Family Trust");
  meetingId = await seedProcessedMeeting(server.ctx.db.sql, ownerId, client.id, {
    title: "Quarterly allocation review",
    date: new Date(),
  });
});
afterAll(() => server.stop());

async function page(path: string, cookie: string) {
  const response = await server.fetch(path, { headers: { cookie }, redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

describe("a meeting page's status", () => {
  test("the owner's meeting is a 200 with the meeting", async () => {
    const { status, html } = await page(`/meetings/${meetingId}`, owner);
    expect(status).toBe(200);
    expect(html).toContain("Quarterly allocation review");
    expect(html).not.toContain("Meeting Not Found");
  });

  test("another account's meeting is a 404 showing the page's not-found content, and nothing of the meeting", async () => {
    const { status, html } = await page(`/meetings/${meetingId}`, stranger);
    expect(status).toBe(404);
    expect(html).toContain("Meeting Not Found");
    expect(html).toContain("The meeting you&#x27;re looking for doesn&#x27;t exist or has been removed.");
    expect(html).not.toContain("Quarterly allocation review");
    expect(html).not.toContain("Loading meeting");
  });

  test("an unknown id, and ids no API path accepts, are a 404 with the same content", async () => {
    for (const id of ["999999999", "0", "01", "abc", "1.0", "99999999999999999999"]) {
      const { status, html } = await page(`/meetings/${id}`, owner);
      expect({ id, status }).toEqual({ id, status: 404 });
      expect(html).toContain("Meeting Not Found");
    }
  });

  test("a signed-out visitor is sent to sign in, as for every signed-in page, whether the meeting exists or not", async () => {
    for (const id of [String(meetingId), "999999999"]) {
      const { status, location } = await page(`/meetings/${id}`, "");
      expect({ status, location }).toEqual({ status: 302, location: `/login?next=%2Fmeetings%2F${id}` });
    }
  });
});

describe("a meeting page's data", () => {
  test("the first HTML carries the meeting, its follow-up draft and the notes: the browser asks for none of them", async () => {
    const { html } = await page(`/meetings/${meetingId}`, owner);
    const fallback = JSON.parse(inspectHtml(html, "meeting page")) as Record<string, unknown>;
    expect(Object.keys(fallback).sort()).toEqual(
      [
        "/api/auth/user",
        `/api/meetings/${meetingId}`,
        `/api/meetings/${meetingId}/follow-up`,
        `/api/notes/meeting/${meetingId}`,
      ].sort(),
    );
  });
});

describe("/help", () => {
  test("leads to Help (/settings), signed in or not", async () => {
    expect(await page("/help", owner)).toMatchObject({ status: 302, location: "/settings" });
    expect(await page("/help", "")).toMatchObject({ status: 302, location: "/settings" });
    for (const spelling of ["/help/", "/Help", "/HELP"]) {
      expect(await page(spelling, owner)).toMatchObject({ status: 302, location: "/settings" });
    }
    const help = await page("/settings", owner);
    expect(help.status).toBe(200);
    expect(help.html).toContain("Contact Support");
  });
});
