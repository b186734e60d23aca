// Follow-ups go only to people the advisor knows: the client's contact addresses and the advisor's own. Adding an
// address is its own request, capped per account per day (counted in PostgreSQL); subjects and bodies refuse the
// characters that split or forge mail headers.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { readOutbox } from "../src/mail/mailer";
import { NEW_ADDRESS_LIMIT } from "../src/modules/clients/client-addresses";
import { findSubjectProblem } from "../src/modules/follow-up/message-text";
import { json, registerAndSignIn } from "./auth-helpers";
import { seedProcessedMeeting } from "./support/seed-meeting";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let cookie: string;
let advisorEmail: string;
let clientId: number;
let meetingId: number;

const CLIENT = "Okafor Estate";
const CONTACT = "ada@okafor.example";

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await registerAndSignIn(server);
  cookie = signedIn.cookie;
  advisorEmail = signedIn.account.email;
  const userId = (await (await server.fetch("/api/auth/user", { headers: { cookie } })).json()).user.id;
  const created = await server.fetch("/api/clients", json({ name: CLIENT, type: "Legal", emails: [CONTACT] }, cookie));
  expect(created.status).toBe(201);
  clientId = (await created.json()).id;
  meetingId = await seedProcessedMeeting(server.ctx.db.sql, userId, clientId, {
    title: "Estate plan",
    date: new Date(),
  });
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const send = (body: Record<string, unknown>, c = cookie) =>
  server.fetch(`/api/meetings/${meetingId}/follow-up`, json({ subject: "Follow-up", body: "Hello", ...body }, c));
const addEmail = (email: string, id = clientId, c = cookie) =>
  server.fetch(`/api/clients/${id}/emails`, json({ email }, c));
const sentMails = async () => (await readOutbox(server.ctx.config.dataDir)).filter((m) => m.subject === "Follow-up");

describe("recipients", () => {
  test("the draft lists the client's contacts and the advisor's own address", async () => {
    const draft = await (await server.fetch(`/api/meetings/${meetingId}/follow-up`, { headers: { cookie } })).json();
    expect(draft.to).toEqual([CONTACT]);
    expect(draft.contacts).toEqual([CONTACT]);
    expect(draft.ownAddress).toBe(advisorEmail);
  });

  test("an address that is not the client's nor the advisor's answers 400 naming it, and nothing is sent", async () => {
    const before = (await sentMails()).length;
    const response = await send({ to: [CONTACT, "victim@elsewhere.example"] });
    expect(response.status).toBe(400);
    const message = (await response.json()).message as string;
    expect(message).toContain("victim@elsewhere.example");
    expect(message).toContain(`${CLIENT}'s contact`);
    expect((await sentMails()).length).toBe(before);
  });

  test("the client's contacts (any case) and the advisor's own address are accepted", async () => {
    const response = await send({ to: ["ADA@okafor.example", advisorEmail] });
    expect(response.status).toBe(201);
    expect((await sentMails()).at(-1)?.to).toBe(`ADA@okafor.example, ${advisorEmail}`);
  });

  test("adding an address to the client lets the follow-up go to it; adding it again changes nothing", async () => {
    const added = await addEmail(" ben@okafor.example ");
    expect(added.status).toBe(201);
    expect((await added.json()).emails).toEqual([CONTACT, "ben@okafor.example"]);
    const again = await addEmail("BEN@okafor.example");
    expect(again.status).toBe(200);
    expect((await again.json()).emails).toEqual([CONTACT, "ben@okafor.example"]);
    expect((await send({ to: ["ben@okafor.example"] })).status).toBe(201);
    const list = await (await server.fetch("/api/clients", { headers: { cookie } })).json();
    expect(list.find((c: { id: number }) => c.id === clientId).emails).toEqual([CONTACT, "ben@okafor.example"]);
  });

  test("a bad address is refused with 400; another account's client answers 404 and is not changed", async () => {
    const bad = await addEmail("two@@okafor.example");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("email");
    const other = await registerAndSignIn(server);
    expect((await addEmail("mallory@evil.example", clientId, other.cookie)).status).toBe(404);
    const [row] = await server.ctx.db.sql<{ emails: string[] }[]>`select emails from clients where id = ${clientId}`;
    expect(row!.emails).not.toContain("mallory@evil.example");
  }, 30_000);
});

describe("the daily cap on new addresses", () => {
  test(`past ${NEW_ADDRESS_LIMIT.limit} new addresses a day (on create and added) answers 429; known ones still work`, async () => {
    const account = await registerAndSignIn(server);
    const own = (email: string, id: number) => addEmail(email, id, account.cookie);
    const created = await server.fetch(
      "/api/clients",
      json({ name: "Many", type: "Legal", emails: ["a0@many.example", "a1@many.example"] }, account.cookie),
    );
    expect(created.status).toBe(201);
    const manyId = (await created.json()).id;
    for (let i = 2; i < NEW_ADDRESS_LIMIT.limit; i++)
      expect((await own(`a${i}@many.example`, manyId)).status).toBe(201);
    const refused = await own("one-too-many@many.example", manyId);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3600);
    expect((await refused.json()).message).toContain("at most 20 new contact addresses a day");
    // Creating a client with an address counts too; an address the client already has costs nothing.
    const viaCreate = await server.fetch(
      "/api/clients",
      json({ name: "Another", type: "Legal", emails: ["b@another.example"] }, account.cookie),
    );
    expect(viaCreate.status).toBe(429);
    expect((await own("a5@many.example", manyId)).status).toBe(200);
    // The count lives in PostgreSQL's rate_limits (shared by every process), not in this process's memory.
    const [row] = await server.ctx.db.sql<{ count: number }[]>`
      select max(count)::int as count from rate_limits where scope = ${NEW_ADDRESS_LIMIT.scope}`;
    expect(row!.count).toBeGreaterThan(NEW_ADDRESS_LIMIT.limit);
    // Another account is not affected.
    expect((await addEmail("cy@okafor.example")).status).toBe(201);
  }, 60_000);
});

const FORBIDDEN = [
  ...Array.from({ length: 0x20 }, (_, code) => code),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x2028,
  0x2029,
].map((code) => String.fromCharCode(code));

describe("subject and body", () => {
  test("a subject with any control or line-separator character anywhere is refused, naming the subject", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...FORBIDDEN), fc.string(), (before, bad, after) => {
        expect(findSubjectProblem(`${before}${bad}${after}`)).toContain("subject");
      }),
      { numRuns: 2000 },
    );
  });

  test("a subject of printable text is accepted", () => {
    const printable = fc.string({ unit: "grapheme" }).filter((s) => !FORBIDDEN.some((c) => s.includes(c)));
    fc.assert(
      fc.property(printable, (subject) => {
        expect(findSubjectProblem(subject)).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  test("over HTTP: U+0085, U+2028, U+2029, vertical tab, DEL and CR LF in the subject answer 400 naming it", async () => {
    for (const bad of ["\u0085", "\u2028", "\u2029", "\u000b", "\u007f", "\r\nBcc: x@evil.example"]) {
      const response = await send({ to: [CONTACT], subject: `Follow-up${bad}Bcc: x@evil.example` });
      expect(`${response.status} ${JSON.stringify(bad)}`).toBe(`400 ${JSON.stringify(bad)}`);
      expect((await response.json()).message).toContain("subject");
    }
  });

  test("a body with NUL, a bare carriage return or a C1 control answers 400 naming the body; CR LF is fine", async () => {
    for (const bad of ["Hello\u0000", "Hello\rBcc: x@evil.example", "Hello\u0085there"]) {
      const response = await send({ to: [CONTACT], body: bad });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toContain("body");
    }
    expect((await send({ to: [CONTACT], body: "Hello\r\nthere\r\n\tindented" })).status).toBe(201);
    expect((await sentMails()).at(-1)?.text).toContain("Hello\nthere");
  });

  test("recipients with header-shaped text are refused as addresses", async () => {
    for (const bad of [`${CONTACT}\r\nBcc: x@evil.example`, `${CONTACT}, x@evil.example`, `"Ada" <${CONTACT}>`]) {
      const response = await send({ to: [bad] });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toContain("to");
    }
  });
});
