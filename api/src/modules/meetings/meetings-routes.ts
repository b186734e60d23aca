import { Elysia, t } from "elysia";
import { cachedUserRead } from "../../cache/response-cache";
import type { AppContext } from "../../context";
import { clampInstant, parseInstant } from "../../http/parse-instant";
import { badRequest } from "../../http-error";
import { requireUser } from "../auth/current-user";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, nextPageUrl, parseCursor } from "./meeting-cursor";
import { getUserMeeting, listUserMeetings, removeMeeting, retryMeeting, uploadMeeting } from "./meetings-service";
import { serveStoredAudio } from "./serve-audio";

const idParams = t.Object({ id: t.Numeric({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

const DAY_MS = 24 * 3600 * 1000;

/**
 * `date=yyyy-MM-dd` is that UTC day; `from`/`to` are instants (the calendar sends local day bounds);
 * `recentDays=n` is the last n days (the dashboard's "Recent Activity"). Its end is a day past now, not now: the
 * upload form dates a meeting at local midday, so one held this morning is dated a few hours ahead, in any time zone.
 * Meetings dated later than that are not recent activity.
 */
function dateFilters(query: { date?: string; from?: string; to?: string; recentDays?: number; month?: string }) {
  const { from, to } = unclampedDateFilters(query);
  return { from: from && clampInstant(from), to: to && clampInstant(to) };
}

function unclampedDateFilters(query: {
  date?: string;
  from?: string;
  to?: string;
  recentDays?: number;
  month?: string;
}): { from?: Date | undefined; to?: Date | undefined } {
  if (query.month !== undefined) return monthRange(query.month);
  if (query.recentDays !== undefined) {
    const now = Date.now();
    return {
      from: new Date(now - query.recentDays * DAY_MS),
      to: parseInstant(query.to, "to") ?? new Date(now + DAY_MS),
    };
  }
  if (query.date) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(query.date)) throw badRequest("validation failed: date must be yyyy-MM-dd");
    const from = parseInstant(`${query.date}T00:00:00.000Z`, "date")!;
    return { from, to: new Date(from.getTime() + DAY_MS) };
  }
  return { from: parseInstant(query.from, "from"), to: parseInstant(query.to, "to") };
}

/**
 * `month=yyyy-MM`: the calendar's month with a week on either side, in UTC. The grid shows up to six days of the
 * months around it, and a week of margin covers that in every time zone, so the key is the same for the server that
 * renders the page and for any browser, which places each meeting on its local day.
 */
function monthRange(month: string) {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const year = Number(match?.[1]);
  const index = Number(match?.[2]) - 1;
  if (!match || index < 0 || index > 11) throw badRequest("validation failed: month must be yyyy-MM");
  return {
    from: new Date(Date.UTC(year, index, 1) - 7 * DAY_MS),
    to: new Date(Date.UTC(year, index + 1, 1) + 7 * DAY_MS),
  };
}

export function meetingsRoutes(ctx: AppContext) {
  return new Elysia({ name: "meetings" })
    .get(
      "/api/meetings",
      async ({ request, query }) => {
        const user = await requireUser(ctx, request);
        const limit = query.limit ?? DEFAULT_PAGE_SIZE;
        const filters = { clientId: query.clientId, ...dateFilters(query), after: parseCursor(query.cursor), limit };
        return cachedUserRead(ctx.responseCache, user, request, async () => {
          const page = await listUserMeetings(ctx, user.id, filters);
          // A full page may have a next one: say where it starts (RFC 8288), as the web client does from the last item.
          const last = page.length === limit ? page[page.length - 1] : undefined;
          const headers: Record<string, string> = {};
          if (last) headers.link = `<${nextPageUrl(request.url, last)}>; rel="next"`;
          return { data: page, headers };
        });
      },
      {
        query: t.Object({
          clientId: t.Optional(t.Numeric({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
          date: t.Optional(t.String({ maxLength: 10 })),
          from: t.Optional(t.String({ maxLength: 40 })),
          to: t.Optional(t.String({ maxLength: 40 })),
          recentDays: t.Optional(t.Numeric({ minimum: 1, maximum: 366 })),
          month: t.Optional(t.String({ maxLength: 7 })),
          limit: t.Optional(t.Numeric({ minimum: 1, maximum: MAX_PAGE_SIZE })),
          cursor: t.Optional(t.String({ maxLength: 60 })),
        }),
      },
    )
    .post(
      "/api/meetings/upload",
      async ({ request, set }) => {
        const user = await requireUser(ctx, request);
        const meeting = await uploadMeeting(ctx, user.id, request);
        set.status = 201;
        return meeting;
      },
      { parse: "none" },
    )
    .get(
      "/api/meetings/:id",
      async ({ request, params }) => getUserMeeting(ctx, (await requireUser(ctx, request)).id, params.id),
      {
        params: idParams,
      },
    )
    .delete(
      "/api/meetings/:id",
      async ({ request, params }) => {
        await removeMeeting(ctx, (await requireUser(ctx, request)).id, params.id);
        return { message: "Meeting deleted" };
      },
      { params: idParams },
    )
    .post(
      "/api/meetings/:id/retry",
      async ({ request, params }) => retryMeeting(ctx, (await requireUser(ctx, request)).id, params.id),
      {
        params: idParams,
      },
    )
    .get(
      "/api/meetings/:id/audio",
      async ({ request, params }) => serveStoredAudio(ctx, (await requireUser(ctx, request)).id, params.id, request),
      {
        params: idParams,
      },
    );
}
