// A transcript's segments become rows of transcript_segments (the transcript is read in ranges from them), written by
// the application in short batches since migration 019, so a long meeting's write never holds the embedded
// database's one connection in a single long statement.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { upsertTranscript } from "../src/queries/meeting-content";
import { SEGMENT_ROWS_PER_STATEMENT } from "../src/queries/transcript-segment-rows";
import { createTestDatabase } from "../src/testing";

let db: Database;
let meetingId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  const [user] = await db.sql<
    { id: number }[]
  >`insert into users (username, password) values ('rows', 'x') returning id`;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${user!.id}, 'Okafor', 'Estate') returning id`;
  const [meeting] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status)
    values (${user!.id}, ${client!.id}, 'Review', now(), 'Processing') returning id`;
  meetingId = meeting!.id;
});

afterAll(async () => {
  await db?.close();
});

const segmentsOf = (count: number, word: string) =>
  Array.from({ length: count }, (_, i) => ({ speaker: "Ada", text: `${word} ${i}`, start: i, end: i + 1 }));

async function rows() {
  return db.sql<{ position: number; text: string; textLength: number }[]>`
    select position, segment ->> 'text' as text, text_length as "textLength" from transcript_segments
    where meeting_id = ${meetingId} order by position`;
}

test("every object segment gets its row, across several batches, keyed by its index", async () => {
  const count = SEGMENT_ROWS_PER_STATEMENT * 2 + 37;
  const segments: unknown[] = segmentsOf(count, "first");
  segments[3] = "not a segment";
  await upsertTranscript(db.sql, { meetingId, fullText: "first", segments });
  const written = await rows();
  expect(written).toHaveLength(count - 1);
  expect(written.some((row) => row.position === 3)).toBe(false);
  expect(written.at(-1)).toEqual({
    position: count - 1,
    text: `first ${count - 1}`,
    textLength: `first ${count - 1}`.length,
  });
});

test("writing the transcript again replaces the rows and removes those past its end", async () => {
  await upsertTranscript(db.sql, { meetingId, fullText: "second", segments: segmentsOf(12, "second") });
  const written = await rows();
  expect(written.map((row) => row.position)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  expect(written.every((row) => row.text.startsWith("second "))).toBe(true);
});

test("the speakers are stored with the transcript, in order of first appearance, blanks left out", async () => {
  const segments = [
    { speaker: "Ada", text: "Hello." },
    { speaker: " ", text: "(noise)" },
    { speaker: "Ben", text: "Hi." },
    { speaker: null, text: "..." },
    { speaker: "Ada", text: "Shall we?" },
  ];
  await upsertTranscript(db.sql, { meetingId, fullText: "third", segments });
  const [row] = await db.sql<
    { speakers: string[] }[]
  >`select speakers from transcripts where meeting_id = ${meetingId}`;
  expect(row!.speakers).toEqual(["Ada", "Ben"]);
  await upsertTranscript(db.sql, { meetingId, fullText: "none", segments: [{ speaker: null, text: "..." }] });
  const [none] = await db.sql<
    { speakers: string[] }[]
  >`select speakers from transcripts where meeting_id = ${meetingId}`;
  expect(none!.speakers).toEqual([]);
});
