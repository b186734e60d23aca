// A next meeting on a wrong day (issue 38: "none is better than wrong"): the notes give a specific day that is not
// the day agreed, or give one when none was agreed and it is not a day the set accepts. A next meeting without a
// day, or no next meeting at all, is never on a wrong day (it may still miss the agreed day: a separate figure).
import { addDays, isoDay, type TruthMeeting } from "./advisor-set";
import { dayAfter, type Set2Meeting } from "./advisor-set-2";
import { fitsSaidWeekday } from "./notes-scoring";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day the notes give, when it is a specific one (yyyy-MM-dd); "next month" and the like are not. */
const specificDay = (got: { date: string | null } | null) => (got?.date && ISO_DAY.test(got.date) ? got.date : null);

/** Sets 2 and 3: offsetDays N is the agreed day (moved to a Monday on a weekend); null accepts only acceptDate. */
export function set2WrongDay(
  truth: Set2Meeting["nextMeeting"],
  meetingDate: Date,
  got: { date: string | null } | null,
): boolean {
  const day = specificDay(got);
  if (day === null) return false;
  if (truth.offsetDays === null) return truth.acceptDate === undefined || !new RegExp(truth.acceptDate, "i").test(day);
  return day !== isoDay(dayAfter(meetingDate, truth.offsetDays));
}

/**
 * Set 1: dateOffsetDays N is the agreed day; without one, a day is right only when it is a weekday the meeting named
 * within two weeks (the set's own rule, fitsSaidWeekday); with no next meeting in the truth, any day is wrong.
 */
export function set1WrongDay(
  truth: TruthMeeting["nextMeeting"],
  meetingDate: Date,
  got: { date: string | null } | null,
): boolean {
  const day = specificDay(got);
  if (day === null) return false;
  if (truth === null) return true;
  if (truth.dateOffsetDays === null) return !fitsSaidWeekday(truth.said, meetingDate, day);
  return day !== isoDay(addDays(meetingDate, truth.dateOffsetDays));
}
