import { expect, test } from "bun:test";
import { startFieldsAfterChoosing } from "./start-from-file";

const at = (year: number, month: number, day: number, hour: number, minute: number) =>
  new Date(year, month - 1, day, hour, minute).getTime();
const audio = (lastModified: number) => ({ name: "call.m4a", lastModified });
const empty = { date: "", time: "", timeFromFile: false };

test("a recording made on the meeting's day gives its clock time", () => {
  expect(startFieldsAfterChoosing(audio(at(2026, 4, 14, 9, 41)), { ...empty, date: "2026-04-14" })).toEqual({
    date: "2026-04-14",
    time: "09:41",
    timeFromFile: true,
  });
});

test("without a chosen day the recording gives the day and the time", () => {
  expect(startFieldsAfterChoosing(audio(at(2026, 5, 2, 15, 5)), empty)).toEqual({
    date: "2026-05-02",
    time: "15:05",
    timeFromFile: true,
  });
});

test("a time the advisor typed is never replaced or cleared by a file", () => {
  const typed = { date: "2026-04-14", time: "08:15", timeFromFile: false };
  expect(startFieldsAfterChoosing(audio(at(2026, 4, 14, 11, 0)), typed)).toEqual(typed);
  expect(startFieldsAfterChoosing({ name: "notes.vtt", lastModified: at(2026, 4, 14, 11, 0) }, typed)).toEqual(typed);
});

test("a time from an earlier file is replaced by the next recording of that day", () => {
  const fromFile = { date: "2026-04-14", time: "09:41", timeFromFile: true };
  expect(startFieldsAfterChoosing(audio(at(2026, 4, 14, 11, 0)), fromFile).time).toBe("11:00");
});

test("a time from an earlier file goes when the new file says nothing of this meeting", () => {
  const fromFile = { date: "2026-04-14", time: "09:41", timeFromFile: true };
  const cleared = { date: "2026-04-14", time: "", timeFromFile: false };
  expect(startFieldsAfterChoosing(audio(at(2026, 1, 2, 16, 0)), fromFile)).toEqual(cleared);
  expect(startFieldsAfterChoosing({ name: "call.vtt", lastModified: at(2026, 4, 14, 9, 0) }, fromFile)).toEqual(
    cleared,
  );
  expect(startFieldsAfterChoosing(audio(0), fromFile)).toEqual(cleared);
});

test("a transcript file's time is not taken", () => {
  expect(startFieldsAfterChoosing({ name: "call.vtt", lastModified: at(2026, 4, 14, 9, 0) }, empty)).toEqual(empty);
});
