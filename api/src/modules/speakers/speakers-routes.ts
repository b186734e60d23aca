import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { auditWho } from "../audit/audited";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdParams } from "../common-model";
import { RenameSpeakerAnswer, RenameSpeakerBody } from "./model";
import { renameMeetingSpeaker } from "./speakers-service";

/** A meeting's speakers renamed once for the whole meeting (its transcript, action items and search index). */
export function speakersRoutes(ctx: AppContext) {
  return new Elysia({ name: "speakers" })
    .use(signedInMacro(ctx))
    .put(
      "/api/meetings/:id/speakers",
      async ({ params, body, request, user }) =>
        renameMeetingSpeaker(ctx, user.id, params.id, body, auditWho(ctx, request, user)),
      {
        signedIn: true,
        params: IdParams,
        body: RenameSpeakerBody,
        response: {
          200: RenameSpeakerAnswer,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          413: ErrorBody,
        },
      },
    );
}
