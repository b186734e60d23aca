import type { Sql } from "../client";

// Who appends to a resumable upload's partial file (migration 031): one request at a time across processes.

const lease = (ms: number) => `${Math.max(1, Math.round(ms))} milliseconds`;

export type WriterClaim = "taken" | "held" | "gone";

/**
 * Takes the upload for `token` when no writer holds it or its lease ran out ("taken"); "held" while another does,
 * whom this asks to stop; "gone" when the upload no longer exists.
 */
export async function claimUploadWriter(sql: Sql, id: string, token: string, leaseMs: number): Promise<WriterClaim> {
  const [row] = await sql<{ taken: boolean }[]>`update resumable_uploads set
      writer = case when writer is null or writer_until < now() then ${token} else writer end,
      writer_until = case when writer is null or writer_until < now()
        then now() + ${lease(leaseMs)}::interval else writer_until end,
      writer_wanted = not (writer is null or writer_until < now())
    where id = ${id}
    returning writer = ${token} as taken`;
  if (!row) return "gone";
  return row.taken ? "taken" : "held";
}

/** Keeps the upload for another lease: "kept", "wanted" (a newer request waits: stop), or "lost" (not ours now). */
export async function renewUploadWriter(
  sql: Sql,
  id: string,
  token: string,
  leaseMs: number,
): Promise<"kept" | "wanted" | "lost"> {
  const [row] = await sql<{ wanted: boolean }[]>`update resumable_uploads
    set writer_until = now() + ${lease(leaseMs)}::interval
    where id = ${id} and writer = ${token}
    returning writer_wanted as wanted`;
  if (!row) return "lost";
  return row.wanted ? "wanted" : "kept";
}

/**
 * Lets go of the upload, and in the same statement records the bytes received up to `progress.offset` (and the
 * length, once a deferred one is known) and hands back what the request reserved past them (migration 033). Nothing
 * is written when the upload is no longer this writer's: false.
 */
export async function releaseUploadWriter(
  sql: Sql,
  id: string,
  token: string,
  progress?: { offset: number; length: number | null },
): Promise<boolean> {
  const rows = progress
    ? await sql`update resumable_uploads set writer = null, writer_until = null,
        upload_offset = ${progress.offset}, upload_length = coalesce(upload_length, ${progress.length}),
        reserved_bytes = ${progress.offset}, updated_at = now()
      where id = ${id} and writer = ${token} returning id`
    : await sql`update resumable_uploads set writer = null, writer_until = null, reserved_bytes = upload_offset
      where id = ${id} and writer = ${token} returning id`;
  return rows.length === 1;
}
