import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdParams } from "../common-model";
import { RecordVersionList } from "./model";
import { listMeetingVersions } from "./versions-service";

/** A meeting's records through time (migration 039): versions, not overwrites. */
export function versionsRoutes(ctx: AppContext) {
  return new Elysia({ name: "versions" })
    .use(signedInMacro(ctx))
    .get("/api/meetings/:id/versions", async ({ params, user }) => listMeetingVersions(ctx, user.id, params.id), {
      signedIn: true,
      params: IdParams,
      response: { 200: RecordVersionList, 401: ErrorBody, 404: ErrorBody },
    });
}
