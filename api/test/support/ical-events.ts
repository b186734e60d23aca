// Reads an iCalendar text back with ical.js (the parser of Thunderbird's calendar): the feed's tests check what a
// calendar app would see, not the text the generator wrote.
import ICAL from "ical.js";

export interface ParsedEvent {
  uid: string;
  summary: string;
  start: Date;
  end: Date;
  description: string;
  status: unknown;
  /** A whole-day event (DTSTART as a date, no time). */
  allDay: boolean;
}

export function parseCalendarEvents(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      description: event.description,
      status: vevent.getFirstPropertyValue("status"),
      allDay: event.startDate.isDate,
    };
  });
}
