import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { auditWho } from "../audit/audited";
import { refuseTooMany } from "../auth/rate-limited";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdParams } from "../common-model";
import { draftFollowUp, listSentEmails, sendFollowUp } from "./follow-up-service";
import { FollowUpBody, FollowUpDraft, FollowUpSentAnswer, SentEmailList } from "./model";

/** Follow-up e-mail of a processed meeting (issue 14): the draft, and sending it. */
export function followUpRoutes(ctx: AppContext) {
  return new Elysia({ name: "follow-up" })
    .use(signedInMacro(ctx))
    .get("/api/meetings/:id/follow-up", async ({ params, user }) => draftFollowUp(ctx, user, params.id), {
      signedIn: true,
      params: IdParams,
      response: { 200: FollowUpDraft, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    })
    .get("/api/meetings/:id/emails", async ({ params, user }) => listSentEmails(ctx, user.id, params.id), {
      signedIn: true,
      params: IdParams,
      response: { 200: SentEmailList, 401: ErrorBody, 404: ErrorBody },
    })
    .post(
      "/api/meetings/:id/follow-up",
      async ({ body, params, request, set, user }) => {
        const sent = await sendFollowUp(ctx, user, params.id, body, auditWho(ctx, request, user));
        if ("retryAfterSeconds" in sent) {
          const minutes = Math.max(1, Math.ceil(sent.retryAfterSeconds / 60));
          return refuseTooMany(
            set,
            sent.retryAfterSeconds,
            `Too many follow-up e-mails sent. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
          );
        }
        set.status = 201;
        return sent;
      },
      {
        signedIn: true,
        params: IdParams,
        body: FollowUpBody,
        response: {
          201: FollowUpSentAnswer,
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          429: ErrorBody,
          502: ErrorBody,
        },
      },
    );
}
