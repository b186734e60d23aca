import { Elysia } from "elysia";
import { redactPath } from "../http/redact-path";
import type { Logger } from "../logger";

/** One structured line per request: method, path (secrets in it redacted), status, duration. */
export function requestLog(logger: Logger) {
  return new Elysia({ name: "request-log" })
    .derive({ as: "global" }, () => ({ requestStartedAt: performance.now() }))
    .onAfterResponse({ as: "global" }, ({ request, set, requestStartedAt, response }) => {
      const status = response instanceof Response ? response.status : typeof set.status === "number" ? set.status : 200;
      logger.info("request", {
        method: request.method,
        path: redactPath(new URL(request.url).pathname),
        status,
        durationMs: Math.round((performance.now() - (requestStartedAt ?? performance.now())) * 10) / 10,
      });
    });
}
