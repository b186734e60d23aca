import type { Sql } from "../client";

export async function listPendingFileDeletions(sql: Sql, limit = 100): Promise<string[]> {
  const rows = await sql<{ path: string }[]>`select path from file_deletions order by created_at limit ${limit}`;
  return rows.map((r) => r.path);
}

export async function clearFileDeletion(sql: Sql, path: string): Promise<void> {
  await sql`delete from file_deletions where path = ${path}`;
}
