import { findInSegments } from "@cm/db/queries/transcript-find";
import { findSegmentAt } from "@cm/db/queries/transcript-moment";
import {
  findTranscriptTotals,
  MAX_TEXT_RANGE,
  readSegmentRange,
  readTextRange,
  type TranscriptTotals,
} from "@cm/db/queries/transcript-pages";
import type { AppContext } from "../../context";
import { badRequest, notFound } from "../../http-error";
import type { TranscriptSegment } from "./model";

/** A range's end before its start is a mistake worth naming, not an empty answer. */
function checkRange(query: { from?: number | undefined; to?: number | undefined }) {
  if (query.to !== undefined && query.to < (query.from ?? 0)) {
    throw badRequest("validation failed: to: must not be less than from");
  }
}

async function requireTotals(ctx: AppContext, userId: number, meetingId: number): Promise<TranscriptTotals> {
  const totals = await findTranscriptTotals(ctx.db.sql, userId, meetingId);
  // Another user's meeting and a missing one answer the same 404; one without a transcript yet has nothing in range.
  if (!totals) throw notFound("Meeting");
  return totals;
}

/** The first segments (up to the range budget) and the totals, for the meeting answer; null without a transcript. */
export async function readTranscriptOpening(ctx: AppContext, userId: number, meetingId: number) {
  const totals = await findTranscriptTotals(ctx.db.sql, userId, meetingId);
  if (!totals?.hasTranscript) return null;
  const range = await readSegmentRange(ctx.db.sql, {
    meetingId,
    from: 0,
    to: totals.segmentCount,
    total: totals.segmentCount,
  });
  const { fullTextLength, segmentCount, speakers } = totals;
  return { fullTextLength, segmentCount, speakers, segments: range.segments as TranscriptSegment[] };
}

/** The segment at a moment of the user's meeting (GET /api/meetings/{id}/transcript/at?t=). */
export async function findUserSegmentAt(ctx: AppContext, userId: number, meetingId: number, seconds: number) {
  await requireTotals(ctx, userId, meetingId);
  return { segment: await findSegmentAt(ctx.db.sql, meetingId, seconds) };
}

export async function readUserSegmentRange(
  ctx: AppContext,
  userId: number,
  meetingId: number,
  query: { from?: number | undefined; to?: number | undefined },
) {
  checkRange(query);
  const { segmentCount } = await requireTotals(ctx, userId, meetingId);
  const from = query.from ?? 0;
  const range = await readSegmentRange(ctx.db.sql, {
    meetingId,
    from,
    to: query.to ?? segmentCount,
    total: segmentCount,
  });
  return { ...range, segments: range.segments as TranscriptSegment[] };
}

export async function readUserTextRange(
  ctx: AppContext,
  userId: number,
  meetingId: number,
  query: { from?: number | undefined; to?: number | undefined },
) {
  checkRange(query);
  const { fullTextLength } = await requireTotals(ctx, userId, meetingId);
  const from = query.from ?? 0;
  return readTextRange(ctx.db.sql, { meetingId, from, to: query.to ?? from + MAX_TEXT_RANGE, total: fullTextLength });
}

/** Without words to find (no `q`) nothing is found; an empty `q` is refused by the query schema. */
export async function findInUserTranscript(
  ctx: AppContext,
  userId: number,
  meetingId: number,
  query: string | undefined,
) {
  const { segmentCount } = await requireTotals(ctx, userId, meetingId);
  if (query === undefined) return { matches: [], total: 0 };
  return findInSegments(ctx.db.sql, { meetingId, words: query, segmentCount });
}
