import { format } from "date-fns";

/** A planned meeting (status "Scheduled") that an upload takes the place of. */
export interface PlannedMeeting {
  id: number;
  clientId: number;
  title: string;
  /** ISO 8601 instant, with the time the meeting was planned at. */
  date: string;
}

/**
 * What the upload's meetingData adds for a planned meeting: its id, and its planned time when the day was left
 * as planned (the form asks only for a day, which would otherwise be sent at midday).
 */
export function plannedFields(planned: PlannedMeeting | undefined, day: string) {
  if (!planned) return {};
  const sameDay = format(new Date(planned.date), "yyyy-MM-dd") === day;
  return { meetingId: planned.id, ...(sameDay ? { date: planned.date, type: "Meeting" } : {}) };
}
