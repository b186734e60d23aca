import { readStats } from "@cm/db/queries/stats";
import { Elysia } from "elysia";
import { cachedUserRead } from "../../cache/response-cache";
import type { AppContext } from "../../context";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody } from "../common-model";
import { Stats } from "./model";

export function statsRoutes(ctx: AppContext) {
  return new Elysia({ name: "stats" }).use(signedInMacro(ctx)).get(
    "/api/stats",
    // A cached answer is a ready Response, which Elysia does not check again: `satisfies` checks it here.
    async ({ request, user }) =>
      cachedUserRead(ctx.responseCache, user, request, async () => ({
        data: (await readStats(ctx.db.sql, user.id)) satisfies Stats,
      })),
    { signedIn: true, response: { 200: Stats, 401: ErrorBody } },
  );
}
