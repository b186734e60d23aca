// Find in a transcript scans the segments' lowered text a bounded window of positions per statement (issue 27: one
// statement over a 10 MB transcript held the embedded database's session for about 780 ms per find), and finds what
// the single statement found: segments whose text holds the words, literally, ignoring case.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { upsertTranscript } from "../src/queries/meeting-content";
import { FIND_WINDOWS, findInSegments, MAX_FIND_MATCHES } from "../src/queries/transcript-find";
import { createTestDatabase } from "../src/testing";

let db: Database;
let meetingId: number;

const LINES = [
  "The Café owner's loan (50% repaid) moves to the bond_ladder.",
  "Send C:\\forms\\transfer.pdf before [the end] of the month 🙂.",
  "Countersign page four; a.*b is not a pattern here.",
  "ÉTÉ review: the successor trustee countersigns the amendment",
];
const segments = Array.from({ length: 1_234 }, (_, i) => ({
  speaker: i % 2 ? "Ada" : "Ben",
  start: i,
  end: i + 1,
  text: `Turn ${i}. ${LINES[i % LINES.length]}`,
}));

beforeAll(async () => {
  db = await createTestDatabase();
  const [user] = await db.sql<
    { id: number }[]
  >`insert into users (username, password) values ('find', 'x') returning id`;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, 'Okafor', 'Estate') returning id`;
  const [meeting] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status)
    values (${user!.id}, ${client!.id}, 'Review', now(), 'Processed') returning id`;
  meetingId = meeting!.id;
  const fullText = segments.map((s) => `${s.speaker}: ${s.text}`).join("\n");
  await upsertTranscript(db.sql, { meetingId, fullText, segments });
});

afterAll(async () => {
  await db?.close();
});

/** What the route's single statement answered before issue 27 (the reference for the same results). */
async function findAsBefore(words: string) {
  const rows = await db.sql<{ position: number }[]>`
    select position from transcript_segments
    where meeting_id = ${meetingId} and strpos(lower(segment ->> 'text'), lower(${words})) > 0 order by position`;
  return { matches: rows.slice(0, MAX_FIND_MATCHES).map((r) => r.position), total: rows.length };
}

const find = (words: string, options?: Parameters<typeof findInSegments>[2]) =>
  findInSegments(db.sql, { meetingId, words, segmentCount: segments.length }, options);

const QUERIES = [
  "countersign",
  "COUNTERSIGN",
  "café",
  "CAFÉ OWNER",
  "été",
  "50%",
  "%",
  "_",
  "bond_ladder",
  "C:\\forms\\",
  "\\",
  "a.*b",
  ".*",
  "[the end]",
  "(",
  "🙂",
  "turn 1",
  "Turn 1000. Send C:\\forms\\transfer.pdf",
  "the successor trustee countersigns",
  "the successor trustee countersign X",
  "zzzqqq",
  "e",
];

describe("the same results as the single statement", () => {
  for (const words of QUERIES) {
    test(`"${words}"`, async () => {
      const expected = await findAsBefore(words);
      expect(await find(words)).toEqual(expected);
      // Cut into windows of 100 segments, the answer is the same.
      expect(await find(words, { windows: { initial: 7, max: 100, targetMs: 50 } })).toEqual(expected);
    });
  }

  test("the first 200 matches are listed and all of them counted", async () => {
    const answer = await find("turn", { windows: { initial: 50, max: 50, targetMs: 50 } });
    expect(answer.total).toBe(segments.length);
    expect(answer.matches).toEqual(Array.from({ length: MAX_FIND_MATCHES }, (_, i) => i));
  });

  test("a NUL, which no stored text holds, finds nothing without an error", async () => {
    expect(await find("turn\u0000")).toEqual({ matches: [], total: 0 });
  });
});

describe("bounded statements", () => {
  test("the scan is cut into windows of at most FIND_WINDOWS.max segments covering the transcript once", async () => {
    const windows: [number, number][] = [];
    const many = Array.from({ length: FIND_WINDOWS.max * 2 + 500 }, (_, i) => ({ text: `w ${i}` }));
    const [meeting] = await db.sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, status)
      select user_id, client_id, 'Long', now(), 'Processed' from meetings where id = ${meetingId} returning id`;
    const id = meeting!.id;
    await upsertTranscript(db.sql, { meetingId: id, fullText: "w", segments: many });
    const answer = await findInSegments(
      db.sql,
      { meetingId: id, words: "W 4", segmentCount: many.length },
      { onWindow: (from, to) => windows.push([from, to]) },
    );
    expect(answer.total).toBe(many.filter((s) => s.text.startsWith("w 4")).length);
    expect(windows.length).toBeGreaterThanOrEqual(3);
    for (const [from, to] of windows) expect(to - from).toBeLessThanOrEqual(FIND_WINDOWS.max);
    expect(windows[0]![0]).toBe(0);
    expect(windows.at(-1)![1]).toBe(many.length);
    for (let i = 1; i < windows.length; i++) expect(windows[i]![0]).toBe(windows[i - 1]![1]);
  });

  test("new rows carry their lowered text; rows written before migration 028 are filled in by the first find", async () => {
    const [written] = await db.sql<{ missing: number }[]>`
      select count(*)::int as missing from transcript_segments
      where meeting_id = ${meetingId} and search_text is distinct from lower(segment ->> 'text')`;
    expect(written!.missing).toBe(0);
    await db.sql`update transcript_segments set search_text = null where meeting_id = ${meetingId}`;
    expect(await find("CAFÉ OWNER")).toEqual(await findAsBefore("CAFÉ OWNER"));
    const [after] = await db.sql<{ missing: number }[]>`
      select count(*)::int as missing from transcript_segments where meeting_id = ${meetingId} and search_text is null`;
    expect(after!.missing).toBe(0);
  });

  test("a long needle over repetitive text is checked with a literal expression and found right", async () => {
    const [meeting] = await db.sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, status)
      select user_id, client_id, 'Hostile', now(), 'Processed' from meetings where id = ${meetingId} returning id`;
    const id = meeting!.id;
    const text = "a".repeat(50_000);
    await upsertTranscript(db.sql, { meetingId: id, fullText: text, segments: [{ text }, { text: `${text}b` }] });
    const words = `${"a".repeat(199)}b`;
    expect(await findInSegments(db.sql, { meetingId: id, words, segmentCount: 2 })).toEqual({ matches: [1], total: 1 });
    const needle = `b${"a".repeat(199)}`;
    expect(await findInSegments(db.sql, { meetingId: id, words: needle, segmentCount: 2 })).toEqual({
      matches: [],
      total: 0,
    });
  });
});
