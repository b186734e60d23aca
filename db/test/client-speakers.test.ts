// The speakers of each client's meetings, each once with the meetings they speak in: who a question may name by first
// name, and whose clients "Which clients is Tomás handling?" asks for. Another user's meetings are never read.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Database } from "../src/client";
import { upsertTranscript } from "../src/queries/meeting-content";
import { listClientSpeakers } from "../src/queries/question-names";
import { createTestDatabase } from "../src/testing";

let db: Database;
let userId: number;
const meetings: number[] = [];

async function meetingWith(user: number, client: number, speakers: string[]): Promise<number> {
  const [meeting] = await db.sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status)
    values (${user}, ${client}, 'Review', now(), 'Processed') returning id`;
  const segments = speakers.map((speaker, i) => ({ speaker, start: i, end: i + 1, text: `Turn ${i}.` }));
  await upsertTranscript(db.sql, {
    meetingId: meeting!.id,
    fullText: segments.map((s) => `${s.speaker}: ${s.text}`).join("\n"),
    segments,
  });
  return meeting!.id;
}

beforeAll(async () => {
  db = await createTestDatabase();
  const users = await db.sql<{ id: number }[]>`
    insert into users (username, password) values ('speakers', 'x'), ('other', 'x') returning id`;
  userId = users[0]!.id;
  const clients = await db.sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values
      (${userId}, 'Okafor', 'Estate'), (${userId}, 'Ferris Holdings', 'Business'), (${users[1]!.id}, 'Lind', 'Estate')
    returning id`;
  meetings.push(await meetingWith(userId, clients[0]!.id, ["Ada Okafor", "Wren Castellanos", "Ada Okafor"]));
  meetings.push(await meetingWith(userId, clients[0]!.id, ["Ada Okafor"]));
  meetings.push(await meetingWith(userId, clients[1]!.id, ["Wren Castellanos", "Dov Ferris"]));
  await meetingWith(users[1]!.id, clients[2]!.id, ["Wren Castellanos"]);
});

afterAll(async () => {
  await db?.close();
});

test("each speaker once per client, with the meetings they speak in; only the asking user's", async () => {
  const rows = await listClientSpeakers(db.sql, userId);
  const byName = (speaker: string) =>
    rows
      .filter((r) => r.speaker === speaker)
      .map((r) => r.meetingIds.map(Number))
      .sort();
  expect(byName("Ada Okafor")).toEqual([[meetings[0]!, meetings[1]!]]);
  expect(byName("Wren Castellanos")).toEqual([[meetings[0]!], [meetings[2]!]]);
  expect(rows).toHaveLength(4);
});
