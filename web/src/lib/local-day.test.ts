import { expect, test } from "bun:test";
import { localInstant } from "../components/calendar/schedule-request";
import { readLocalDay } from "./local-day";
import { middayIso } from "./meeting-format";
import { filteredMeetingsKey, localDayBounds } from "./meeting-keys";

test("a day and a time are read as local time", () => {
  expect(readLocalDay("2026-03-31", "14:30")).toEqual(new Date(2026, 2, 31, 14, 30));
  expect(localInstant("2026-03-31", "14:30")).toBe(new Date(2026, 2, 31, 14, 30).toISOString());
  expect(middayIso("2026-03-31")).toBe(new Date(2026, 2, 31, 12).toISOString());
  expect(localDayBounds("2026-03-31")).toEqual({
    from: new Date(2026, 2, 31).toISOString(),
    to: new Date(2026, 3, 1).toISOString(),
  });
});

test("a blank or impossible day is no day, never 1 January 1900 or a day in the next month", () => {
  for (const day of ["", " ", "2026", "2026-02-30", "2026-13-01", "2026-3-5", "31/03/2026", "2026-03-31x"]) {
    expect({ day, read: readLocalDay(day) }).toEqual({ day, read: null });
    expect({ day, midday: middayIso(day) }).toEqual({ day, midday: null });
    expect({ day, bounds: localDayBounds(day) }).toEqual({ day, bounds: null });
    expect(() => localInstant(day, "10:00")).toThrow(RangeError);
  }
  // A day filter that is no day filters nothing rather than asking for 1900.
  expect(filteredMeetingsKey(null, "")).toBe(filteredMeetingsKey(null, null));
  expect(filteredMeetingsKey(3, "2026-02-30")).toBe(filteredMeetingsKey(3, null));
});
