// IDOR sweep generated from the app's route table: every route with an id in its path, its query or its
// body is called as user B with user A's ids. B must get 404 (or a refusal for body-borne ids), never
// A's data, and A's rows must be unchanged afterwards. A route the sweep cannot fill fails the test,
// so a new id route cannot slip past it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { hasSystemTools } from "@cm/ai/test-support/system-tools";
import { upsertSummary } from "@cm/db/queries/summaries";
import { pageRoutes } from "@cm/web/routes";
import { latestCodeFor, readOutbox } from "../src/mail/mailer";
import { json, mergeCookies, registerAndSignIn } from "./auth-helpers";
import {
  createClient,
  type HostileServer,
  makeMp3,
  recordingFiles,
  startHostileServer,
  upload,
  uploadForm,
} from "./hostile-fixtures";
import { type ApiRoute, idFields, isIdParam, listApiRoutes, routeKey } from "./route-table";
import type { TestServer } from "./test-server";

const ffmpegReady = hasSystemTools(["ffmpeg", "ffprobe"]);

let hostile: HostileServer;
let server: TestServer;

interface Owner {
  cookie: string;
  userId: number;
  account: { username: string; email: string; password: string };
}
let a: Owner;
let b: Owner;

/** A's ids, by the resource a path parameter names. */
const ids: Record<string, string> = {};
/** Strings only A's data contains: none of them may appear in an answer to B. */
const secrets: string[] = [];
const marker = `zq${crypto.randomUUID().slice(0, 8)}`;

async function signedIn(): Promise<Owner> {
  const { account, cookie } = await registerAndSignIn(server);
  const me = await (await server.fetch("/api/auth/user", { headers: { cookie } })).json();
  return { account, cookie, userId: me.user.id };
}

beforeAll(async () => {
  if (!ffmpegReady) return;
  hostile = await startHostileServer();
  server = hostile.server;
  [a, b] = [await signedIn(), await signedIn()];
  const client = await createClient(server, a.cookie, `Secretive Holdings ${marker}`, `Private Wealth ${marker}`);
  const mp3 = await makeMp3();
  const response = await upload(
    server,
    uploadForm(new Blob([mp3]), "call.mp3", {
      title: `Estate plan ${marker}`,
      clientId: client.id,
      date: new Date().toISOString(),
    }),
    a.cookie,
  );
  expect(response.status).toBe(201);
  const meeting = (await response.json()) as { id: number };
  // Failed, so a retry by the wrong user would visibly change it (and a retry by A succeeds).
  await server.ctx.db.sql`update meetings set status = 'Failed', failure_reason = ${`reason ${marker}`}
    where id = ${meeting.id}`;
  // As a failed meeting's processing job is: over, so the owner's retry is not refused as still under way.
  await server.ctx.db
    .sql`update jobs set status = 'failed' where meeting_id = ${meeting.id} and kind = 'process-meeting'`;
  const note = await server.fetch("/api/notes", json({ meetingId: meeting.id, content: `note ${marker}` }, a.cookie));
  expect(note.status).toBe(200);
  const checkout = await server.fetch(
    "/api/payments/create-checkout-session",
    json({ productId: "BASIC_SUBSCRIPTION", successUrl: "/payment-success", cancelUrl: "/checkout" }, a.cookie),
  );
  expect(checkout.status).toBe(200);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  hostile.double.setPaymentStatus(sessionId, "paid");
  ids.meeting = String(meeting.id);
  ids.client = String(client.id);
  // A summary with an action item (a task B must not list or change).
  await upsertSummary(server.ctx.db.sql, meeting.id, {
    executiveSummary: `Summary ${marker}`,
    keyPoints: [],
    actionItems: [{ task: `Sign the deed ${marker}`, assignee: "Speaker 1", dueDate: "2030-01-31" }],
    nextMeeting: null,
  });
  const [task] = await server.ctx.db.sql<
    { id: number }[]
  >`select id from action_items where meeting_id = ${meeting.id}`;
  ids.actionItem = String(task!.id);
  ids.checkoutSession = sessionId;
  // A resumable upload A has begun (PATCH and DELETE /api/uploads/:id; HEAD is checked in resumable-uploads.test.ts).
  const begun = await server.fetch("/api/uploads", {
    method: "POST",
    headers: {
      "tus-resumable": "1.0.0",
      "upload-length": "1000",
      cookie: a.cookie,
      "upload-metadata": `meetingData ${Buffer.from(
        JSON.stringify({ title: `Upload ${marker}`, clientId: client.id, date: "2026-05-04T12:00:00Z" }),
      ).toString("base64")}`,
    },
  });
  expect(begun.status).toBe(201);
  ids.upload = begun.headers.get("location")!.split("/").pop()!;
  // A saved Meeting Intelligence conversation, titled with the marker.
  const asked = await server.fetch("/api/search", json({ query: `Estate plan ${marker}?` }, a.cookie));
  expect(asked.status).toBe(200);
  ids.conversation = String(((await asked.json()) as { conversationId: number }).conversationId);
  secrets.push(marker, a.account.email, a.account.username, sessionId);
}, 60_000);

afterAll(async () => {
  await hostile?.stop();
});

/** Which of A's resources a path parameter refers to: its name (":clientId") or the segment before it. */
const RESOURCE_BY_NAME: Record<string, string> = {
  meeting: "meeting",
  meetings: "meeting",
  client: "client",
  clients: "client",
  session: "checkoutSession",
  "action-items": "actionItem",
  conversations: "conversation",
  uploads: "upload",
};

/**
 * Routes whose path parameter is a secret rather than an id: the URL itself is the credential (a calendar app
 * subscribes with no session). api/test/calendar-feed.test.ts checks that guessed, replaced and revoked ones are 404.
 */
const CAPABILITY_ROUTES = ["GET /api/calendar/:file"];

function resourceOf(path: string, param: string): string | undefined {
  if (param !== "id") return RESOURCE_BY_NAME[param.replace(/(_id|Id)$/, "")];
  const segments = path.split("/");
  const before = segments[segments.indexOf(`:${param}`) - 1] ?? "";
  return RESOURCE_BY_NAME[before];
}

/**
 * Fills every id parameter of a path with A's ids (undefined when one cannot be filled), and gives a required query
 * field a plain value ("1"), so the route answers for the id, not for a missing field.
 */
function fillPath(route: ApiRoute): string | undefined {
  let path = route.path;
  for (const param of route.params) {
    const resource = resourceOf(route.path, param);
    const id = resource ? ids[resource] : undefined;
    if (!id) return undefined;
    path = path.replace(`:${param}`, encodeURIComponent(id));
  }
  const required = ((route.query as { required?: string[] } | undefined)?.required ?? []).filter(
    (field) => !idFields(route.query!).some(([name]) => name === field),
  );
  return required.length > 0 ? `${path}?${required.map((field) => `${field}=1`).join("&")}` : path;
}

/** Everything of A's that B could change: compared before and after B's sweep. */
async function snapshotA() {
  const sql = server.ctx.db.sql;
  const meetings = await sql`select id, title, status, failure_reason, client_id, audio_path, updated_at
    from meetings where user_id = ${a.userId} order by id`;
  const clients = await sql`select id, name, type from clients where user_id = ${a.userId} order by id`;
  const notes = await sql`select meeting_id, content, updated_at from notes where user_id = ${a.userId}`;
  const jobs = await sql`select count(*)::int as n from jobs where meeting_id = ${Number(ids.meeting)}`;
  const user = await sql`select subscription_plan, stripe_subscription_id from users where id = ${a.userId}`;
  const tasks = await sql`select a.id, a.task, a.assignee, a.status, a.due_date::text as due from action_items a
    join meetings m on m.id = a.meeting_id where m.user_id = ${a.userId} order by a.id`;
  const summaries = await sql`select s.action_items from summaries s join meetings m on m.id = s.meeting_id
    where m.user_id = ${a.userId} order by s.id`;
  const sessions = await sql`select count(*)::int as n from sessions where (sess->>'userId')::int = ${a.userId}`;
  const followUps = await sql`select count(*)::int as n from follow_ups where user_id = ${a.userId}`;
  const clientEmails = await sql`select id, emails from clients where user_id = ${a.userId} order by id`;
  const conversations = await sql`select c.id, c.title, c.updated_at, count(m.id)::int as messages
    from conversations c left join conversation_messages m on m.conversation_id = c.id
    where c.user_id = ${a.userId} group by c.id order by c.id`;
  const uploads = await sql`select id, upload_offset, updated_at from resumable_uploads where user_id = ${a.userId}`;
  return JSON.stringify({
    uploads,
    meetings,
    clients,
    notes,
    jobs,
    user,
    sessions,
    tasks,
    summaries,
    conversations,
    followUps,
    clientEmails,
    files: recordingFiles(server).sort(),
  });
}

function expectNoLeak(text: string, what: string) {
  for (const secret of secrets) {
    if (text.includes(secret)) throw new Error(`${what} leaked A's data (${secret}): ${text.slice(0, 300)}`);
  }
}

/** Id routes that also take a JSON body: the body B sends with A's id (a valid change, were the id B's). */
const ID_ROUTE_BODIES: Record<string, unknown> = {
  "PATCH /api/action-items/:id": { status: "done", assignee: "B was here", dueDate: "2031-01-01" },
  "PUT /api/meetings/:id/speakers": { from: "Speaker 1", to: "B was here" },
  "POST /api/meetings/:id/follow-up": { to: ["b@example.com"], subject: "B was here", body: "B was here" },
  "POST /api/clients/:id/emails": { email: "b@example.com" },
  "PATCH /api/clients/:id": { name: "B was here", type: "B was here", emails: ["b@example.com"] },
  "PATCH /api/meetings/:id/summary": {
    executiveSummary: "B was here",
    keyPoints: [{ text: "B was here" }],
    reviewed: true,
  },
};

const as = (owner: Owner, method: string, path: string, init: RequestInit = {}) =>
  server.fetch(path, { method, ...init, headers: { cookie: owner.cookie, ...(init.headers ?? {}) } });

describe.skipIf(!ffmpegReady)("IDOR sweep over the route table", () => {
  let idRoutes: ApiRoute[] = [];

  test("every id route of the app can be filled with A's ids", () => {
    const routes = listApiRoutes(server.ctx);
    idRoutes = routes.filter((r) => r.params.some(isIdParam));
    // The sweep covers what exists today, at least these; a route it cannot fill is named here.
    expect(idRoutes.map(routeKey)).toEqual(
      expect.arrayContaining([
        "GET /api/meetings/:id",
        "GET /api/meetings/:id/follow-up",
        "POST /api/meetings/:id/follow-up",
        "GET /api/meetings/:id/export",
        "POST /api/clients/:id/emails",
        "PATCH /api/clients/:id",
        "DELETE /api/meetings/:id",
        "POST /api/meetings/:id/retry",
        "GET /api/meetings/:id/audio",
        "DELETE /api/clients/:id",
        "GET /api/notes/meeting/:id",
        "GET /api/payments/session/:id",
      ]),
    );
    const unfilled = idRoutes
      .filter((r) => !fillPath(r) || (r.body && !(routeKey(r) in ID_ROUTE_BODIES)))
      .map(routeKey);
    expect(unfilled).toEqual([]);
    // A path parameter that is not id-like would escape the sweep: there must be none.
    expect(
      routes
        .filter((r) => r.params.some((p) => !isIdParam(p)) && !CAPABILITY_ROUTES.includes(routeKey(r)))
        .map(routeKey),
    ).toEqual([]);
  });

  test("B gets 404 on every id route with A's ids, without A's data, and A's rows stay unchanged", async () => {
    expect(idRoutes.length).toBeGreaterThan(0);
    const before = await snapshotA();
    const bPlanBefore = await server.ctx.db.sql`select subscription_plan from users where id = ${b.userId}`;
    // Destructive routes last, so each route is tried while A's rows certainly exist.
    const ordered = [...idRoutes].sort((x, y) => Number(x.method === "DELETE") - Number(y.method === "DELETE"));
    for (const route of ordered) {
      const path = fillPath(route)!;
      const body = ID_ROUTE_BODIES[routeKey(route)];
      const response = await as(
        b,
        route.method,
        path,
        body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } },
      );
      const text = await response.text();
      if (response.status !== 404) throw new Error(`${route.method} ${path} as B answered ${response.status}: ${text}`);
      expect(JSON.parse(text).message).toContain("not found");
      expectNoLeak(text + JSON.stringify([...response.headers]), `${route.method} ${path}`);
    }
    expect(await snapshotA()).toBe(before);
    expect(await server.ctx.db.sql`select subscription_plan from users where id = ${b.userId}`).toEqual(bPlanBefore);
  });

  test("query-borne ids: B's lists filtered by A's ids show nothing of A", async () => {
    const routes = listApiRoutes(server.ctx).filter((r) => r.query && idFields(r.query).length > 0);
    expect(routes.map(routeKey)).toContain("GET /api/meetings");
    for (const route of routes) {
      for (const [field] of idFields(route.query!) as [string][]) {
        const resource = RESOURCE_BY_NAME[field.replace(/(_id|Id)$/, "")];
        expect(resource && ids[resource] ? field : `unfillable query id ${field}`).toBe(field);
        const response = await as(b, route.method, `${route.path}?${field}=${ids[resource!]}`);
        const text = await response.text();
        expect([200, 404]).toContain(response.status);
        if (response.status === 200) expect(JSON.parse(text)).toEqual([]);
        expectNoLeak(text, `${route.path}?${field}`);
        // The same filter as A does find A's meeting: the id was live.
        const own = await (await as(a, route.method, `${route.path}?${field}=${ids[resource!]}`)).text();
        expect(own).toContain(marker);
      }
    }
  });

  test("the page routes with ids render no data of A for B", async () => {
    const pages = pageRoutes.filter((p) => /:(\w+)/.test(p.path));
    expect(pages.map((p) => p.path)).toContain("/meetings/:id");
    for (const page of pages) {
      const param = /:(\w+)/.exec(page.path)![1]!;
      const resource = resourceOf(page.path, param);
      expect(resource && ids[resource] ? page.path : `unfillable page ${page.path}`).toBe(page.path);
      const path = page.path.replace(`:${param}`, ids[resource!]!);
      const html = await (await as(b, "GET", path)).text();
      expectNoLeak(html, `page ${path}`);
      expect(await (await as(a, "GET", path)).text()).toContain(marker);
    }
  });
});

describe.skipIf(!ffmpegReady)("body-borne ids", () => {
  /** How each id-like body field is filled with A's value and what B's refused attempt must leave alone. */
  let pendingTid = "";
  const CASES: Record<string, () => Promise<void>> = {
    "POST /api/search conversationId": async () => {
      const response = await as(
        b,
        "POST",
        "/api/search",
        json({ query: "What did we agree?", conversationId: Number(ids.conversation) }),
      );
      expect(response.status).toBe(404);
      expectNoLeak(await response.text(), "POST /api/search");
      const [row] = await server.ctx.db.sql`select count(*)::int as n from conversation_messages
        where conversation_id = ${Number(ids.conversation)}`;
      expect(row!.n).toBe(2);
    },
    "POST /api/meetings/schedule clientId": async () => {
      const title = `B planned ${marker}`;
      const response = await as(
        b,
        "POST",
        "/api/meetings/schedule",
        json({ clientId: Number(ids.client), title, date: new Date().toISOString() }),
      );
      expect(response.status).toBe(400);
      expectNoLeak(await response.text(), "POST /api/meetings/schedule");
      const [row] = await server.ctx.db.sql`select count(*)::int as n from meetings where title = ${title}`;
      expect(row!.n).toBe(0);
    },
    "POST /api/action-items meetingId": async () => {
      const task = `B task ${marker}`;
      const response = await as(b, "POST", "/api/action-items", json({ meetingId: Number(ids.meeting), task }));
      expect(response.status).toBe(404);
      expectNoLeak(await response.text(), "POST /api/action-items");
      const [row] = await server.ctx.db.sql`select count(*)::int as n from action_items where task = ${task}`;
      expect(row!.n).toBe(0);
    },
    "POST /api/action-items clientId": async () => {
      const task = `B client task ${marker}`;
      const response = await as(b, "POST", "/api/action-items", json({ clientId: Number(ids.client), task }));
      expect(response.status).toBe(404);
      expectNoLeak(await response.text(), "POST /api/action-items");
      const [row] = await server.ctx.db.sql`select count(*)::int as n from action_items where task = ${task}`;
      expect(row!.n).toBe(0);
    },
    "POST /api/notes meetingId": async () => {
      const response = await as(
        b,
        "POST",
        "/api/notes",
        json({ meetingId: Number(ids.meeting), content: "B was here" }),
      );
      expect(response.status).toBe(404);
      expectNoLeak(await response.text(), "POST /api/notes");
      const [row] = await server.ctx.db.sql`select count(*)::int as n from notes where user_id = ${b.userId}`;
      expect(row!.n).toBe(0);
    },
    "POST /api/verify-login userId": async () => {
      // B passes the password step for B's own account and holds B's own valid code and browser cookie:
      // swapping in A's user id must not sign B in as A.
      const login = await server.fetch(
        "/api/login",
        json({ username: b.account.username, password: b.account.password }),
      );
      const cookie = mergeCookies("", login);
      const code = await latestCodeFor(server.ctx.config.dataDir, b.account.email);
      const response = await server.fetch("/api/verify-login", json({ userId: a.userId, code }, cookie));
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.headers.getSetCookie().some((c) => c.startsWith("cm_session="))).toBe(false);
      expectNoLeak(await response.text(), "POST /api/verify-login");
    },
    "POST /api/resend-verification userId": async () => {
      const login = await server.fetch(
        "/api/login",
        json({ username: b.account.username, password: b.account.password }),
      );
      const cookie = mergeCookies("", login);
      const mailsToA = async () =>
        (await readOutbox(server.ctx.config.dataDir)).filter((m: { to: string }) => m.to === a.account.email).length;
      const before = await mailsToA();
      await server.ctx.db.sql`update verification_codes set created_at = now() - interval '2 minutes'`;
      const response = await server.fetch("/api/resend-verification", json({ userId: a.userId }, cookie));
      expect(response.status).toBe(401);
      expect(await mailsToA()).toBe(before);
    },
    "POST /api/register tempUserId": async () => {
      // A visitor starts a paid sign-up; another visitor who is not given its temporary id cannot use
      // a guessed one, and even the real id creates no account while the payment is unconfirmed.
      const start = await server.fetch(
        "/api/payments/create-checkout-session",
        json({
          productId: "REGISTRATION_PREMIUM",
          successUrl: "/register?step=3",
          cancelUrl: "/register",
          metadata: { email: `p${marker}@example.com`, username: `p${marker}`, fullName: `P ${marker}` },
        }),
      );
      expect(start.status).toBe(200);
      const tid = hostile.double.lastSession().metadata.tempUserId!;
      pendingTid = tid;
      const response = await server.fetch(
        "/api/register",
        json({ email: "x@example.com", username: "x", password: "hijack-password-1", fullName: "x", tempUserId: tid }),
      );
      expect(response.status).toBe(402);
      const [row] = await server.ctx.db.sql`select count(*)::int as n from users where username = ${`p${marker}`}`;
      expect(row!.n).toBe(0);
    },
    "POST /api/payments/create-checkout-session metadata.tempUserId": async () => {
      const tid = pendingTid;
      expect(tid).not.toBe("");
      const response = await server.fetch(
        "/api/payments/create-checkout-session",
        json({
          productId: "REGISTRATION_PREMIUM",
          successUrl: "/register?step=3",
          cancelUrl: "/register",
          metadata: { tempUserId: tid, email: `q${marker}@example.com`, username: `q${marker}`, fullName: "Q" },
        }),
      );
      expect(response.status).toBe(200);
      // The id sent is ignored: the new sign-up gets its own id and A's pending row is untouched.
      expect(hostile.double.lastSession().metadata.tempUserId).not.toBe(tid);
      const [row] = await server.ctx.db.sql`select email from pending_registrations where id = ${tid}`;
      expect(row!.email).toBe(`p${marker}@example.com`);
    },
  };

  /** Id-like fields that name nothing a user owns. */
  const NOT_OWNED: Record<string, string> = {
    "POST /api/payments/create-checkout-session productId": "a plan of the public catalogue",
    "POST /api/payments/create-checkout-session priceId": "ignored: the server uses the configured price",
  };

  test("every id-like body field of every JSON route has a case, and each refuses A's ids", async () => {
    const fields = listApiRoutes(server.ctx).flatMap((route) =>
      route.body
        ? idFields(route.body).map((field) => ({ route, field, key: `${routeKey(route)} ${field.join(".")}` }))
        : [],
    );
    expect(fields.length).toBeGreaterThanOrEqual(5);
    expect(fields.map((f) => f.key).filter((key) => !CASES[key] && !NOT_OWNED[key])).toEqual([]);
    for (const { key } of fields) await CASES[key]?.();
  });

  test("an upload naming A's client is refused and stores nothing", async () => {
    const files = recordingFiles(server).length;
    const response = await upload(
      server,
      uploadForm(new Blob(["Ann: hello\nBob: hi"]), "b.txt", {
        title: `B upload ${marker}`,
        clientId: Number(ids.client),
        date: new Date().toISOString(),
      }),
      b.cookie,
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expectNoLeak(await response.text(), "upload");
    const [row] = await server.ctx.db
      .sql`select count(*)::int as n from meetings where title = ${`B upload ${marker}`}`;
    expect(row!.n).toBe(0);
    await Bun.sleep(100);
    expect(recordingFiles(server).length).toBe(files);
  });
});

describe.skipIf(!ffmpegReady)("A's own ids were live", () => {
  test("the same routes answer A with A's data (so B's 404s were refusals, not dead ids)", async () => {
    for (const route of listApiRoutes(server.ctx).filter((r) => r.params.some(isIdParam) && r.method === "GET")) {
      const response = await as(a, "GET", fillPath(route)!);
      expect(`${route.path} ${response.status}`).toBe(`${route.path} 200`);
      if (route.path === "/api/payments/session/:id") expect((await response.json()).paid).toBe(true);
    }
    expect((await as(a, "POST", `/api/meetings/${ids.meeting}/retry`)).status).toBe(200);
    expect((await as(a, "DELETE", `/api/meetings/${ids.meeting}`)).status).toBe(200);
    expect((await as(a, "DELETE", `/api/clients/${ids.client}`)).status).toBe(200);
  });
});
