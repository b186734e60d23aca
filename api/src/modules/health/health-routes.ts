import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { Health } from "./model";

/** GET /api/health: what this process runs on, and whether the database answers. */
export function healthRoutes(ctx: AppContext) {
  return new Elysia({ name: "health" }).get(
    "/api/health",
    async ({ set }) => {
      let reachable = true;
      try {
        await ctx.db.sql`select 1`;
      } catch {
        reachable = false;
      }
      if (!reachable) set.status = 503;
      return {
        status: reachable ? ("ok" as const) : ("degraded" as const),
        version: ctx.config.version,
        process: ctx.config.processName ?? "main",
        database: { mode: ctx.db.mode, reachable },
        ai: {
          engine: ctx.ai.name,
          transcription: ctx.ai.canTranscribe,
          speech: ctx.ai.engines.speech && { engine: ctx.ai.engines.speech.engine, draft: ctx.ai.engines.speech.draft },
          summary: { engine: ctx.ai.engines.summary },
          embeddings: { engine: ctx.ai.engines.embeddings },
        },
        mail: { transport: ctx.mailer.transport },
        payments: { enabled: ctx.payments !== undefined },
      };
    },
    { response: { 200: Health, 503: Health } },
  );
}
