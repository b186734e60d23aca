// A long meeting is read in pages: the meeting answer and page carry the transcript's opening and its totals, the
// rest comes in bounded ranges of segments and of text, and a find searches the whole transcript. Only the owner
// reads them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { buildBigTranscript, seedBigMeeting } from "./support/big-meeting";
import { seedClient } from "./support/seed-meeting";
import { createSignedInUser } from "./support/signed-in-user";
import { startTestServer, type TestServer } from "./test-server";

/** No answer a transcript makes is larger than this. */
const ANSWER_BUDGET = 300 * 1024;
/** The page's HTML holds the opening twice (rendered, and as the data handed to the client). */
const PAGE_BUDGET = 600 * 1024;

let server: TestServer;
let owner: { id: number; cookie: string };
let stranger: { id: number; cookie: string };
let meetingId: number;
const transcript = buildBigTranscript(4);

beforeAll(async () => {
  server = await startTestServer();
  owner = await createSignedInUser(server.ctx.db.sql, "range_owner");
  stranger = await createSignedInUser(server.ctx.db.sql, "range_stranger");
  const client = await seedClient(server.ctx.db.sql, owner.id, "Harbor Family Trust");
  meetingId = await seedBigMeeting(server.ctx.db.sql, { userId: owner.id, clientId: client.id, transcript });
}, 120_000);
afterAll(() => server.stop());

const get = (path: string, cookie = owner.cookie) => server.fetch(path, { headers: { cookie } });

async function readJson(path: string) {
  const response = await get(path);
  const body = await response.text();
  expect(response.status).toBe(200);
  expect(Buffer.byteLength(body)).toBeLessThan(ANSWER_BUDGET);
  return JSON.parse(body);
}

describe("the meeting answer and page of a 4 MB meeting", () => {
  test("carry the opening under budget, the totals and every speaker", async () => {
    const meeting = await readJson(`/api/meetings/${meetingId}`);
    const total = transcript.segments.length;
    expect(meeting.transcript.segmentCount).toBe(total);
    expect(meeting.transcript.fullTextLength).toBe([...transcript.fullText].length);
    expect(meeting.transcript.segments.length).toBeGreaterThan(100);
    expect(meeting.transcript.segments.length).toBeLessThan(total);
    expect(meeting.transcript.segments).toEqual(transcript.segments.slice(0, meeting.transcript.segments.length));
    expect(transcript.fullText.startsWith(meeting.transcript.fullText)).toBe(true);
    expect(meeting.transcript.speakers).toEqual(["Avery Stone", "Jun Park", "Quinn Late"]);
    expect(meeting.summary).toBeNull();
    expect(meeting.title).toBe("Annual review, all day");
  });

  test("the server-rendered page stays under its budget and shows the opening", async () => {
    const response = await get(`/meetings/${meetingId}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(Buffer.byteLength(html)).toBeLessThan(PAGE_BUDGET);
    expect(html).toContain("Annual review, all day");
  });
});

describe("segment ranges", () => {
  test("read one after another from each answer's end, they give back every segment", async () => {
    const segments: unknown[] = [];
    let from = 0;
    for (;;) {
      const range = await readJson(`/api/meetings/${meetingId}/transcript?from=${from}`);
      expect(range.from).toBe(from);
      expect(range.total).toBe(transcript.segments.length);
      segments.push(...range.segments);
      if (range.to >= range.total) break;
      expect(range.to).toBeGreaterThan(from);
      from = range.to;
    }
    expect(segments).toEqual(transcript.segments);
  });

  test("a range stops at its asked end and past the last segment", async () => {
    const range = await readJson(`/api/meetings/${meetingId}/transcript?from=10&to=13`);
    expect(range).toMatchObject({ from: 10, to: 13, segments: transcript.segments.slice(10, 13) });
    const total = transcript.segments.length;
    const tail = await readJson(`/api/meetings/${meetingId}/transcript?from=${total - 1}&to=${total + 50}`);
    expect(tail).toMatchObject({ from: total - 1, to: total, segments: transcript.segments.slice(-1) });
    const beyond = await readJson(`/api/meetings/${meetingId}/transcript?from=${total + 5}`);
    expect(beyond).toMatchObject({ from: total, to: total, segments: [] });
  });
});

describe("text ranges", () => {
  test("read one after another, they give back the whole text, emoji and accents intact", async () => {
    let text = "";
    let from = 0;
    for (;;) {
      const range = await readJson(`/api/meetings/${meetingId}/transcript/text?from=${from}`);
      text += range.text;
      if (range.to >= range.total) break;
      from = range.to;
    }
    expect(text).toBe(transcript.fullText);
  });
});

describe("find in the transcript", () => {
  test("finds words anywhere in the transcript, ignoring case", async () => {
    const last = transcript.segments.length - 1;
    expect(await readJson(`/api/meetings/${meetingId}/transcript/find?q=${encodeURIComponent("THAT IS ALL")}`)).toEqual(
      { matches: [last], total: 1 },
    );
    const many = await readJson(`/api/meetings/${meetingId}/transcript/find?q=countersign`);
    expect(many.total).toBe(transcript.segments.filter((s) => s.text.includes("countersign")).length);
    expect(many.matches.slice(0, 2)).toEqual([3, 7]);
    expect(many.matches.length).toBeLessThanOrEqual(200);
  });

  test("a pattern's special characters are taken literally", async () => {
    expect(await readJson(`/api/meetings/${meetingId}/transcript/find?q=${encodeURIComponent("%_.*")}`)).toEqual({
      matches: [],
      total: 0,
    });
  });
});

describe("bad requests and other people's meetings", () => {
  const cases: [string, string][] = [
    ["transcript?from=-1", "from"],
    ["transcript?from=abc", "from"],
    ["transcript?from=5&to=2", "to"],
    ["transcript/text?to=-3", "to"],
    ["transcript/find?q=", "q"],
    [`transcript/find?q=${"x".repeat(201)}`, "q"],
  ];
  for (const [path, field] of cases) {
    test(`${path} answers 400 naming ${field}`, async () => {
      const response = await get(`/api/meetings/${meetingId}/${path}`);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toStartWith(`validation failed: ${field}`);
    });
  }

  for (const path of ["transcript", "transcript/text", "transcript/find?q=turn"]) {
    test(`${path} of another user's meeting, or of none, is 404`, async () => {
      const theirs = await get(`/api/meetings/${meetingId}/${path}`, stranger.cookie);
      expect(theirs.status).toBe(404);
      expect(JSON.stringify(await theirs.json())).not.toContain("Turn");
      expect((await get(`/api/meetings/${meetingId + 1000}/${path}`)).status).toBe(404);
    });
  }

  test("a meeting without a transcript yet has an empty range, and finding without words finds nothing", async () => {
    const client = await seedClient(server.ctx.db.sql, owner.id, "Pending Client");
    const [row] = await server.ctx.db.sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, type, status, source_kind)
      values (${owner.id}, ${client.id}, 'Pending', now(), 'Uploaded', 'Processing', 'audio') returning id`;
    expect(await readJson(`/api/meetings/${row!.id}/transcript`)).toEqual({ from: 0, to: 0, total: 0, segments: [] });
    expect(await readJson(`/api/meetings/${row!.id}/transcript/text`)).toEqual({ from: 0, to: 0, total: 0, text: "" });
    expect(await readJson(`/api/meetings/${meetingId}/transcript/find`)).toEqual({ matches: [], total: 0 });
    expect((await readJson(`/api/meetings/${row!.id}`)).transcript).toBeNull();
  });

  test("without a session, 401", async () => {
    expect((await server.fetch(`/api/meetings/${meetingId}/transcript`)).status).toBe(401);
  });
});

describe("the ranges follow the transcript", () => {
  test("a renamed speaker is renamed in the ranges and the speaker list", async () => {
    const client = await seedClient(server.ctx.db.sql, owner.id, "Rename Client");
    const small = buildBigTranscript(0.01);
    const id = await seedBigMeeting(server.ctx.db.sql, { userId: owner.id, clientId: client.id, transcript: small });
    const rename = await server.fetch(`/api/meetings/${id}/speakers`, {
      method: "PUT",
      headers: { cookie: owner.cookie, "content-type": "application/json" },
      body: JSON.stringify({ from: "Jun Park", to: "June Parker" }),
    });
    expect(rename.status).toBe(200);
    const range = await readJson(`/api/meetings/${id}/transcript?from=0&to=4`);
    expect(range.segments.map((s: { speaker: string }) => s.speaker)).toEqual([
      "Avery Stone",
      "June Parker",
      "Avery Stone",
      "June Parker",
    ]);
    expect((await readJson(`/api/meetings/${id}`)).transcript.speakers).toEqual([
      "Avery Stone",
      "June Parker",
      "Quinn Late",
    ]);
  });

  test("a deleted meeting's ranges are gone", async () => {
    const client = await seedClient(server.ctx.db.sql, owner.id, "Delete Client");
    const small = buildBigTranscript(0.01);
    const id = await seedBigMeeting(server.ctx.db.sql, { userId: owner.id, clientId: client.id, transcript: small });
    expect(
      (await server.fetch(`/api/meetings/${id}`, { method: "DELETE", headers: { cookie: owner.cookie } })).status,
    ).toBe(200);
    expect((await get(`/api/meetings/${id}/transcript`)).status).toBe(404);
    const [left] = await server.ctx.db.sql<{ n: number }[]>`
      select count(*)::int as n from transcript_segments where meeting_id = ${id}`;
    expect(left!.n).toBe(0);
  });
});
