import { expect, test } from "bun:test";
import { format } from "date-fns";
import { plannedFields } from "./planned-upload";

const planned = { id: 9, clientId: 3, title: "Quarterly review", date: new Date(2027, 1, 18, 15, 30).toISOString() };

test("without a planned meeting the upload adds nothing", () => {
  expect(plannedFields(undefined, "2027-02-18")).toEqual({});
});

test("on the planned day the upload keeps the planned time (a known time, type Meeting)", () => {
  expect(plannedFields(planned, format(new Date(planned.date), "yyyy-MM-dd"))).toEqual({
    meetingId: 9,
    date: planned.date,
    type: "Meeting",
  });
});

test("on another day only the id is added: the form's midday date and type Uploaded stay", () => {
  expect(plannedFields(planned, "2027-02-19")).toEqual({ meetingId: 9 });
});
