// Issue 30: no statement holds the embedded database's one session for long, so /api/health stays quick during any
// indexing. The long writes of a big transcript (its text parts and segment rows, the chunk inserts of indexing, the
// old chunks' removal when it is indexed again, and the meeting's deletion) go out as several statements, each within
// its row maximum; a cheap request issued on the same one-session handle after a write started is answered while the
// write still has statements to run; each write leaves the data whole. Checked by the order of events, not by time.
// On the native database the writes and the request share one connection, as they share the embedded one session.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Database, openDatabase } from "../src/client";
import { type NewChunk, replaceMeetingChunks } from "../src/queries/chunks";
import { deleteClient } from "../src/queries/clients";
import type { CheckedJob } from "../src/queries/jobs";
import { findTranscript, resetMeetingTranscript, upsertTranscript } from "../src/queries/meeting-content";
import { deleteMeeting } from "../src/queries/meetings";
import { SEGMENT_ROWS_PER_STATEMENT } from "../src/queries/transcript-segment-rows";
import { TEXT_PART_UNITS } from "../src/queries/transcript-text-parts";
import { createTestDatabase } from "../src/testing";
import { type LoggedEvent, logStatements } from "./statement-log";

/** Row maxima of the writes under test (chunks.ts, transcript-text-parts.ts, meetings.ts). */
const CHUNK_ROWS_MAX = 16;
const TEXT_PARTS_MAX = 16;
const CHUNK_DELETES_MAX = 2000;
const SEGMENT_DELETES = 2000;

let db: Database;
/** One session: the embedded database's handle, or one connection of the native database. */
let session: Database;
let userId: number;
let clientId: number;
let meetingId: number;

// A big transcript: six text parts, 4,200 segments, 48 chunks of a cheap 1536-dimension vector (no model loads).
const text = Array.from({ length: 30_000 }, (_, i) => `Line ${i}: the estate plan names a trustee.`).join("\n");
const segments = Array.from({ length: 4_200 }, (_, i) => ({ speaker: i % 2 ? "Ada" : "Ben", text: `Segment ${i}` }));
const vectorOf = (i: number) => Array.from({ length: 1536 }, (_, d) => (d === i % 1536 ? 1 : d === 7 ? 0.5 : 0));
const chunksOf = (label: string): NewChunk[] =>
  Array.from({ length: 48 }, (_, i) => ({
    source: "transcript",
    content: `${label} chunk ${i} about the trustee and the estate`,
    metadata: { i },
    embedding: vectorOf(i),
  }));
const target = () => ({ userId, meetingId, clientId, sources: ["transcript" as const], model: "fake-1536" });

beforeAll(async () => {
  db = await createTestDatabase();
  session = db.mode === "embedded" ? db : await openDatabase({ url: (db.address as { url: string }).url, max: 1 });
  const [user] = await db.sql<
    { id: number }[]
  >`insert into users (username, password) values ('cut', 'x') returning id`;
  userId = user!.id;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${userId}, 'Moreau', 'Estate') returning id`;
  clientId = client!.id;
  const [meeting] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status)
    values (${userId}, ${clientId}, 'Long review', now(), 'Processing') returning id`;
  meetingId = meeting!.id;
});

afterAll(async () => {
  if (session && session !== db) await session.close();
  await db?.close();
});

type Answered = Extract<LoggedEvent, { kind: "answered" }>;

/** The statements matching `pattern` that were answered, in order. */
const answeredOf = (events: LoggedEvent[], pattern: RegExp) =>
  events.filter((e): e is Answered => e.kind === "answered" && pattern.test(e.text));

/**
 * Runs `write` on a logged one-session handle; when the first statement matching a pattern of `watched` is sent,
 * issues `select 1` on the same handle, as /api/health does. Returns the log.
 */
async function observe(watched: RegExp[], write: (sql: Database["sql"]) => Promise<unknown>) {
  const log = logStatements(session.sql);
  const pinged = new Set<number>();
  log.onSent = (sent) => {
    const i = watched.findIndex((pattern) => pattern.test(sent));
    if (i < 0 || pinged.has(i)) return;
    pinged.add(i);
    log.note(`request ${i} sent`);
    void session.sql`select 1 as ok`.then(() => log.note(`request ${i} answered`));
  };
  await write(log.sql);
  log.note("write finished");
  return log.events;
}

/**
 * Request `i`, sent when the first statement matching `pattern` was, was answered between the write's statements:
 * before the last statement matching `pattern` was answered, so while the write still held work.
 */
function expectServedBetween(events: LoggedEvent[], pattern: RegExp, i = 0) {
  const at = (name: string) => events.findIndex((e) => e.kind === "note" && e.name === name);
  const lastWatched = events.findLastIndex((e) => e.kind === "answered" && pattern.test(e.text));
  expect(at(`request ${i} sent`)).toBeGreaterThan(-1);
  expect(at(`request ${i} answered`)).toBeGreaterThan(at(`request ${i} sent`));
  expect(at(`request ${i} answered`)).toBeLessThan(lastWatched);
  expect(at(`request ${i} answered`)).toBeLessThan(at("write finished"));
}

describe("the long writes of a big transcript are cut into statements, a request served between them", () => {
  test("the transcript's text parts and segment rows", async () => {
    const parts = /insert into transcript_text_parts/;
    const events = await observe([parts], (sql) => upsertTranscript(sql, { meetingId, fullText: text, segments }));
    const answered = answeredOf(events, parts);
    expect(text.length).toBeGreaterThan(TEXT_PART_UNITS * 5);
    expect(answered.length).toBeGreaterThan(1);
    expect(answered.every((s) => s.rows >= 1 && s.rows <= TEXT_PARTS_MAX)).toBe(true);
    expect(answered.reduce((sum, s) => sum + s.rows, 0)).toBe(Math.ceil(text.length / TEXT_PART_UNITS));
    expectServedBetween(events, parts);
    const segmentInserts = answeredOf(events, /insert into transcript_segments/);
    expect(segmentInserts.length).toBe(Math.ceil(segments.length / SEGMENT_ROWS_PER_STATEMENT));
    // Whole: the parts join back to the text, every segment is there.
    const stored = await findTranscript(db.sql, meetingId);
    expect(stored?.fullText).toBe(text);
    expect(stored?.segments).toEqual(segments);
  });

  test("the chunk inserts of indexing", async () => {
    const inserts = /insert into chunks/;
    const events = await observe([inserts], (sql) => replaceMeetingChunks(sql, target(), chunksOf("first")));
    const answered = answeredOf(events, inserts);
    expect(answered.length).toBeGreaterThanOrEqual(Math.ceil(48 / CHUNK_ROWS_MAX));
    expect(answered.every((s) => s.rows >= 1 && s.rows <= CHUNK_ROWS_MAX)).toBe(true);
    expect(answered.reduce((sum, s) => sum + s.rows, 0)).toBe(48);
    expectServedBetween(events, inserts);
    const [row] = await db.sql<{ chunks: number; counted: number }[]>`
      select (select count(*)::int from chunks where meeting_id = ${meetingId} and content like 'first %') as chunks,
        (select ndoc from chunk_term_counts where meeting_id = ${meetingId} and term = '') as counted`;
    expect(row).toEqual({ chunks: 48, counted: 48 });
  });

  test("indexing again: the old chunks' removal, with their term counts", async () => {
    const removals = /delete from chunks where id in/;
    const events = await observe([removals], (sql) => replaceMeetingChunks(sql, target(), chunksOf("second")));
    const answered = answeredOf(events, removals);
    expect(answered.length).toBeGreaterThanOrEqual(Math.ceil(48 / CHUNK_ROWS_MAX));
    expect(answered.every((s) => s.rows <= CHUNK_ROWS_MAX)).toBe(true);
    expectServedBetween(events, removals);
    const [row] = await db.sql<{ first: number; second: number; counted: number; estate: number }[]>`
      select (select count(*)::int from chunks where meeting_id = ${meetingId} and content like 'first %') as first,
        (select count(*)::int from chunks where meeting_id = ${meetingId} and content like 'second %') as second,
        (select ndoc from chunk_term_counts where meeting_id = ${meetingId} and term = '') as counted,
        (select ndoc from chunk_term_counts where meeting_id = ${meetingId} and term = 'estat') as estate`;
    expect(row).toEqual({ first: 0, second: 48, counted: 48, estate: 48 });
  });

  test("the meeting's deletion: its segment rows and chunks", async () => {
    // Many more chunk rows (no vector: cheap to add), so the removal must be cut at its maximum of 2,000 rows.
    await db.sql`insert into chunks (user_id, meeting_id, client_id, source, content, embedding_model)
      select ${userId}, ${meetingId}, ${clientId}, 'note', 'Note ' || n, 'fake-1536' from generate_series(1, 4500) n`;
    const segmentDeletes = /delete from transcript_segments/;
    const chunkDeletes = /delete from chunks where id in/;
    const events = await observe([segmentDeletes, chunkDeletes], (sql) => deleteMeeting(sql, userId, meetingId));
    const segmentsRemoved = answeredOf(events, segmentDeletes).filter((s) => s.rows > 0);
    expect(segmentsRemoved.length).toBeGreaterThanOrEqual(Math.ceil(segments.length / SEGMENT_DELETES));
    expect(segmentsRemoved.every((s) => s.rows <= SEGMENT_DELETES)).toBe(true);
    expect(segmentsRemoved.reduce((sum, s) => sum + s.rows, 0)).toBe(segments.length);
    const partsRemoved = answeredOf(events, /delete from transcript_text_parts/).filter((s) => s.rows > 0);
    expect(partsRemoved.length).toBeGreaterThan(1);
    expect(partsRemoved.every((s) => s.rows <= TEXT_PARTS_MAX)).toBe(true);
    expect(partsRemoved.reduce((sum, s) => sum + s.rows, 0)).toBe(Math.ceil(text.length / TEXT_PART_UNITS));
    expectServedBetween(events, segmentDeletes, 0);
    const removed = answeredOf(events, chunkDeletes);
    expectServedBetween(events, chunkDeletes, 1);
    expect(removed.length).toBeGreaterThan(1);
    expect(removed.every((s) => s.rows <= CHUNK_DELETES_MAX)).toBe(true);
    expect(removed.reduce((sum, s) => sum + s.rows, 0)).toBe(4548);
    // Nothing left of the meeting.
    const [left] = await db.sql<Record<string, number>[]>`
      select (select count(*)::int from meetings where id = ${meetingId}) as meetings,
        (select count(*)::int from transcripts where meeting_id = ${meetingId}) as transcripts,
        (select count(*)::int from transcript_text_parts where meeting_id = ${meetingId}) as parts,
        (select count(*)::int from transcript_segments where meeting_id = ${meetingId}) as segments,
        (select count(*)::int from chunks where meeting_id = ${meetingId}) as chunks,
        (select count(*)::int from chunk_term_counts where meeting_id = ${meetingId}) as counts`;
    expect(left).toEqual({ meetings: 0, transcripts: 0, parts: 0, segments: 0, chunks: 0, counts: 0 });
  });

  test("a client's deletion: each of its meetings' segment rows and chunks before the cascade", async () => {
    const [other] = await db.sql<{ id: number }[]>`
      insert into clients (user_id, name, type) values (${userId}, 'Okafor', 'Estate') returning id`;
    const meetings = await db.sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, status)
      values (${userId}, ${other!.id}, 'First', now(), 'Processed'), (${userId}, ${other!.id}, 'Second', now(), 'Processed')
      returning id`;
    const ids = meetings.map((m) => m.id);
    for (const id of ids) {
      await upsertTranscript(db.sql, { meetingId: id, fullText: "Short text.", segments: segments.slice(0, 2_500) });
      await db.sql`insert into chunks (user_id, meeting_id, client_id, source, content, embedding_model)
        select ${userId}, ${id}, ${other!.id}, 'note', 'Note ' || n, 'fake-1536' from generate_series(1, 3000) n`;
    }
    const segmentDeletes = /delete from transcript_segments/;
    const chunkDeletes = /delete from chunks where id in/;
    const events = await observe([segmentDeletes, chunkDeletes], (sql) => deleteClient(sql, userId, other!.id));
    const segmentsRemoved = answeredOf(events, segmentDeletes).filter((s) => s.rows > 0);
    expect(segmentsRemoved.length).toBeGreaterThanOrEqual(2 * Math.ceil(2_500 / SEGMENT_DELETES));
    expect(segmentsRemoved.every((s) => s.rows <= SEGMENT_DELETES)).toBe(true);
    expect(segmentsRemoved.reduce((sum, s) => sum + s.rows, 0)).toBe(5_000);
    const removed = answeredOf(events, chunkDeletes);
    expect(removed.length).toBeGreaterThan(2);
    expect(removed.every((s) => s.rows <= CHUNK_DELETES_MAX)).toBe(true);
    // Every row went in the short statements: the cascade of the client's deletion had none of them left to remove.
    expect(removed.reduce((sum, s) => sum + s.rows, 0)).toBe(6_000);
    expectServedBetween(events, segmentDeletes, 0);
    expectServedBetween(events, chunkDeletes, 1);
    const [left] = await db.sql<Record<string, number>[]>`
      select (select count(*)::int from clients where id = ${other!.id}) as clients,
        (select count(*)::int from meetings where id in ${db.sql(ids)}) as meetings,
        (select count(*)::int from transcripts where meeting_id in ${db.sql(ids)}) as transcripts,
        (select count(*)::int from transcript_segments where meeting_id in ${db.sql(ids)}) as segments,
        (select count(*)::int from chunks where client_id = ${other!.id}) as chunks`;
    expect(left).toEqual({ clients: 0, meetings: 0, transcripts: 0, segments: 0, chunks: 0 });
  });

  test("transcribing again: the transcript's segment rows and text parts before its row, not while Processing", async () => {
    const [meeting] = await db.sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, status)
      values (${userId}, ${clientId}, 'Again', now(), 'Processing') returning id`;
    const id = meeting!.id;
    await upsertTranscript(db.sql, { meetingId: id, fullText: text, segments });
    const job = { kind: "test-transcribe-again", meetingId: id, payload: {} } as unknown as CheckedJob;
    // While Processing (a job may be writing it), refused, and the transcript stays whole.
    expect(await resetMeetingTranscript(db.sql, { meetingId: id, job })).toBe(false);
    expect((await findTranscript(db.sql, id))?.fullText).toBe(text);
    await db.sql`update meetings set status = 'Processed' where id = ${id}`;
    const segmentDeletes = /delete from transcript_segments/;
    const partDeletes = /delete from transcript_text_parts/;
    const events = await observe([segmentDeletes, partDeletes], (sql) =>
      resetMeetingTranscript(sql, { meetingId: id, job }),
    );
    const segmentsRemoved = answeredOf(events, segmentDeletes);
    expect(segmentsRemoved.filter((s) => s.rows > 0).length).toBeGreaterThan(1);
    expect(segmentsRemoved.every((s) => s.rows <= 2000)).toBe(true);
    expect(segmentsRemoved.reduce((sum, s) => sum + s.rows, 0)).toBe(segments.length);
    const partsRemoved = answeredOf(events, partDeletes);
    expect(partsRemoved.filter((s) => s.rows > 0).length).toBeGreaterThan(1);
    expect(partsRemoved.every((s) => s.rows <= TEXT_PARTS_MAX)).toBe(true);
    expect(partsRemoved.reduce((sum, s) => sum + s.rows, 0)).toBe(Math.ceil(text.length / TEXT_PART_UNITS));
    expectServedBetween(events, segmentDeletes, 0);
    expectServedBetween(events, partDeletes, 1);
    const [left] = await db.sql<Record<string, number | string>[]>`
      select (select status from meetings where id = ${id}) as status,
        (select count(*)::int from transcripts where meeting_id = ${id}) as transcripts,
        (select count(*)::int from transcript_segments where meeting_id = ${id}) as segments,
        (select count(*)::int from transcript_text_parts where meeting_id = ${id}) as parts,
        (select count(*)::int from jobs where meeting_id = ${id}) as jobs`;
    expect(left).toEqual({ status: "Processing", transcripts: 0, segments: 0, parts: 0, jobs: 1 });
  });
});
