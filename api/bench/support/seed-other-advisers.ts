// `--chunks=N` of the load bench: other advisers' accounts around the measured one, so its searches run in a
// database of N chunks. Each other adviser gets copies of the measured adviser's meetings and chunks (vectors
// included), written server-side with INSERT … SELECT without the HNSW index, which is then built once over all.
import type { Sql } from "@cm/db";

export interface OtherAdvisers {
  advisers: number;
  totalChunks: number;
  copySeconds: number;
  indexSeconds: number;
}

export async function seedOtherAdvisers(
  sql: Sql,
  options: {
    /** The measured adviser, whose meetings are copied. */
    userId: number;
    /** Chunks in the whole database to reach. */
    totalChunks: number;
    /** Stop copying after this many seconds (the index is still built): the size reached is reported. */
    budgetSeconds: number;
    log: (line: string) => void;
  },
): Promise<OtherAdvisers> {
  const count = async () => (await sql<{ n: number }[]>`select count(*)::int as n from chunks`)[0]!.n;
  let total = await count();
  const started = performance.now();
  // Both search indexes are built once after the copy: row by row, the GIN index alone halves the copy's speed.
  await sql`drop index if exists chunks_embedding_idx`;
  await sql`drop index if exists chunks_tsv_idx`;
  let advisers = 0;
  while (total < options.totalChunks && performance.now() - started < options.budgetSeconds * 1000) {
    advisers++;
    await sql.begin(async (tx) => {
      const [user] = await tx<{ id: number }[]>`
        insert into users (username, password, email, full_name)
        values (${`other${Date.now()}_${advisers}`}, 'not-used', ${`other${Date.now()}_${advisers}@example.com`},
          ${`Other Adviser ${advisers}`})
        returning id`;
      const [client] = await tx<{ id: number }[]>`
        insert into clients (user_id, name, type) values (${user!.id}, 'Copied Family Trust', 'Wealth Management')
        returning id`;
      // The meeting titles ("Review N") are unique within the measured account: they map old meetings to copies.
      await tx`
        insert into meetings (user_id, client_id, title, date, duration, type, status, source_kind)
        select ${user!.id}, ${client!.id}, title, date, duration, type, status, source_kind
        from meetings where user_id = ${options.userId}`;
      await tx`
        insert into chunks (user_id, meeting_id, client_id, source, content, metadata, embedding, embedding_model)
        select ${user!.id}, copy.id, ${client!.id}, c.source, c.content, c.metadata, c.embedding, c.embedding_model
        from chunks c
          join meetings original on original.id = c.meeting_id
          join meetings copy on copy.user_id = ${user!.id} and copy.title = original.title
        where c.user_id = ${options.userId}`;
    });
    total = await count();
    options.log(
      `  ${advisers} other advisers: ${total} chunks in all, ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  const copySeconds = (performance.now() - started) / 1000;
  const buildStarted = performance.now();
  await sql.begin(async (tx) => {
    await tx`set local maintenance_work_mem = '1GB'`;
    // As migrations 001 and 025 make it.
    await tx`create index chunks_tsv_idx on chunks using gin (tsv) with (fastupdate = off)`;
  });
  options.log(`  full-text index rebuilt in ${((performance.now() - buildStarted) / 1000).toFixed(0)} s`);
  await sql.begin(async (tx) => {
    // The graph of a million 1,536-dimension vectors is several GB: in memory, the build is many times faster.
    await tx`set local maintenance_work_mem = '8GB'`;
    await tx`set local max_parallel_maintenance_workers = 2`;
    await tx`create index chunks_embedding_idx on chunks using hnsw (embedding vector_cosine_ops)`;
  });
  const indexSeconds = (performance.now() - buildStarted) / 1000;
  options.log(`  HNSW index over ${total} chunks built in ${indexSeconds.toFixed(0)} s`);
  await sql`vacuum analyze chunks`;
  return { advisers, totalChunks: total, copySeconds, indexSeconds };
}
