// Every page's server-rendered HTML carries its own <title>, once, in <head>; a meeting's page carries its title.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { registerAndSignIn } from "./auth-helpers";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;
let meetingId: number;
let otherMeetingId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ cookie } = await registerAndSignIn(server));
  const me = (await (await server.fetch("/api/auth/user", { headers: { cookie } })).json()) as { user: { id: number } };
  const client = await seedClient(server.ctx.db.sql, me.user.id, "Hendricks Family Trust");
  meetingId = await seedProcessedMeeting(server.ctx.db.sql, me.user.id, client.id, {
    title: "Review & plan <Q3>",
    date: new Date(),
  });
  otherMeetingId = await seedProcessedMeeting(server.ctx.db.sql, me.user.id, client.id, {
    title: "Estate planning kickoff",
    date: new Date(),
  });
});
afterAll(() => server.stop());

/**
 * The <title> elements of a page as the server sent it, and those the browser puts in <head>: inside it, or right
 * after </head> (where the server sends a page's own title after the shared head; the HTML parser moves it into the
 * head).
 */
async function titlesOf(path: string, signedIn: boolean) {
  const response = await server.fetch(path, signedIn ? { headers: { cookie } } : {});
  const html = await response.text();
  const headEnd = html.indexOf("</head>") + "</head>".length;
  const afterHead = /^<title>[^<]*<\/title>/.exec(html.slice(headEnd))?.[0] ?? "";
  const head = html.slice(0, headEnd) + afterHead;
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
  const inHead = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
  return { status: response.status, titles, inHead };
}

describe("page titles in the server's HTML", () => {
  const publicPages: [string, string][] = [
    ["/", "Clearminute · AI meeting notes for client advisors"],
    ["/login", "Sign in · Clearminute"],
    ["/register", "Create your account · Clearminute"],
    ["/terms", "Terms of Service · Clearminute"],
  ];
  const signedInPages: [string, string][] = [
    ["/dashboard", "Dashboard · Clearminute"],
    ["/clients", "Clients · Clearminute"],
    ["/calendar", "Calendar · Clearminute"],
    ["/meetings", "Meetings · Clearminute"],
    ["/search", "Meeting Intelligence · Clearminute"],
    ["/settings", "Help · Clearminute"],
    ["/checkout", "Choose a plan · Clearminute"],
    ["/payment-success", "Payment confirmation · Clearminute"],
    ["/no/such/page", "Page not found · Clearminute"],
    ["/meetings/999999999", "Meeting Not Found · Clearminute"],
  ];

  test("public pages", async () => {
    for (const [path, title] of publicPages) {
      expect({ path, ...(await titlesOf(path, false)) }).toEqual({
        path,
        status: 200,
        titles: [title],
        inHead: [title],
      });
    }
  });

  test("signed-in pages, the 404 page and a missing meeting", async () => {
    for (const [path, title] of signedInPages) {
      const { status, titles, inHead } = await titlesOf(path, true);
      expect({ path, titles, inHead }).toEqual({ path, titles: [title], inHead: [title] });
      expect(status).toBe(path === "/no/such/page" || path === "/meetings/999999999" ? 404 : 200);
    }
  });

  test("a meeting's page carries its own title, whichever meeting was rendered before", async () => {
    // The server may send a page module's <head> before rendering (api/src/ssr/early-head.ts), from a cache that
    // every visitor of the module shares: that head carries no title, and each page's own follows it, so one
    // meeting's title never reaches another meeting's HTML.
    for (const [id, expected] of [
      [meetingId, "Review &amp; plan &lt;Q3&gt; · Clearminute"],
      [otherMeetingId, "Estate planning kickoff · Clearminute"],
      [meetingId, "Review &amp; plan &lt;Q3&gt; · Clearminute"],
    ] as const) {
      const { titles, inHead } = await titlesOf(`/meetings/${id}`, true);
      expect({ id, titles, inHead }).toEqual({ id, titles: [expected], inHead: [expected] });
    }
    const html = await (await server.fetch(`/meetings/${meetingId}`, { headers: { cookie } })).text();
    expect(html).toContain("Review &amp; plan &lt;Q3&gt;"); // the page itself shows it
  });
});
