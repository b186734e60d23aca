// Migration 032 counts what accounts already hold: a database migrated up to 031 with an account's rows in it
// (a meeting with its transcript, summary, task, note and a search chunk with windows) is migrated on, and the
// account's counter equals a count from scratch, windows included. Embedded only: the native test databases are
// copies of a template migrated to the end, so no native database can be stopped at 031.
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { attachSocket } from "./client";
import { loadMigrations, migrate } from "./migrate";

const vectorOf = (dims: number) => `[${Array.from({ length: dims }, (_, i) => ((i % 5) / 5).toFixed(3)).join(",")}]`;

test("rows written before migration 032 are counted by it", async () => {
  const dir = mkdtempSync(join(tmpdir(), "cm-032-"));
  const pglite = await PGlite.create(dir, { extensions: { vector } });
  const db = await attachSocket(pglite, dir, () => pglite.close());
  try {
    const { sql } = db;
    const all = loadMigrations();
    await migrate(
      sql,
      all.filter((m) => m.version < "032"),
    );
    const [user] = await sql<{ id: number }[]>`insert into users (username, password) values ('old', 'x') returning id`;
    const userId = user!.id;
    const [client] = await sql<{ id: number }[]>`
      insert into clients (user_id, name, type, emails) values (${userId}, 'Moreau', 'Trust', '{a@example.com}')
      returning id`;
    const [meeting] = await sql<{ id: number }[]>`
      insert into meetings (user_id, client_id, title, date, status) values (${userId}, ${client!.id}, 'Review', now(),
        'Processed') returning id`;
    const id = meeting!.id;
    await sql`insert into transcripts (meeting_id, preview) values (${id}, 'x')`;
    await sql`insert into transcript_text_parts (meeting_id, part, starts_at, text_length, text)
      values (${id}, 0, 0, 4000, ${"a fee ".repeat(666)})`;
    await sql`insert into summaries (meeting_id, executive_summary, key_points, action_items)
      values (${id}, 'The fees were agreed.', '[]', '[]')`;
    await sql`insert into action_items (meeting_id, position, task) values (${id}, 0, 'Send the form')`;
    await sql`insert into notes (meeting_id, user_id, content) values (${id}, ${userId}, ${"note ".repeat(1000)})`;
    const [chunk] = await sql<{ id: number }[]>`
      insert into chunks (user_id, meeting_id, source, content, embedding)
      values (${userId}, ${id}, 'transcript', 'a fee', ${vectorOf(1536)}::vector) returning id`;
    await sql`insert into chunk_windows (chunk_id, position, embedding)
      values (${chunk!.id}, 0, ${vectorOf(512)}::vector), (${chunk!.id}, 1, ${vectorOf(512)}::vector)`;

    expect(await migrate(sql, all)).toContain("032_account_data_bytes");
    const [windows] = await sql<{ bytes: number }[]>`select window_bytes as bytes from chunks where id = ${chunk!.id}`;
    expect(windows!.bytes).toBe(2 * (4 * 512 + 16));
    const [counted] = await sql<{ counter: number; recount: number }[]>`
      select (select data_bytes from account_usage where user_id = ${userId})::float8 as counter,
        cm_count_account_bytes(${userId})::float8 as recount`;
    expect(counted!.counter).toBe(counted!.recount);
    expect(counted!.counter).toBeGreaterThan(4000 + 5000 + 4 * 1536 + 2 * 4 * 512);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
