import { expect, test } from "bun:test";
import { clockTimeOf, localDayOf, parseClockTime } from "./clock-time";

test("times of day are read in the forms people type and written as HH:mm", () => {
  expect(parseClockTime("9:30")).toBe("09:30");
  expect(parseClockTime(" 14:05 ")).toBe("14:05");
  expect(parseClockTime("0930")).toBe("09:30");
  expect(parseClockTime("23.59")).toBe("23:59");
  expect(parseClockTime("24:00")).toBeNull();
  expect(parseClockTime("9:7")).toBeNull();
  expect(parseClockTime("3:30 PM")).toBeNull();
  expect(parseClockTime("")).toBeNull();
});

test("a moment's local time and day", () => {
  const moment = new Date(2026, 10, 3, 7, 4);
  expect(clockTimeOf(moment)).toBe("07:04");
  expect(localDayOf(moment.getTime())).toBe("2026-11-03");
});
