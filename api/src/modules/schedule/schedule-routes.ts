import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { signedInMacro } from "../auth/signed-in";
import { ErrorBody } from "../common-model";
import { MeetingDetailAnswer } from "../meetings/model";
import { ScheduleMeetingBody, ScheduleSuggestionList } from "./model";
import { scheduleMeeting, suggestPlannedMeetings } from "./schedule-service";

/** "Schedule New Meeting" on the calendar, and the next meetings the summaries named, offered to plan. */
export function scheduleRoutes(ctx: AppContext) {
  return new Elysia({ name: "schedule" })
    .use(signedInMacro(ctx))
    .post(
      "/api/meetings/schedule",
      async ({ body, set, user }) => {
        const meeting = await scheduleMeeting(ctx, user.id, body);
        set.status = 201;
        return meeting;
      },
      {
        signedIn: true,
        body: ScheduleMeetingBody,
        response: { 201: MeetingDetailAnswer, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody, 429: ErrorBody },
      },
    )
    .get("/api/meetings/schedule/suggestions", async ({ user }) => suggestPlannedMeetings(ctx, user.id), {
      signedIn: true,
      response: { 200: ScheduleSuggestionList, 401: ErrorBody },
    });
}
