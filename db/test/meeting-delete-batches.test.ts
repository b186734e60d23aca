// Deleting a meeting removes its search chunks and its text parts in short statements before the meeting row (a long
// meeting's cascade held the embedded database for seconds); another account's delete touches none of them.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { replaceMeetingChunks } from "../src/queries/chunks";
import { upsertTranscript } from "../src/queries/meeting-content";
import { deleteMeeting } from "../src/queries/meetings";
import { createTestDatabase } from "../src/testing";

let db: Database;
let owner: number;
let stranger: number;
let meetingId: number;
const embedding = Array.from({ length: 1536 }, (_, i) => (i === 2 ? 1 : 0));

beforeAll(async () => {
  db = await createTestDatabase();
  const users = await db.sql<{ id: number }[]>`
    insert into users (username, password) values ('owner', 'x'), ('stranger', 'x') returning id`;
  owner = users[0]!.id;
  stranger = users[1]!.id;
  const [client] = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${owner}, 'Moreau', 'Estate') returning id`;
  const [meeting] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status)
    values (${owner}, ${client!.id}, 'Review', now(), 'Processed') returning id`;
  meetingId = meeting!.id;
  await upsertTranscript(db.sql, {
    meetingId,
    fullText: "Ada: The vineyard lease renews in May.",
    segments: [{ speaker: "Ada", text: "The vineyard lease renews in May." }],
  });
  await replaceMeetingChunks(
    db.sql,
    { userId: owner, meetingId, clientId: client!.id, sources: ["transcript"], model: "m" },
    Array.from({ length: 12 }, (_, i) => ({
      source: "transcript",
      content: `Vineyard lease ${i}`,
      metadata: {},
      embedding,
    })),
  );
});

afterAll(async () => {
  await db?.close();
});

const leftOf = async () => {
  const [row] = await db.sql<{ chunks: number; parts: number; counts: number; meetings: number }[]>`
    select (select count(*)::int from chunks where meeting_id = ${meetingId}) as chunks,
      (select count(*)::int from transcript_text_parts where meeting_id = ${meetingId}) as parts,
      (select count(*)::int from chunk_term_counts where meeting_id = ${meetingId}) as counts,
      (select count(*)::int from meetings where id = ${meetingId}) as meetings`;
  return row!;
};

test("another account's delete leaves the meeting whole; the owner's removes chunks, text and counts", async () => {
  expect(await deleteMeeting(db.sql, stranger, meetingId)).toEqual({ deleted: false, audioPath: null });
  expect(await leftOf()).toMatchObject({ chunks: 12, parts: 1, meetings: 1 });
  expect(await deleteMeeting(db.sql, owner, meetingId)).toEqual({ deleted: true, audioPath: null });
  expect(await leftOf()).toEqual({ chunks: 0, parts: 0, counts: 0, meetings: 0 });
});
