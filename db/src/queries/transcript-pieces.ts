import type { Sql } from "../client";

// A recording's transcript while it is being made, one row per transcribed piece (migration 026): a job that makes
// way for another account, or a worker that dies, resumes after the last stored piece instead of starting over.

export interface TranscriptPiece {
  piece: number;
  startSeconds: number;
  endSeconds: number;
  /** The piece's segments, their times already on the recording's timeline. */
  segments: unknown[];
}

/** Stores one piece (again, if a run that lost its job stored it already). */
export async function saveTranscriptPiece(sql: Sql, meetingId: number, piece: TranscriptPiece): Promise<void> {
  await sql`
    insert into transcript_pieces (meeting_id, piece, start_seconds, end_seconds, segments)
    values (${meetingId}, ${piece.piece}, ${piece.startSeconds}, ${piece.endSeconds},
      ${sql.json(piece.segments as never)})
    on conflict (meeting_id, piece) do update set start_seconds = excluded.start_seconds,
      end_seconds = excluded.end_seconds, segments = excluded.segments`;
}

/** Where the next piece starts: the last stored piece's end (0 and piece 0 when none is stored). */
export async function nextTranscriptPiece(sql: Sql, meetingId: number): Promise<{ piece: number; start: number }> {
  const [last] = await sql<{ piece: number; endSeconds: number }[]>`
    select piece, end_seconds as "endSeconds" from transcript_pieces where meeting_id = ${meetingId}
    order by piece desc limit 1`;
  return last ? { piece: last.piece + 1, start: last.endSeconds } : { piece: 0, start: 0 };
}

/** Every stored piece in order, read a few at a time (an 8-hour recording's pieces hold its whole transcript). */
export async function readTranscriptPieces(sql: Sql, meetingId: number): Promise<TranscriptPiece[]> {
  const pieces: TranscriptPiece[] = [];
  for (let from = 0; ; ) {
    const rows = await sql<TranscriptPiece[]>`
      select piece, start_seconds as "startSeconds", end_seconds as "endSeconds", segments
      from transcript_pieces where meeting_id = ${meetingId} and piece >= ${from} order by piece limit 50`;
    for (const row of rows) pieces.push(row);
    if (rows.length < 50) return pieces;
    from = rows[rows.length - 1]!.piece + 1;
  }
}

export async function deleteTranscriptPieces(sql: Sql, meetingId: number): Promise<void> {
  await sql`delete from transcript_pieces where meeting_id = ${meetingId}`;
}
