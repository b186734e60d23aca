// Follow-up e-mail (issue 14): the draft from the meeting, sending through the configured mail (the dev outbox here)
// with the advisor as reply-to, the record on the meeting, and every refusal with a message.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { upsertTranscript } from "@cm/db/queries/meeting-content";
import { upsertSummary } from "@cm/db/queries/summaries";
import { insertUser } from "@cm/db/queries/users";
import { readOutbox } from "../src/mail/mailer";
import { createSession } from "../src/modules/auth/session-service";
import { json, registerAndSignIn } from "./auth-helpers";
import { seedClient, seedProcessedMeeting } from "./support/seed-meeting";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;
let userId: number;
let advisorEmail: string;
let meetingId: number;
let clientId: number;

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await registerAndSignIn(server);
  cookie = signedIn.cookie;
  advisorEmail = signedIn.account.email;
  userId = (await (await server.fetch("/api/auth/user", { headers: { cookie } })).json()).user.id;
  const created = await server.fetch(
    "/api/clients",
    json(
      { name: "Hendricks Family Trust", type: "Wealth Management", emails: [" margaret@hendricks.example "] },
      cookie,
    ),
  );
  expect(created.status).toBe(201);
  clientId = (await created.json()).id;
  meetingId = await seedProcessedMeeting(server.ctx.db.sql, userId, clientId, {
    title: "Quarterly review",
    date: new Date("2026-03-10T12:00:00Z"),
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

const get = (path: string, c = cookie) => server.fetch(path, { headers: { cookie: c } });
const send = (body: unknown, id = meetingId, c = cookie) =>
  server.fetch(`/api/meetings/${id}/follow-up`, json(body, c));
const mails = () =>
  readOutbox(server.ctx.config.dataDir).then((all) => all.filter((m) => m.subject.startsWith("Follow-up")));

describe("client e-mail addresses", () => {
  test("create stores them trimmed, the list shows them, a bad one is refused; PATCH takes no single `email`", async () => {
    const list = await (await get("/api/clients")).json();
    expect(list.find((c: { id: number }) => c.id === clientId).emails).toEqual(["margaret@hendricks.example"]);
    const bad = await server.fetch(
      "/api/clients",
      json({ name: "Bad Mail", type: "Legal", emails: ["not-an-address"] }, cookie),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("email");
    const patch = await server.fetch(`/api/clients/${clientId}`, {
      ...json({ email: "x@example.com" }, cookie),
      method: "PATCH",
    });
    // The old single-address field is not a field of PATCH any more (it takes the whole `emails` list).
    expect(patch.status).toBe(400);
    expect((await (await get("/api/clients")).json()).find((c: { id: number }) => c.id === clientId).emails).toEqual([
      "margaret@hendricks.example",
    ]);
    const add = await server.fetch(
      `/api/clients/${clientId}/emails`,
      json({ email: "claire@hendricks.example" }, cookie),
    );
    expect(add.status).toBe(201);
    expect((await add.json()).emails).toEqual(["margaret@hendricks.example", "claire@hendricks.example"]);
  }, 30_000);
});

describe("the draft", () => {
  test("is addressed to the client and has greeting, recap, decisions, action items and next meeting", async () => {
    const response = await get(`/api/meetings/${meetingId}/follow-up`);
    expect(response.status).toBe(200);
    const draft = await response.json();
    expect(draft.to).toEqual(["margaret@hendricks.example", "claire@hendricks.example"]);
    expect(draft.subject).toBe("Follow-up: Quarterly review (March 10, 2026)");
    expect(draft.body).toStartWith("Hello Hendricks Family Trust,\n");
    expect(draft.body).toContain("Thank you for meeting with me on March 10, 2026 about Quarterly review.");
    // The executive summary is a narrator's account: the e-mail does not copy it.
    expect(draft.body).not.toContain("The trustees approved");
    // Key points are the notes' account of the talk, not the letter's: the meeting page has them.
    expect(draft.body).not.toContain("Rebalance toward bonds");
    // Morgan Reyes is neither this advisor (Avery) nor the client: their step stays on the meeting page.
    expect(draft.body).not.toContain("Send the trade list");
    expect(draft.body).toContain(
      "## Next meeting\n\nWe plan to meet again on February 18, 2027 to cover the June review and the 529 plan.",
    );
    expect(draft.body).toContain("Best regards,\nAvery Advisor");
    expect(draft.sent).toEqual([]);
  });

  test("to a household, its person who spoke in the meeting is 'you'; a guest who is not family keeps their name", async () => {
    const household = await seedClient(server.ctx.db.sql, userId, "Nakashima Household", "Retirement Planning");
    const [row] = await server.ctx.db.sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, status, source_kind)
      values (${userId}, ${household.id}, 'Pension options', now(), 'Processed', 'transcript') returning id`;
    const id = Number(row!.id);
    await upsertTranscript(server.ctx.db.sql, {
      meetingId: id,
      fullText: "Avery Advisor: Shall we look at the pension?\nKenji Nakashima: Yes.\nOwen Price: I can help.",
      segments: [
        { start: 0, end: 2, speaker: "Avery Advisor", text: "Shall we look at the pension?" },
        { start: 2, end: 3, speaker: "Kenji Nakashima", text: "Yes." },
        { start: 3, end: 4, speaker: "Owen Price", text: "I can help." },
      ],
    });
    await upsertSummary(server.ctx.db.sql, id, {
      executiveSummary: "Purpose: pension options.",
      keyPoints: ["Kenji prefers the annuity"],
      decisions: ["Avery will send Kenji the annuity quotes", "Owen will check Kenji's tax position"],
      actionItems: [{ task: "Call Owen about the tax position", assignee: "Kenji" }],
      nextMeeting: null,
    });
    const draft = await (await get(`/api/meetings/${id}/follow-up`)).json();
    expect(draft.body).toContain(
      "## What we decided\n\n- I will send you the annuity quotes\n- Owen will check your tax position",
    );
    expect(draft.body).toContain("## What you agreed to do\n\n- Call Owen about the tax position");
  }, 30_000);

  test("a meeting still processing answers 409; another user's meeting 404", async () => {
    const [row] = await server.ctx.db.sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, status, source_kind)
      values (${userId}, ${clientId}, 'In progress', now(), 'Processing', 'transcript') returning id`;
    const response = await get(`/api/meetings/${row!.id}/follow-up`);
    expect(response.status).toBe(409);
    expect((await response.json()).message).toContain("still being processed");
    const post = await send({ to: ["a@example.com"], subject: "Hi", body: "Hello" }, row!.id);
    expect(post.status).toBe(409);
    const other = await registerAndSignIn(server);
    expect((await get(`/api/meetings/${meetingId}/follow-up`, other.cookie)).status).toBe(404);
    expect((await send({ to: ["a@example.com"], subject: "Hi", body: "x" }, meetingId, other.cookie)).status).toBe(404);
  }, 30_000);
});

describe("sending", () => {
  test("goes out through the outbox to every recipient, the advisor as reply-to, and is recorded", async () => {
    const draft = await (await get(`/api/meetings/${meetingId}/follow-up`)).json();
    // The advisor edits the draft before sending: a list item and markup of their own.
    const body = `${draft.body}\n\n- Sign page four of the trust deed\n\n<script>alert(1)</script> **Thanks** again`;
    const response = await send({ to: draft.to, subject: draft.subject, body });
    expect(response.status).toBe(201);
    const sent = await response.json();
    expect(sent.to).toEqual(["margaret@hendricks.example", "claire@hendricks.example"]);
    const [mail] = (await mails()).slice(-1);
    expect(mail!.to).toBe("margaret@hendricks.example, claire@hendricks.example");
    expect(mail!.replyTo).toBe(advisorEmail);
    expect(mail!.subject).toBe("Follow-up: Quarterly review (March 10, 2026)");
    expect(mail!.text).toContain(
      "We plan to meet again on February 18, 2027 to cover the June review and the 529 plan.",
    );
    expect(mail!.text).toContain("- Sign page four of the trust deed");
    expect(mail!.html).toContain("<li");
    expect(mail!.html).toContain("<strong>Thanks</strong>");
    expect(mail!.html).toContain("&lt;script&gt;");
    expect(mail!.html).not.toContain("<script>");
    const again = await (await get(`/api/meetings/${meetingId}/follow-up`)).json();
    expect(again.sent).toHaveLength(1);
    expect(again.sent[0].to).toEqual(sent.to);
    expect(Date.parse(again.sent[0].sentAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  test("bad input answers 400 with a message and sends nothing", async () => {
    const before = (await mails()).length;
    const cases: [unknown, string][] = [
      [{ to: ["not an address"], subject: "S", body: "B" }, "not a valid e-mail address"],
      [{ to: ["a@b"], subject: "S", body: "B" }, "not a valid e-mail address"],
      [{ to: [], subject: "S", body: "B" }, "at least one recipient"],
      [{ to: Array.from({ length: 11 }, (_, i) => `p${i}@example.com`), subject: "S", body: "B" }, "at most 10"],
      [{ to: ["a@example.com"], subject: "  ", body: "B" }, "subject is required"],
      [{ to: ["a@example.com"], subject: "One\r\nBcc: x@evil.example", body: "B" }, "subject must be one line"],
      [{ to: ["a@example.com"], subject: "S", body: "x".repeat(50 * 1024 + 1) }, "larger than 50 KB"],
      [{ to: ["a@example.com"], subject: "S", body: " " }, "body is required"],
      [{ to: "a@example.com", subject: "S", body: "B" }, "validation"],
    ];
    for (const [body, message] of cases) {
      const response = await send(body);
      expect(`${response.status}`).toBe("400");
      expect((await response.json()).message).toContain(message);
    }
    // Exactly 50 KB is allowed (checked without sending: an unknown meeting answers 404 after validation).
    expect((await send({ to: ["a@example.com"], subject: "S", body: "x".repeat(50 * 1024) }, 999_999)).status).toBe(
      404,
    );
    expect((await mails()).length).toBe(before);
  });

  test("is rate-limited per user: 429 with Retry-After past the hourly limit", async () => {
    const message = { to: ["margaret@hendricks.example"], subject: "Follow-up", body: "Hello again" };
    let status = 0;
    let sentCount = 0;
    for (let i = 0; i < 25 && status !== 429; i++) {
      const response = await send(message);
      status = response.status;
      if (status === 201) sentCount++;
      if (status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect((await response.json()).message).toContain("Too many follow-up e-mails");
      }
    }
    expect(status).toBe(429);
    // The first test sent one: 20 an hour in all.
    expect(sentCount).toBe(19);
    // Another user is not affected.
    const other = await registerAndSignIn(server);
    const otherId = (await (await server.fetch("/api/auth/user", { headers: { cookie: other.cookie } })).json()).user
      .id;
    const otherClient = await seedClient(server.ctx.db.sql, otherId, "Other Client");
    const otherMeeting = await seedProcessedMeeting(server.ctx.db.sql, otherId, otherClient.id, {
      title: "Other",
      date: new Date(),
    });
    expect((await send({ ...message, to: [other.account.email] }, otherMeeting, other.cookie)).status).toBe(201);
  }, 60_000);
});

describe("a mail service that fails", () => {
  test("answers 502 with a message and records nothing", async () => {
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
    const url = `http://127.0.0.1:${closed.port}`;
    await closed.stop(true);
    const failing = await startTestServer({ RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: url });
    try {
      const signedInUser = await createSignedInUser(failing);
      const client = await seedClient(failing.ctx.db.sql, signedInUser.id, "Unreachable Client");
      const id = await seedProcessedMeeting(failing.ctx.db.sql, signedInUser.id, client.id, {
        title: "Review",
        date: new Date(),
      });
      const response = await failing.fetch(
        `/api/meetings/${id}/follow-up`,
        json({ to: ["advisor@example.com"], subject: "Follow-up", body: "Hello" }, signedInUser.cookie),
      );
      expect(response.status).toBe(502);
      expect((await response.json()).message).toContain("could not be sent");
      const [row] = await failing.ctx.db.sql<{ n: number }[]>`select count(*)::int as n from follow_ups`;
      expect(row!.n).toBe(0);
    } finally {
      await failing.stop();
    }
  }, 60_000);
});

/** A user with a session, straight in the database (the sign-in flow is tested elsewhere). */
async function createSignedInUser(on: TestServer) {
  const user = await insertUser(on.ctx.db.sql, {
    username: `fu${Date.now().toString(36)}`,
    passwordHash: "not-used",
    email: "advisor@example.com",
    fullName: "Dana Advisor",
  });
  const sid = await createSession(on.ctx.db.sql, user.id);
  return { id: user.id, cookie: `cm_session=${sid}` };
}
