import { Elysia } from "elysia";
import { cachedUserRead } from "../../cache/response-cache";
import type { AppContext } from "../../context";
import { clampInstant, DATE_RANGE_TEXT, isInDateRange, parseInstant } from "../../http/parse-instant";
import { badRequest } from "../../http-error";
import { auditWho, recordRead } from "../audit/audited";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody, IdParams, MessageBody } from "../common-model";
import { DEFAULT_PAGE_SIZE, nextPageUrl, parseCursor } from "./meeting-cursor";
import {
  getUserMeeting,
  listUserMeetings,
  removeMeeting,
  retryMeeting,
  transcribeMeetingAgain,
  uploadMeeting,
} from "./meetings-service";
import { AudioBytes, MeetingDetailAnswer, MeetingList, MeetingListQuery } from "./model";
import { serveStoredAudio } from "./serve-audio";

const DAY_MS = 24 * 3600 * 1000;

/**
 * `date=yyyy-MM-dd` is that UTC day; `from`/`to` are instants (the calendar sends local day bounds);
 * `recentDays=n` is the last n days (the dashboard's "Recent Activity"). Its end is a day past now, not now: the
 * upload form dates a meeting at local midday, so one held this morning is dated a few hours ahead, in any time zone.
 * Meetings dated later than that are not recent activity.
 */
function dateFilters(query: MeetingListQuery) {
  const { from, to } = unclampedDateFilters(query);
  return { from: from && clampInstant(from), to: to && clampInstant(to) };
}

function unclampedDateFilters(query: MeetingListQuery): { from?: Date | undefined; to?: Date | undefined } {
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
  const first = new Date(Date.UTC(year, index, 1));
  if (!match || index < 0 || index > 11 || !isInDateRange(first)) {
    throw badRequest(`validation failed: month must be yyyy-MM ${DATE_RANGE_TEXT}`);
  }
  return {
    from: new Date(Date.UTC(year, index, 1) - 7 * DAY_MS),
    to: new Date(Date.UTC(year, index + 1, 1) + 7 * DAY_MS),
  };
}

export function meetingsRoutes(ctx: AppContext) {
  return (
    new Elysia({ name: "meetings" })
      .use(signedInMacro(ctx))
      .get(
        "/api/meetings",
        async ({ request, query, user }) => {
          const limit = query.limit ?? DEFAULT_PAGE_SIZE;
          const filters = { clientId: query.clientId, ...dateFilters(query), after: parseCursor(query.cursor), limit };
          return cachedUserRead(ctx.responseCache, user, request, async () => {
            const page = await listUserMeetings(ctx, user.id, filters);
            // A full page may have a next one: say where it starts (RFC 8288), as the web client does from the last item.
            const last = page.length === limit ? page[page.length - 1] : undefined;
            const headers: Record<string, string> = {};
            if (last) headers.link = `<${nextPageUrl(request.url, last)}>; rel="next"`;
            // A cached answer is a ready Response, which Elysia does not check again: `satisfies` checks it here.
            return { data: page satisfies MeetingList, headers };
          });
        },
        { signedIn: true, query: MeetingListQuery, response: { 200: MeetingList, 400: ErrorBody, 401: ErrorBody } },
      )
      .post(
        "/api/meetings/upload",
        async ({ request, set, user }) => {
          const meeting = await uploadMeeting(ctx, user.id, request);
          await recordRead(ctx.db.sql, auditWho(ctx, request, user), {
            action: "meeting.created",
            target: { kind: "meeting", id: meeting.id },
            meetingId: meeting.id,
            clientId: meeting.clientId,
            details: { title: meeting.title, source: "upload" },
          });
          set.status = 201;
          return meeting;
        },
        // Multipart read from the request stream by our own reader: Elysia must leave the body unread.
        { signedIn: true, parse: "none", response: { 201: MeetingDetailAnswer, 400: ErrorBody, 401: ErrorBody } },
      )
      .get(
        "/api/meetings/:id",
        async ({ params, request, user }) => {
          const meeting = await getUserMeeting(ctx, user.id, params.id);
          await recordRead(ctx.db.sql, auditWho(ctx, request, user), {
            action: "meeting.viewed",
            target: { kind: "meeting", id: meeting.id },
            meetingId: meeting.id,
            clientId: meeting.clientId,
          });
          return meeting;
        },
        {
          signedIn: true,
          params: IdParams,
          response: { 200: MeetingDetailAnswer, 401: ErrorBody, 404: ErrorBody },
        },
      )
      .delete(
        "/api/meetings/:id",
        async ({ params, request, user }) => {
          await removeMeeting(ctx, user.id, params.id, auditWho(ctx, request, user));
          return { message: "Meeting deleted" };
        },
        {
          signedIn: true,
          params: IdParams,
          response: { 200: MessageBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      )
      .post("/api/meetings/:id/retry", async ({ params, user }) => retryMeeting(ctx, user.id, params.id), {
        signedIn: true,
        params: IdParams,
        response: { 200: MeetingDetailAnswer, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      })
      // "Transcribe again": a draft transcript made offline is dropped with its summary once a speech service is set.
      .post(
        "/api/meetings/:id/transcribe",
        async ({ params, request, user }) =>
          transcribeMeetingAgain(ctx, user.id, params.id, auditWho(ctx, request, user)),
        {
          signedIn: true,
          params: IdParams,
          response: { 200: MeetingDetailAnswer, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody },
        },
      )
      .get(
        "/api/meetings/:id/audio",
        async ({ request, params, user }) => {
          const answer = await serveStoredAudio(ctx, user.id, params.id, request);
          // A player asks for ranges of the file; a request for the whole file is a download.
          const action = request.headers.has("range") ? "recording.played" : "recording.downloaded";
          if (answer.status < 300) {
            await recordRead(ctx.db.sql, auditWho(ctx, request, user), {
              action,
              target: { kind: "recording", id: params.id },
              meetingId: params.id,
            });
          }
          return answer;
        },
        {
          signedIn: true,
          params: IdParams,
          response: { 200: AudioBytes, 206: AudioBytes, 401: ErrorBody, 404: ErrorBody },
        },
      )
  );
}
