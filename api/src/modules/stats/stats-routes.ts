import { readStats } from "@cm/db/queries/stats";
import { Elysia } from "elysia";
import { cachedUserRead } from "../../cache/response-cache";
import type { AppContext } from "../../context";
import { requireUser } from "../auth/current-user";

export function statsRoutes(ctx: AppContext) {
  return new Elysia({ name: "stats" }).get("/api/stats", async ({ request }) => {
    const user = await requireUser(ctx, request);
    return cachedUserRead(ctx.responseCache, user, request, async () => ({
      data: await readStats(ctx.db.sql, user.id),
    }));
  });
}
