import { readStats } from "@cm/db/src/queries/stats";
import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { requireUser } from "../auth/current-user";

export function statsRoutes(ctx: AppContext) {
  return new Elysia({ name: "stats" }).get("/api/stats", async ({ request }) => {
    const user = await requireUser(ctx, request);
    return readStats(ctx.db.sql, user.id);
  });
}
