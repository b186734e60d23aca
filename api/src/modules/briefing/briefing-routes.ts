import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdParams } from "../common-model";
import { buildBriefing } from "./briefing-service";
import { Briefing } from "./model";

/** "Prepare for next meeting" on a client's row. */
export function briefingRoutes(ctx: AppContext) {
  return new Elysia({ name: "briefing" })
    .use(signedInMacro(ctx))
    .get("/api/clients/:id/briefing", async ({ params, user }) => buildBriefing(ctx.db.sql, user.id, params.id), {
      signedIn: true,
      params: IdParams,
      response: { 200: Briefing, 401: ErrorBody, 404: ErrorBody },
    });
}
