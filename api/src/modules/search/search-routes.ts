import { AiServiceError } from "@cm/ai";
import { answerQuestion, answerQuestionStream } from "@cm/ai/search";
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { badRequest } from "../../http-error";
import { requireUser } from "../auth/current-user";

const MAX_HISTORY = 20;

/** POST /api/search: `{ result, sources }`, or a server-sent event stream with `Accept: text/event-stream`. */
export function searchRoutes(ctx: AppContext) {
  return new Elysia({ name: "search" }).post(
    "/api/search",
    async ({ request, body }) => {
      const user = await requireUser(ctx, request);
      const query = body.query.trim();
      if (!query) throw badRequest("validation failed: query is required");
      const history = (body.conversationHistory ?? []).slice(-MAX_HISTORY);
      const deps = { sql: ctx.db.sql, embedder: ctx.ai.embedder, composer: ctx.composer };
      if (!(request.headers.get("accept") ?? "").includes("text/event-stream")) {
        return answerQuestion(deps, user.id, query, history, { signal: request.signal });
      }
      const answer = await answerQuestionStream(deps, user.id, query, history, { signal: request.signal });
      const encoder = new TextEncoder();
      const event = (name: string, data: unknown) =>
        encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(event("sources", answer.sources));
          let result = "";
          try {
            for await (const chunk of answer.chunks) {
              result += chunk;
              controller.enqueue(event("delta", chunk));
            }
            controller.enqueue(event("done", { result, sources: answer.sources }));
          } catch (error) {
            ctx.logger.error("answer stream failed", { error: (error as Error).message });
            // The AI service's own reason ("rejected the API key") lets the page show the matching toast.
            const message =
              error instanceof AiServiceError
                ? error.message
                : "There was a problem processing your search. Please try again.";
            controller.enqueue(event("error", { message }));
          }
          controller.close();
        },
      });
      return new Response(stream, {
        headers: {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-store",
          "x-accel-buffering": "no",
        },
      });
    },
    {
      body: t.Object({
        query: t.String({ maxLength: 2000 }),
        conversationHistory: t.Optional(
          t.Array(
            t.Object({
              role: t.Union([t.Literal("user"), t.Literal("assistant")]),
              content: t.String({ maxLength: 20_000 }),
            }),
            { maxItems: 200 },
          ),
        ),
      }),
    },
  );
}
