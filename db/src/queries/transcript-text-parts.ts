import type { Sql } from "../client";
import { STATEMENT_TARGET_MS, StatementBatches } from "./statement-batches";

// A transcript's text as rows of transcript_text_parts (migration 023): written a few parts per statement, so a long
// transcript never holds the embedded database in one statement, and read by character range from the parts a range
// overlaps. Offsets and lengths count code points, as Postgres's length() and substr() do.

/** UTF-16 units of text per part (64 KB to 192 KB of UTF-8): a part is written or read in tens of milliseconds. */
export const TEXT_PART_UNITS = 65_536;
/** Parts per statement, sized by the statements' measured time. */
const PART_BATCHES = { initial: 1, max: 16, targetMs: STATEMENT_TARGET_MS };
/** Parts per statement when the whole text is read. */
const PARTS_PER_READ = 8;

export interface TextPart {
  part: number;
  /** Code points of the text before this part. */
  startsAt: number;
  textLength: number;
  text: string;
}

/** Code points of `text` (a lone surrogate counts one, as it is stored as U+FFFD). */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++, count++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return count;
}

/** The text cut into parts of at most `units` UTF-16 units, never inside a surrogate pair; "" is one empty part. */
export function splitTextParts(text: string, units = TEXT_PART_UNITS): TextPart[] {
  const parts: TextPart[] = [];
  let startsAt = 0;
  for (let from = 0, part = 0; from < text.length || part === 0; part++) {
    let to = Math.min(text.length, from + Math.max(units, 2));
    const last = text.charCodeAt(to - 1);
    if (to < text.length && last >= 0xd800 && last <= 0xdbff) to--;
    const piece = text.slice(from, to);
    const textLength = codePoints(piece);
    parts.push({ part, startsAt, textLength, text: piece });
    startsAt += textLength;
    from = to;
  }
  return parts;
}

/** The first `count` code points of `text`. */
export function leadingCodePoints(text: string, count: number): string {
  let end = 0;
  for (let n = 0; n < count && end < text.length; n++) {
    const unit = text.charCodeAt(end);
    end += unit >= 0xd800 && unit <= 0xdbff && text.charCodeAt(end + 1) >= 0xdc00 ? 2 : 1;
  }
  return text.slice(0, end);
}

/**
 * Writes the transcript's text as parts (the transcript row must exist), replaced in place and the leftovers removed
 * last, so a reader never finds the text missing while it is written. Returns its length in code points.
 */
export async function writeTranscriptTextParts(sql: Sql, meetingId: number, text: string): Promise<number> {
  const parts = splitTextParts(text);
  await new StatementBatches(PART_BATCHES).run(parts, async (batch) => {
    const rows = batch.map((p) => ({
      meeting_id: meetingId,
      part: p.part,
      starts_at: p.startsAt,
      text_length: p.textLength,
      text: p.text,
    }));
    await sql`insert into transcript_text_parts ${sql(rows as never)}
      on conflict (meeting_id, part) do update set starts_at = excluded.starts_at,
        text_length = excluded.text_length, text = excluded.text`;
    return true;
  });
  await sql`delete from transcript_text_parts where meeting_id = ${meetingId} and part >= ${parts.length}`;
  const last = parts.at(-1);
  return last ? last.startsAt + last.textLength : 0;
}

/** Code points `start` up to (not including) `end` of the text, read from the parts the range overlaps. */
export async function readTextParts(sql: Sql, meetingId: number, start: number, end: number): Promise<string> {
  if (start >= end) return "";
  const [row] = await sql<{ text: string | null }[]>`
    select string_agg(
      substr(text, greatest(${start} - starts_at, 0) + 1, least(${end} - starts_at, text_length) - greatest(${start} - starts_at, 0)),
      '' order by part) as text
    from transcript_text_parts
    where meeting_id = ${meetingId} and starts_at < ${end} and starts_at + text_length > ${start}`;
  return row?.text ?? "";
}

/** The whole text, read a few parts per statement; undefined when the meeting has no transcript text. */
export async function readWholeText(sql: Sql, meetingId: number): Promise<string | undefined> {
  const pieces: string[] = [];
  for (let from = 0; ; from += PARTS_PER_READ) {
    const rows = await sql<{ text: string }[]>`
      select text from transcript_text_parts
      where meeting_id = ${meetingId} and part >= ${from} and part < ${from + PARTS_PER_READ} order by part`;
    for (const row of rows) pieces.push(row.text);
    if (rows.length < PARTS_PER_READ) break;
  }
  return pieces.length === 0 ? undefined : pieces.join("");
}
