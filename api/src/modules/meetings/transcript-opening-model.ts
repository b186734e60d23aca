import { t } from "elysia";

/**
 * What the meeting answer says of its transcript beyond the opening it carries: `fullText` is the text's first
 * characters and `segments` the first segments (up to a size budget); the rest comes in ranges from
 * GET /api/meetings/{id}/transcript (segments) and /transcript/text (text).
 */
export const TranscriptOpeningParts = {
  /** Characters (Unicode code points) of the whole text; more to read when greater than what `fullText` holds. */
  fullTextLength: t.Integer(),
  /** Segments of the whole transcript; more to read when greater than `segments.length`. */
  segmentCount: t.Integer(),
  /** The distinct speakers of the whole transcript, in order of first appearance. */
  speakers: t.Array(t.String()),
};
