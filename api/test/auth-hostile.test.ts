// Hostile cases of sign-in and sessions that api/test/auth.test.ts does not cover: code guessing in
// parallel and from one address, logged-out cookies on writes and pages, forged and replayed cookies,
// and cross-origin writes on every write route of the route table.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { latestCodeFor } from "../src/mail/mailer";
import { json, mergeCookies, register, registerAndSignIn } from "./auth-helpers";
import { createClient, type HostileServer, startHostileServer, uploadForm, uploadTranscript } from "./hostile-fixtures";
import { listApiRoutes, routeKey } from "./route-table";
import { startTestServer, type TestServer } from "./test-server";

let hostile: HostileServer;
let server: TestServer;

beforeAll(async () => {
  hostile = await startHostileServer();
  server = hostile.server;
}, 60_000);
afterAll(async () => {
  await hostile?.stop();
});

const me = async (cookie: string) =>
  (await (await server.fetch("/api/auth/user", { headers: { cookie } })).json()) as { authenticated: boolean };

/** Password step only: the browser cookie that may verify, the user id and the e-mailed code. */
async function passwordStep(target: TestServer, account: { username: string; password: string; email: string }) {
  const login = await target.fetch("/api/login", json({ username: account.username, password: account.password }));
  expect(login.status).toBe(200);
  const { userId } = (await login.json()) as { userId: number };
  const code = (await latestCodeFor(target.ctx.config.dataDir, account.email))!;
  return { cookie: mergeCookies("", login), userId, code };
}

const wrongCodes = (code: string, n: number) =>
  Array.from({ length: n }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));

describe("verification code guessing", () => {
  test("guesses sent in parallel get no more than five tries: the right code sent after them fails", async () => {
    const account = await register(server);
    const { cookie, userId, code } = await passwordStep(server, account);
    const verify = (guess: string) => server.fetch("/api/verify-login", json({ userId, code: guess }, cookie));
    // Thirty wrong guesses at once: a count of tries read and written apart would lose most of them and leave the
    // code open. (The right code is sent once they have all answered: sent among them, it is right whenever it is
    // served before the fifth wrong one, which a loaded machine sometimes does.)
    const responses = await Promise.all(wrongCodes(code, 30).map(verify));
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 400));
    expect(responses.some((r) => r.headers.getSetCookie().some((c) => c.startsWith("cm_session=")))).toBe(false);
    const right = await verify(code);
    expect(right.status).toBe(400);
    expect(right.headers.getSetCookie().some((c) => c.startsWith("cm_session="))).toBe(false);
    // And the code stays retired.
    expect((await verify(code)).status).toBe(400);
  });

  test("code guesses from one address are rate limited across accounts", async () => {
    const limited = await startTestServer({ LOGIN_LIMIT_PER_IP: "4" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await limited.fetch("/api/verify-login", json({ userId: 1000 + i, code: "123456" }));
        statuses.push(r.status);
        if (r.status === 429) expect((await r.json()).message).toContain("Too many attempts");
      }
      expect(statuses.slice(0, 4).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(4)).toEqual([429, 429]);
    } finally {
      await limited.stop();
    }
  });
});

describe("a logged-out session cookie", () => {
  test("cannot write, upload, read or open a page", async () => {
    const { cookie } = await registerAndSignIn(server);
    const client = await createClient(server, cookie, "Before Logout");
    const meeting = await uploadTranscript(server, cookie, client.id, "Before logout");
    expect((await server.fetch("/api/logout", { method: "POST", headers: { cookie } })).status).toBe(200);
    const attempts: [string, RequestInit][] = [
      ["/api/clients", json({ name: "After Logout", type: "X" }, cookie)],
      ["/api/notes", json({ meetingId: meeting.id, content: "after logout" }, cookie)],
      [`/api/meetings/${meeting.id}`, { method: "DELETE", headers: { cookie } }],
      [`/api/clients/${client.id}`, { method: "DELETE", headers: { cookie } }],
      ["/api/search", json({ query: "anything" }, cookie)],
      [
        "/api/meetings/upload",
        {
          method: "POST",
          headers: { cookie },
          body: uploadForm(new Blob(["A: x"]), "x.txt", { title: "x", clientId: client.id, date: "2026-03-01" }),
        },
      ],
      [`/api/meetings/${meeting.id}`, { headers: { cookie } }],
      ["/api/stats", { headers: { cookie } }],
    ];
    for (const [path, init] of attempts) {
      const response = await server.fetch(path, init);
      expect(`${init.method ?? "GET"} ${path} ${response.status}`).toBe(`${init.method ?? "GET"} ${path} 401`);
      expect((await response.json()).message).toContain("log in");
    }
    const page = await server.fetch("/dashboard", { headers: { cookie } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toContain("/login");
    const [row] = await server.ctx.db.sql`select count(*)::int as n from clients where name = 'After Logout'`;
    expect(row!.n).toBe(0);
    const [kept] = await server.ctx.db.sql`select count(*)::int as n from meetings where id = ${meeting.id}`;
    expect(kept!.n).toBe(1);
  });
});

describe("forged and replayed cookies", () => {
  test("no forged session cookie signs anyone in or breaks the server", async () => {
    const { cookie } = await registerAndSignIn(server);
    const sid = /cm_session=([^;]+)/.exec(cookie)![1]!;
    const raw = decodeURIComponent(sid);
    const [stored] = await server.ctx.db.sql`select sid from sessions order by expire desc limit 1`;
    const forged = [
      "cm_session=",
      "cm_session",
      `cm_session=${"A".repeat(10_000)}`,
      `cm_session=${raw.toUpperCase()}`,
      `cm_session=${raw.slice(1)}`,
      `cm_session=${raw}%`,
      "cm_session=%E0%A4%A",
      "cm_session='; drop table sessions; --",
      "cm_session=<script>alert(1)</script>",
      `cm_session=${encodeURIComponent("\u0000".repeat(43))}`,
      `cm_session=${encodeURIComponent(String(stored!.sid))}`, // the stored hash, as from a leaked table
      `cm_session=${createHash("sha256").update(raw).digest("hex")}`,
      `cm_verify=${raw}`,
      `__Host-cm_session=${raw}x`,
      `cm_session=${raw}x; cm_session=${raw}x`,
    ];
    for (const value of forged) {
      const user = await server.fetch("/api/auth/user", { headers: { cookie: value } });
      expect(`${value.slice(0, 40)} ${user.status}`).toBe(`${value.slice(0, 40)} 200`);
      expect((await user.json()).authenticated).toBe(false);
      const clients = await server.fetch("/api/clients", { headers: { cookie: value } });
      expect(clients.status).toBe(401);
      expect(typeof (await clients.json()).message).toBe("string");
      expect((await server.fetch("/dashboard", { headers: { cookie: value } })).status).toBe(302);
    }
    // The real cookie still works: the forgeries were refused for what they are.
    expect((await me(cookie)).authenticated).toBe(true);
  });
});

describe("cross-origin writes", () => {
  /** Write routes a browser on another site must never reach with the user's cookie. */
  const EXEMPT: Record<string, string> = {
    "POST /api/payments/webhook": "called by Stripe's servers, authenticated by its signature",
  };

  test("every write route answers 403 to a foreign Origin, Origin: null or Sec-Fetch-Site: cross-site", async () => {
    const { cookie } = await registerAndSignIn(server);
    const client = await createClient(server, cookie, "Cross Origin Target");
    const meeting = await uploadTranscript(server, cookie, client.id, "Cross origin meeting");
    // OPTIONS /api/uploads (tus's discovery) only states the server's limits: it changes nothing.
    const writes = listApiRoutes(server.ctx).filter(
      (r) => r.method !== "GET" && r.method !== "OPTIONS" && !EXEMPT[routeKey(r)],
    );
    expect(writes.length).toBeGreaterThanOrEqual(10);
    const snapshot = async () =>
      JSON.stringify(
        await server.ctx.db
          .sql`select (select count(*)::int from clients) as c, (select count(*)::int from meetings) as m,
          (select count(*)::int from notes) as n, (select count(*)::int from users) as u,
          (select count(*)::int from pending_registrations) as p, (select status from meetings where id = ${meeting.id}) as s`,
      );
    const before = await snapshot();
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: `${server.url.replace(/:\d+$/, "")}:1` },
      { "sec-fetch-site": "cross-site" },
    ];
    let tried = 0;
    for (const route of writes) {
      const path = route.path.replace(
        ":id",
        route.path.startsWith("/api/clients") ? String(client.id) : String(meeting.id),
      );
      for (const headers of foreign) {
        const init: RequestInit =
          route.path === "/api/meetings/upload"
            ? {
                body: uploadForm(new Blob(["A: csrf"]), "c.txt", {
                  title: "csrf",
                  clientId: client.id,
                  date: "2026-03-01",
                }),
              }
            : {
                body: JSON.stringify({ name: "csrf", type: "x", meetingId: meeting.id, content: "csrf", query: "x" }),
                headers: { "content-type": "application/json" },
              };
        const response = await server.fetch(path, {
          ...init,
          method: route.method,
          headers: { ...(init.headers as Record<string, string>), cookie, ...headers },
        });
        tried++;
        const label = `${route.method} ${path} ${JSON.stringify(headers)}`;
        expect(`${label} ${response.status}`).toBe(`${label} 403`);
        expect((await response.json()).message).toContain("permission");
      }
    }
    expect(tried).toBe(writes.length * foreign.length);
    expect(await snapshot()).toBe(before);
    expect((await me(cookie)).authenticated).toBe(true);
  });

  test("another site cannot sign the user out: sign-out is a guarded POST, GET /api/logout answers 405", async () => {
    const { cookie } = await registerAndSignIn(server);
    const foreign: Record<string, string>[] = [{ "sec-fetch-site": "cross-site" }, { origin: "https://evil.example" }];
    for (const headers of foreign) {
      const response = await server.fetch("/api/logout", { method: "POST", headers: { cookie, ...headers } });
      expect(response.status).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    // A link (or an image, or a page that fetches it) is a GET: it changes nothing, whatever its headers.
    for (const headers of [{}, { "sec-fetch-site": "same-origin" }] as Record<string, string>[]) {
      const response = await server.fetch("/api/logout", { headers: { cookie, ...headers } });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    // Sending the browser to the /logout page signs nobody out: the page only offers a button.
    expect((await server.fetch("/logout", { headers: { cookie, "sec-fetch-site": "cross-site" } })).status).toBe(200);
    expect((await me(cookie)).authenticated).toBe(true);
    // The product's own Sign out button posts same-origin.
    const own = await server.fetch("/api/logout", {
      method: "POST",
      headers: { cookie, "sec-fetch-site": "same-origin", origin: server.url },
    });
    expect(own.status).toBe(200);
    expect((await me(cookie)).authenticated).toBe(false);
  });
});
