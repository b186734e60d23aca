// Every kind of thing an account makes has a limit (issue 37): meetings (planned ones too), clients, a note's length,
// action items of a meeting or client, contact addresses of a client. Each is refused at its edge with 429 (a count)
// or 413 (a size), saying used, limit, left and freesAt, and nothing is written; parallel requests cannot both slip
// under a count. GET /api/usage reports them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { json } from "./auth-helpers";
import {
  type LimitRefusal,
  type LimitsUser,
  noteText,
  saveNote,
  schedule,
  signedInWithClient,
  usageOf,
} from "./support/account-limits";
import { uploadRecording } from "./support/meeting-steps";
import { startTestServer, type TestServer } from "./test-server";

const LIMITS = {
  MEETINGS_PER_ACCOUNT: "3",
  CLIENTS_PER_ACCOUNT: "2",
  NOTE_MAX_CHARACTERS: "1000",
  ACTION_ITEMS_PER_MEETING: "2",
  CONTACTS_PER_CLIENT: "2",
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(LIMITS);
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

async function refusal(response: Response, status: number, code: string): Promise<LimitRefusal> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as LimitRefusal;
  expect(body.code).toBe(code);
  return body;
}

const count = async (sql: string, userId: number) => {
  const [row] = await server.ctx.db.sql.unsafe<{ n: number }[]>(sql, [userId]);
  return row!.n;
};
const meetingsOf = (user: LimitsUser) => count("select count(*)::int as n from meetings where user_id = $1", user.id);

async function scheduledId(user: LimitsUser) {
  const response = await schedule(server, user);
  expect(response.status).toBe(201);
  return (await response.json()).id as number;
}

function uploadTranscript(user: LimitsUser) {
  const bytes = new TextEncoder().encode("Advisor: We reviewed the pension transfer.\n");
  return uploadRecording(
    server,
    user.cookie,
    { title: "Review", clientId: user.clientId },
    { bytes, filename: "review.txt", type: "text/plain" },
  );
}

describe("meetings per account", () => {
  test("planned meetings count: past the limit 429 names it, nothing is written; deleting one frees a place", async () => {
    const user = await signedInWithClient(server);
    const ids = [await scheduledId(user), await scheduledId(user), await scheduledId(user)];
    const body = await refusal(await schedule(server, user), 429, "meetings_limit");
    expect(body).toMatchObject({ quota: "meetings", used: 3, limit: 3, left: 0, freesAt: null });
    expect(body.message).toBe(
      "Meeting limit reached: your account may have 3 meetings, planned ones included. " +
        "Delete meetings you no longer need to add more.",
    );
    expect(await meetingsOf(user)).toBe(3);

    // An upload making a new meeting is refused the same way, and leaves nothing.
    await refusal(await uploadTranscript(user), 429, "meetings_limit");
    expect(await meetingsOf(user)).toBe(3);

    const deleted = await server.fetch(`/api/meetings/${ids[0]}`, {
      method: "DELETE",
      headers: { cookie: user.cookie },
    });
    expect(deleted.ok).toBe(true);
    expect((await uploadTranscript(user)).status).toBe(201);
    expect(await meetingsOf(user)).toBe(3);
  });

  test("parallel requests at the edge: exactly the limit is written", async () => {
    const user = await signedInWithClient(server);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => schedule(server, user)),
      ...Array.from({ length: 2 }, () => uploadTranscript(user)),
    ]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    expect(await meetingsOf(user)).toBe(3);
  });
});

describe("clients per account", () => {
  test("past the limit 429, no client written; parallel creates cannot both take the last place", async () => {
    const user = await signedInWithClient(server); // its first client
    const answers = await Promise.all(
      ["Lindqvist Trust", "Haddad Estate", "Moreau Pension"].map((name) =>
        server.fetch("/api/clients", json({ name, type: "Trust" }, user.cookie)),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 429, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    const body = await refusal(refused, 429, "clients_limit");
    expect(body).toMatchObject({ quota: "clients", used: 2, limit: 2, left: 0 });
    expect(body.message).toContain("your account may have 2 clients");
    expect(await count("select count(*)::int as n from clients where user_id = $1", user.id)).toBe(2);
  });
});

describe("a note's length", () => {
  test("one character past the limit is 413 naming both lengths; nothing saved; at the limit it saves", async () => {
    const user = await signedInWithClient(server);
    const meetingId = await scheduledId(user);
    const body = await refusal(await saveNote(server, user, meetingId, noteText(1001)), 413, "note_length");
    expect(body).toMatchObject({ quota: "noteCharacters", used: 1001, limit: 1000, left: 0 });
    expect(body.message).toStartWith("Note too long: a note may have 1,000 characters and this one has 1,001.");
    const note = await (
      await server.fetch(`/api/notes/meeting/${meetingId}`, { headers: { cookie: user.cookie } })
    ).json();
    expect(note.content).toBe("");
    expect((await saveNote(server, user, meetingId, noteText(1000))).status).toBe(200);
  });
});

describe("action items of a meeting or client", () => {
  test("past the limit 429, the task not added; a client's own tasks have the same limit", async () => {
    const user = await signedInWithClient(server);
    const meetingId = await scheduledId(user);
    const add = (target: { meetingId: number } | { clientId: number }, task: string) =>
      server.fetch("/api/action-items", json({ ...target, task }, user.cookie));
    const answers = await Promise.all(
      ["Send the form", "Call the bank", "Book a review"].map((t) => add({ meetingId }, t)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 429]);
    const body = await refusal(answers.find((answer) => answer.status === 429)!, 429, "actionItems_limit");
    expect(body).toMatchObject({ quota: "actionItems", used: 2, limit: 2, left: 0 });
    expect(body.message).toContain("a meeting or client may have 2 action items");
    expect(await count("select count(*)::int as n from action_items where meeting_id = $1", meetingId)).toBe(2);

    expect((await add({ clientId: user.clientId }, "Renew the trust deed")).status).toBe(201);
    expect((await add({ clientId: user.clientId }, "Check the fees")).status).toBe(201);
    await refusal(await add({ clientId: user.clientId }, "One more"), 429, "actionItems_limit");
  });
});

describe("contact addresses of a client", () => {
  test("on create, one by one and on edit: past the limit 429 and the client is unchanged", async () => {
    const user = await signedInWithClient(server);
    const three = ["a@example.com", "b@example.com", "c@example.com"];
    const created = await server.fetch(
      "/api/clients",
      json({ name: "Nakamura Holdings", type: "Corporate", emails: three }, user.cookie),
    );
    const body = await refusal(created, 429, "contacts_limit");
    expect(body).toMatchObject({ quota: "contacts", used: 3, limit: 2, left: 0 });
    expect(body.message).toContain("a client may have 2 contact addresses");
    expect(await count("select count(*)::int as n from clients where user_id = $1", user.id)).toBe(1);

    const addTo = (email: string) => server.fetch(`/api/clients/${user.clientId}/emails`, json({ email }, user.cookie));
    expect((await addTo(three[0]!)).status).toBe(201);
    expect((await addTo(three[1]!)).status).toBe(201);
    await refusal(await addTo(three[2]!), 429, "contacts_limit");
    const patched = await server.fetch(`/api/clients/${user.clientId}`, {
      ...json({ emails: three }, user.cookie),
      method: "PATCH",
    });
    await refusal(patched, 429, "contacts_limit");
    const [client] = await server.ctx.db.sql<{ emails: string[] }[]>`
      select emails from clients where id = ${user.clientId}`;
    expect(client!.emails).toEqual(three.slice(0, 2));
  });
});

describe("GET /api/usage", () => {
  test("reports meetings, clients, creations and the limits on one note, meeting or client", async () => {
    const user = await signedInWithClient(server);
    await scheduledId(user);
    const usage = await usageOf(server, user.cookie);
    expect(usage.meetings).toMatchObject({ used: 1, limit: 3, left: 2 });
    expect(usage.clients).toMatchObject({ used: 1, limit: 2, left: 1 });
    expect(usage.creations.used).toBe(2); // the client and the planned meeting
    expect(usage.creations.freesAt).not.toBeNull();
    expect(usage.perItem).toEqual({ noteCharacters: 1000, actionItemsPerMeeting: 2, contactsPerClient: 2 });
    expect(usage.dataBytes).toBeGreaterThan(0);
    expect(usage.storage.used).toBe(usage.dataBytes);
  });
});
