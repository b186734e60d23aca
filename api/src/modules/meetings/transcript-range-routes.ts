import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { auditWho, recordRead } from "../audit/audited";
import { refuseTooMany } from "../auth/rate-limited";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdParams } from "../common-model";
import { hitTranscriptFindLimit, tooManyFindsText } from "./transcript-find-limits";
import {
  findInUserTranscript,
  findUserSegmentAt,
  readUserSegmentRange,
  readUserTextRange,
} from "./transcript-pages-service";
import {
  FindAnswer,
  FindQuery,
  MomentAnswer,
  MomentQuery,
  parseRange,
  RangeQuery,
  SegmentRangeAnswer,
  TextRangeAnswer,
} from "./transcript-range-model";

const ERRORS = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/**
 * A long transcript in ranges: the meeting answer carries its opening, the page reads on as the reader scrolls
 * (segments), copies (text) or finds words (segment indexes). Each answer is bounded in size.
 */
export function transcriptRangeRoutes(ctx: AppContext) {
  /** A page of the transcript read (once in ten minutes a person: audit-actions.ts), once it has been answered. */
  const viewed = async <T>(request: Request, user: { id: number }, meetingId: number, answer: T) => {
    await recordRead(ctx.db.sql, auditWho(ctx, request, user), {
      action: "transcript.viewed",
      target: { kind: "transcript", id: meetingId },
      meetingId,
    });
    return answer;
  };
  return new Elysia({ name: "transcript-ranges" })
    .use(signedInMacro(ctx))
    .get(
      "/api/meetings/:id/transcript",
      async ({ params, query, request, user }) =>
        viewed(request, user, params.id, await readUserSegmentRange(ctx, user.id, params.id, parseRange(query))),
      { signedIn: true, params: IdParams, query: RangeQuery, response: { 200: SegmentRangeAnswer, ...ERRORS } },
    )
    .get(
      "/api/meetings/:id/transcript/text",
      async ({ params, query, request, user }) =>
        viewed(request, user, params.id, await readUserTextRange(ctx, user.id, params.id, parseRange(query))),
      { signedIn: true, params: IdParams, query: RangeQuery, response: { 200: TextRangeAnswer, ...ERRORS } },
    )
    .get(
      "/api/meetings/:id/transcript/find",
      async ({ params, query, user, set }) => {
        // Counted before the meeting is looked up: a loop of finds is limited whatever it asks for.
        const wait = await hitTranscriptFindLimit(ctx.db.sql, ctx.config, user.id);
        if (wait > 0) return refuseTooMany(set, wait, tooManyFindsText(wait));
        return findInUserTranscript(ctx, user.id, params.id, query.q);
      },
      {
        signedIn: true,
        params: IdParams,
        query: FindQuery,
        response: { 200: FindAnswer, ...ERRORS, 429: ErrorBody },
      },
    )
    .get(
      "/api/meetings/:id/transcript/at",
      async ({ params, query, user }) => findUserSegmentAt(ctx, user.id, params.id, Number(query.t)),
      { signedIn: true, params: IdParams, query: MomentQuery, response: { 200: MomentAnswer, ...ERRORS } },
    );
}
