import { expect, test } from "bun:test";
import { asksWhenScheduled } from "../understand/scheduled-question";

test("a question for when an event was set, not a deadline or a duration", () => {
  expect(asksWhenScheduled("When was the signing scheduled for?")).toBe(true);
  expect(asksWhenScheduled("What is the annual review booked for?")).toBe(true);
  expect(asksWhenScheduled("When is the appraisal visit set for?")).toBe(true);
  expect(asksWhenScheduled("By when do they need to sign the forms?")).toBe(false);
  expect(asksWhenScheduled("How long is the scheduled maintenance?")).toBe(false);
  expect(asksWhenScheduled("When did Ada sign?")).toBe(false);
});
