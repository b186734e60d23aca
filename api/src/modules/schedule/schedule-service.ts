import { countMeetings } from "@cm/db/queries/account-limits";
import { findClient } from "@cm/db/queries/clients";
import { insertPlannedMeeting, listMeetingDatesFrom, listPromisedNextMeetings } from "@cm/db/queries/schedule";
import type { AppContext } from "../../context";
import { parseInstant } from "../../http/parse-instant";
import { badRequest } from "../../http-error";
import { getUserMeeting } from "../meetings/meetings-service";
import { findQuotaLimits } from "../usage/account-quotas";
import { countCreation } from "../usage/creation-rate";
import { type CountCheck, limitedWrite } from "../usage/limited-write";
import type { ScheduleMeetingBody, ScheduleSuggestion } from "./model";

const DAY_MS = 24 * 3600 * 1000;
/** How many suggestions are offered at most. */
const MAX_SUGGESTIONS = 20;

/**
 * Creates a planned meeting for one of the user's clients; answers it as GET /api/meetings/{id} does. It counts as a
 * creation of the minute and a meeting of the account (429 past either), and its bytes against storage (413).
 */
export async function scheduleMeeting(ctx: AppContext, userId: number, body: ScheduleMeetingBody) {
  const title = body.title.trim();
  if (!title) throw badRequest("validation failed: title is required");
  const date = parseInstant(body.date, "date");
  if (!date) throw badRequest("validation failed: date is required");
  const client = await findClient(ctx.db.sql, userId, body.clientId);
  if (!client) throw badRequest("validation failed: clientId: no such client");
  await countCreation(ctx, userId);
  const { counts } = await findQuotaLimits(ctx, userId);
  const meetings: CountCheck = { name: "meetings", limit: counts.meetings, read: (tx) => countMeetings(tx, userId) };
  const id = await limitedWrite(ctx, userId, meetings, (tx) =>
    insertPlannedMeeting(tx, { userId, clientId: client.id, title, date }),
  );
  return getUserMeeting(ctx, userId, id);
}

/** A real calendar day written yyyy-MM-dd (the summaries' text may name 2027-02-30). */
function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Next-meeting dates the summaries named, from yesterday on (a day of margin for time zones), that the calendar
 * has no meeting of that client for within a day and a half of that day's noon (UTC): each once, from the newest
 * meeting that named it.
 */
export async function suggestPlannedMeetings(ctx: AppContext, userId: number, now = new Date()) {
  const from = new Date(now.getTime() - DAY_MS);
  const promised = await listPromisedNextMeetings(ctx.db.sql, userId, from.toISOString().slice(0, 10));
  const taken = await listMeetingDatesFrom(ctx.db.sql, userId, new Date(from.getTime() - 2 * DAY_MS));
  const seen = new Set<string>();
  const suggestions: ScheduleSuggestion[] = [];
  for (const next of promised) {
    const key = `${next.clientId} ${next.date}`;
    if (seen.has(key) || !isCalendarDay(next.date)) continue;
    seen.add(key);
    const noon = Date.parse(`${next.date}T12:00:00Z`);
    const booked = taken.some(
      (m) =>
        m.clientId === next.clientId && m.id !== next.meetingId && Math.abs(m.date.getTime() - noon) <= 1.5 * DAY_MS,
    );
    if (booked) continue;
    suggestions.push({
      clientId: next.clientId,
      clientName: next.clientName,
      date: next.date,
      ...(next.time ? { time: next.time } : {}),
      topics: next.topics,
      title: `Follow-up: ${next.meetingTitle}`.slice(0, 300),
      meetingId: next.meetingId,
      meetingTitle: next.meetingTitle,
    });
  }
  return suggestions.sort((a, b) => a.date.localeCompare(b.date)).slice(0, MAX_SUGGESTIONS);
}
