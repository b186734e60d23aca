import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { auditWho } from "../audit/audited";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdParams } from "../common-model";
import { MeetingDetailAnswer } from "../meetings/model";
import { SummaryPatchBody } from "./model";
import { editUserSummary } from "./summary-edits-service";

/** The advisor corrects what the AI wrote and marks the notes reviewed (issue 21). */
export function summaryEditsRoutes(ctx: AppContext) {
  return new Elysia({ name: "summary-edits" })
    .use(signedInMacro(ctx))
    .patch(
      "/api/meetings/:id/summary",
      async ({ params, body, request, user }) =>
        editUserSummary(ctx, user, params.id, body, auditWho(ctx, request, user)),
      {
        signedIn: true,
        params: IdParams,
        body: SummaryPatchBody,
        response: { 200: MeetingDetailAnswer, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    );
}
