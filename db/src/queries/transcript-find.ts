import type { Sql } from "../client";
import { type BatchSizing, StatementBatches } from "./statement-batches";

// Find in a transcript: which segments hold some words, literally and ignoring case. The segments' lowered text
// (search_text, migration 028) is scanned a window of positions per statement, each window sized by the statements'
// measured time, so a 10 MB transcript is a handful of short statements and other requests run between them on the
// embedded database's one session.

/** Most matches a find answers with; `total` still counts them all. */
export const MAX_FIND_MATCHES = 200;

/**
 * Segments per scanning statement: 10,000 segments of a 10 MB transcript take about 5-10 ms (embedded), so another
 * account's request waits about that long behind each find in progress.
 */
export const FIND_WINDOWS: BatchSizing = { initial: 5_000, max: 10_000, targetMs: 20 };

/** Rows per statement when a meeting's lowered text is filled in (rows written before migration 028). */
const FILL_BATCHES: BatchSizing = { initial: 500, max: 5_000, targetMs: 50 };

/**
 * Characters of the words compared with strpos. PostgreSQL's strpos (Boyer-Moore-Horspool) may compare up to the
 * needle's length at each character of the text, so longer words are looked for by this prefix, and the rows holding
 * it are checked with a literal regular expression (`***=`, linear in the text).
 */
export const STRPOS_NEEDLE_CHARS = 16;

export interface FindResult {
  /** Positions of the first MAX_FIND_MATCHES segments holding the words, in order. */
  matches: number[];
  total: number;
}

export interface FindOptions {
  windows?: BatchSizing;
  /** Called with each scanned window [from, to), for tests and benchmarks. */
  onWindow?: (from: number, to: number) => void;
}

/**
 * Fills in the lowered text of the meeting's rows written before migration 028, a bounded batch per statement; a
 * meeting with none left costs one probe of a (then empty) partial index.
 */
export async function fillSearchText(sql: Sql, meetingId: number): Promise<void> {
  const batches = new StatementBatches(FILL_BATCHES);
  for (;;) {
    const size = batches.size;
    const started = performance.now();
    const filled = await sql`
      update transcript_segments set search_text = coalesce(lower(segment ->> 'text'), '')
      where meeting_id = ${meetingId} and position in (
        select position from transcript_segments where meeting_id = ${meetingId} and search_text is null
        order by position limit ${size})`;
    batches.record(size, performance.now() - started);
    if (filled.count < size) return;
  }
}

/** The words as PostgreSQL lowers them (the text was lowered by it), so both sides fold case the same way. */
async function lowerAsDatabase(sql: Sql, words: string): Promise<string> {
  const [row] = await sql<{ needle: string }[]>`select lower(${words}) as needle`;
  return row?.needle ?? words.toLowerCase();
}

/**
 * Positions of the segments among [from, to) whose text holds `needle` (already lowered), the first `limit` in
 * order, and how many there are in the window.
 */
async function scanWindow(sql: Sql, meetingId: number, needle: string, from: number, to: number, limit: number) {
  const points = [...needle];
  const prefix = points.slice(0, STRPOS_NEEDLE_CHARS).join("");
  const text = sql`coalesce(search_text, lower(segment ->> 'text'))`;
  // A case, so the expression only ever runs on the rows strpos found the prefix in (the planner would order the
  // two conditions of an `and` by their cost, and the cheaper one is the expression).
  const holds =
    points.length > STRPOS_NEEDLE_CHARS
      ? sql`case when strpos(${text}, ${prefix}) > 0 then ${text} ~ ${`***=${needle}`} else false end`
      : sql`strpos(${text}, ${prefix}) > 0`;
  const rows = await sql<{ position: number; total: number }[]>`
    select position, count(*) over ()::int as total from transcript_segments
    where meeting_id = ${meetingId} and position >= ${from} and position < ${to} and ${holds}
    order by position limit ${Math.max(limit, 1)}`;
  return { positions: rows.slice(0, limit).map((r) => r.position), total: rows[0]?.total ?? 0 };
}

/**
 * Indexes of the segments whose text holds `words` (case-insensitive, literal: no character is special), in order.
 * `segmentCount` is the transcript's (segments sit at positions 0 to segmentCount - 1). Linear in the text and the
 * words whatever they hold; a NUL, which no stored text can hold, finds nothing.
 */
export async function findInSegments(
  sql: Sql,
  { meetingId, words, segmentCount }: { meetingId: number; words: string; segmentCount: number },
  options: FindOptions = {},
): Promise<FindResult> {
  if (words === "" || words.includes("\u0000") || segmentCount <= 0) return { matches: [], total: 0 };
  await fillSearchText(sql, meetingId);
  const needle = await lowerAsDatabase(sql, words);
  const windows = new StatementBatches(options.windows ?? FIND_WINDOWS);
  const matches: number[] = [];
  let total = 0;
  for (let from = 0; from < segmentCount; ) {
    const to = Math.min(segmentCount, from + windows.size);
    options.onWindow?.(from, to);
    const started = performance.now();
    const found = await scanWindow(sql, meetingId, needle, from, to, MAX_FIND_MATCHES - matches.length);
    windows.record(to - from, performance.now() - started);
    matches.push(...found.positions);
    total += found.total;
    from = to;
  }
  return { matches, total };
}
