import { revokeCalendarFeed } from "@cm/db/queries/calendar-feed";
import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { notFound } from "../../http-error";
import { auditedChange, auditWho } from "../audit/audited";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, MessageBody } from "../common-model";
import { createFeedUrl, feedState, renderFeed, setFeedSummaries } from "./calendar-feed-service";
import { CalendarFeedCreated, CalendarFeedSettings, CalendarFeedState, CalendarText, FeedFileParams } from "./model";

/**
 * The user's iCalendar feed: managed from the calendar page (signed in), read by calendar apps at a secret URL
 * with no session (the token is the secret).
 */
export function calendarFeedRoutes(ctx: AppContext) {
  return new Elysia({ name: "calendar-feed" })
    .use(signedInMacro(ctx))
    .get("/api/calendar/feed", async ({ user }) => feedState(ctx, user.id), {
      signedIn: true,
      response: { 200: CalendarFeedState, 401: ErrorBody },
    })
    .patch(
      "/api/calendar/feed",
      async ({ body, request, user }) =>
        setFeedSummaries(ctx, user.id, body.includeSummaries, auditWho(ctx, request, user)),
      {
        signedIn: true,
        body: CalendarFeedSettings,
        response: { 200: CalendarFeedState, 400: ErrorBody, 401: ErrorBody, 422: ErrorBody },
      },
    )
    .post(
      "/api/calendar/feed",
      async ({ request, set, user }) => {
        const created = await createFeedUrl(ctx, user.id, auditWho(ctx, request, user));
        set.status = 201;
        set.headers["cache-control"] = "no-store";
        return created;
      },
      { signedIn: true, response: { 201: CalendarFeedCreated, 401: ErrorBody } },
    )
    .delete(
      "/api/calendar/feed",
      async ({ request, user }) => {
        const revoked = await auditedChange(
          ctx.db.sql,
          auditWho(ctx, request, user),
          (tx) => revokeCalendarFeed(tx, user.id),
          (done) =>
            done
              ? {
                  action: "settings.changed",
                  target: { kind: "calendar-feed", id: null },
                  details: { feed: "revoked" },
                }
              : undefined,
        );
        if (!revoked) throw notFound("Calendar feed");
        return { message: "Calendar feed revoked" };
      },
      { signedIn: true, response: { 200: MessageBody, 401: ErrorBody, 404: ErrorBody } },
    )
    .get(
      "/api/calendar/:file",
      async ({ params }) => {
        const text = await renderFeed(ctx, params.file);
        if (text === undefined) throw notFound("Calendar feed");
        return new Response(text, {
          headers: {
            "content-type": "text/calendar; charset=utf-8",
            "content-disposition": 'inline; filename="clearminute.ics"',
            // The URL is a secret: no shared cache keeps the answer, and no page it is opened from learns it.
            "cache-control": "private, no-store",
            "referrer-policy": "no-referrer",
          },
        });
      },
      { params: FeedFileParams, response: { 200: CalendarText, 404: ErrorBody } },
    );
}
