import { type Static, t } from "elysia";
import { Nullable, SingleLine } from "../common-model";
import { TranscriptSegment } from "./model";

/** A whole number of 0 or more as query text: a pattern, so a bad value's message names its field. */
const Offset = t.String({ pattern: "^[0-9]{1,9}$", error: "must be a whole number of 0 or more" });

/** `from` (first index, default 0) and `to` (one past the last, default as far as one range goes). */
export const RangeQuery = t.Object({ from: t.Optional(Offset), to: t.Optional(Offset) });

/** The query's offsets as numbers. */
export function parseRange(query: { from?: string | undefined; to?: string | undefined }) {
  return {
    from: query.from === undefined ? undefined : Number(query.from),
    to: query.to === undefined ? undefined : Number(query.to),
  };
}

/** Segment indexes [from, to) of the `total`; `to` may stop short of the asked end: the next range starts there. */
export const SegmentRangeAnswer = t.Object(
  { from: t.Integer(), to: t.Integer(), total: t.Integer(), segments: t.Array(TranscriptSegment) },
  { noValidate: true },
);

/** Characters [from, to) of the text's `total` (Unicode code points); `to` may stop short of the asked end. */
export const TextRangeAnswer = t.Object({ from: t.Integer(), to: t.Integer(), total: t.Integer(), text: t.String() });

/** `t`: seconds from the start of the recording (as `/meetings/{id}?t=` links carry them). */
export const MomentQuery = t.Object({
  t: t.String({ pattern: "^[0-9]{1,7}(\\.[0-9]{1,3})?$" }),
});

/** The index of the segment that moment falls in; null when the transcript has no times. */
export const MomentAnswer = t.Object({ segment: Nullable(t.Integer()) });

/** `q`: the words to find, literally and ignoring case (without it, nothing is found). */
export const FindQuery = t.Object({ q: t.Optional(SingleLine({ minLength: 1, maxLength: 200 })) });

/** Indexes of the segments holding the words, in order (the first MAX_FIND_MATCHES); `total` counts them all. */
export const FindAnswer = t.Object({ matches: t.Array(t.Integer()), total: t.Integer() });

export type SegmentRangeAnswer = Static<typeof SegmentRangeAnswer>;
export type TextRangeAnswer = Static<typeof TextRangeAnswer>;
export type FindAnswer = Static<typeof FindAnswer>;
export type MomentAnswer = Static<typeof MomentAnswer>;
