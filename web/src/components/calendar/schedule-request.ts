import type { MeetingDetail } from "@cm/api/models";
import type { ScopedMutator } from "swr";
import { apiRequest } from "../../lib/api-request";
import { readLocalDay } from "../../lib/local-day";
import { refreshMeetingLists } from "../../lib/meeting-keys";
import { limitRefusalMessage } from "../meetings/refusal-reason";

export const SUGGESTIONS_KEY = "/api/meetings/schedule/suggestions";

/** The local day (yyyy-MM-dd) at the local time (HH:mm), as an instant; a RangeError when either is not one. */
export function localInstant(day: string, time: string): string {
  const date = readLocalDay(day, time);
  if (!date) throw new RangeError(`not a day and time: ${day} ${time}`);
  return date.toISOString();
}

/** Plans a meeting and refreshes what shows it (calendar, lists, suggestions, client counts). */
export async function scheduleMeeting(
  mutate: ScopedMutator,
  meeting: { clientId: number; title: string; date: string },
): Promise<MeetingDetail> {
  const created = await apiRequest<MeetingDetail>("POST", "/api/meetings/schedule", meeting);
  await Promise.all([refreshMeetingLists(mutate), mutate(SUGGESTIONS_KEY), mutate("/api/clients")]);
  return created;
}

/** The message shown when scheduling failed: the server's reason when it gave one. */
export function scheduleErrorMessage(message: string): string {
  const limit = limitRefusalMessage(message);
  if (limit) return limit;
  const body = message.slice(message.indexOf(":") + 1).trim();
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === "string" && !message.startsWith("5")) return parsed.message;
  } catch {
    // not JSON: the general message
  }
  return "The meeting could not be scheduled. Please try again.";
}
