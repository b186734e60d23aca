import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { HttpError, unauthorized } from "../http-error";
import { readSessionId } from "../modules/auth/current-user";
import { hashSid } from "../modules/auth/session-service";
import { signedInMacro } from "../modules/auth/signed-in";
import { ErrorBody } from "../modules/common-model";
import { createLiveHub, type LiveHub } from "./live-hub";

const hubs = new WeakMap<AppContext, LiveHub>();

/** The live hub of an app context: one per server, made on first use. */
export function liveHubOf(ctx: AppContext): LiveHub {
  let hub = hubs.get(ctx);
  if (!hub) {
    hub = createLiveHub({ sql: ctx.db.sql, logger: ctx.logger });
    hubs.set(ctx, hub);
  }
  return hub;
}

/** Ends the server's live streams: they never end by themselves, so a graceful stop would wait for them forever. */
export function closeLiveStreams(ctx: AppContext): void {
  hubs.get(ctx)?.closeAll();
}

/**
 * GET /api/live: a server-sent event stream for the signed-in user. `version` events carry the user's data version
 * (the first at once, then each change); `signed-out` ends it when the session does.
 */
export function liveRoutes(ctx: AppContext) {
  return new Elysia({ name: "live" }).use(signedInMacro(ctx)).get(
    "/api/live",
    ({ request, cookie, user }) => {
      const sid = readSessionId(ctx, cookie);
      if (!sid) throw unauthorized();
      const stream = liveHubOf(ctx).open(user, hashSid(sid), request.signal);
      if (!stream) {
        throw new HttpError(
          429,
          "Too many live connections: rate limited. Close some of the app's tabs and try again.",
          "rate_limited",
        );
      }
      return new Response(stream, {
        headers: {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-store",
          // Proxies (nginx) must pass events on as they come, not buffer them.
          "x-accel-buffering": "no",
        },
      });
    },
    { signedIn: true, response: { 401: ErrorBody, 429: ErrorBody } },
  );
}
