// What the byte counter of migration 032 costs: the bulk writes and deletes of a long meeting (search chunks with
// vectors and windows, transcript segment rows), timed with its triggers on and then off, on a fresh test database
// (embedded; native with TEST_DB_TARGET=native TEST_DATABASE_URL=...). Prints; asserts nothing.
//   bun run api/bench/account-bytes.ts [chunks=2000]
import { createTestDatabase } from "@cm/db/testing";

const CHUNKS = Number(process.argv[2] ?? 2000);
const SEGMENTS = CHUNKS * 3;
const db = await createTestDatabase();
const { sql } = db;

const vector = (dims: number, seed: number) =>
  `[${Array.from({ length: dims }, (_, i) => (((i * 31 + seed) % 97) / 97).toFixed(5)).join(",")}]`;
const text = (n: number, seed: number) => `Advisor ${seed}: ${"the pension transfer and its fees ".repeat(n / 34)}`;

const counterTriggers = await sql<{ table: string; name: string }[]>`
  select c.relname as table, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
  where t.tgname like '%count_bytes%' or t.tgname like '%give_back_bytes'`;

async function setTriggers(on: boolean) {
  for (const { table, name } of counterTriggers) {
    await sql.unsafe(`alter table ${table} ${on ? "enable" : "disable"} trigger ${name}`);
  }
}

async function timed(label: string, work: () => Promise<void>) {
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  console.log(`  ${label.padEnd(44)} ${ms.toFixed(0).padStart(7)} ms`);
  return ms;
}

async function round(on: boolean, n: number) {
  await setTriggers(on);
  const [user] = await sql<
    { id: number }[]
  >`insert into users (username, password) values (${`bench${n}`}, 'x') returning id`;
  const userId = user!.id;
  const [client] = await sql<{ id: number }[]>`
    insert into clients (user_id, name, type) values (${userId}, 'Bench', 'Trust') returning id`;
  const [meeting] = await sql<{ id: number }[]>`
    insert into meetings (user_id, client_id, title, date, status) values (${userId}, ${client!.id}, 'Long', now(),
      'Processed') returning id`;
  const meetingId = meeting!.id;
  console.log(`triggers ${on ? "on" : "off"}:`);
  await sql`insert into transcripts (meeting_id, preview) values (${meetingId}, 'x')`;
  const total = { ms: 0 };
  total.ms += await timed(`${SEGMENTS} segment rows, 500 a statement`, async () => {
    for (let start = 0; start < SEGMENTS; start += 500) {
      const rows = Array.from({ length: Math.min(500, SEGMENTS - start) }, (_, i) => ({
        meeting_id: meetingId,
        position: start + i,
        segment: sql.json({ speaker: "Advisor", text: text(300, start + i) }),
        text_length: 300,
      }));
      await sql`insert into transcript_segments ${sql(rows as never)}`;
    }
  });
  total.ms += await timed(`${CHUNKS} chunks (+4 windows each), 16 a statement`, async () => {
    for (let start = 0; start < CHUNKS; start += 16) {
      const rows = Array.from({ length: Math.min(16, CHUNKS - start) }, (_, i) => ({
        user_id: userId,
        meeting_id: meetingId,
        client_id: client!.id,
        source: "transcript",
        content: text(1000, start + i),
        embedding: vector(1536, start + i),
      }));
      const ids = await sql<{ id: number }[]>`insert into chunks ${sql(rows as never)} returning id`;
      const windows = ids.flatMap(({ id }) =>
        [0, 1, 2, 3].map((position) => ({ chunk_id: id, position, embedding: vector(512, id + position) })),
      );
      await sql`insert into chunk_windows ${sql(windows as never)}`;
    }
  });
  total.ms += await timed(`delete the chunks, 200 a statement`, async () => {
    for (;;) {
      const removed = await sql`delete from chunks where id in (
        select id from chunks where meeting_id = ${meetingId} limit 200)`;
      if (removed.count < 200) break;
    }
  });
  total.ms += await timed("delete the meeting (segments by cascade)", async () => {
    await sql`delete from meetings where id = ${meetingId}`;
  });
  console.log(`  ${"total".padEnd(44)} ${total.ms.toFixed(0).padStart(7)} ms`);
}

await round(true, 1);
await round(false, 2);
await round(true, 3);
await setTriggers(true);
await db.close();
