// The audit trail's own retention at its edges: the cut under the rule in force, held back by an earlier schedule's
// promise until that promise has run out, and never under "forever".
import { expect, test } from "bun:test";
import { auditCutoff, auditKeptUntil, nextAuditPromises } from "./audit-retention";

const at = (iso: string) => new Date(iso);
const years = (amount: number) => ({ mode: "years", amount }) as const;
const days = (amount: number) => ({ mode: "days", amount }) as const;

test("rows older than the rule's period may go; no period, nothing goes", () => {
  expect(auditCutoff(days(30), [], at("2030-03-31T00:00:00Z"))).toEqual(at("2030-03-01T00:00:00Z"));
  expect(auditCutoff({ mode: "forever", amount: 0 }, [], at("2030-01-01T00:00:00Z"))).toBeNull();
  expect(auditCutoff({ mode: "none", amount: 0 }, [], at("2030-01-01T00:00:00Z"))).toBeNull();
});

test("a schedule shortened from 6 to 5 years keeps the rows written before the change 6 years", () => {
  const changed = at("2030-01-01T00:00:00Z");
  const promises = nextAuditPromises([], years(6), changed);
  expect(promises).toEqual([{ before: changed.toISOString(), mode: "years", amount: 6 }]);
  // In 2033 the 5-year rule would cut at 2028, the promise holds it at 2027.
  expect(auditCutoff(years(5), promises, at("2033-06-01T00:00:00Z"))).toEqual(at("2027-06-01T00:00:00Z"));
  // Once every row before the change is six years old, the rule in force alone decides.
  expect(auditCutoff(years(5), promises, at("2036-06-01T00:00:00Z"))).toEqual(at("2031-06-01T00:00:00Z"));
  // And the expired promise is dropped at the next change.
  expect(nextAuditPromises(promises, { mode: "none", amount: 0 }, at("2036-06-01T00:00:00Z"))).toEqual([]);
});

test("a 'forever' promise stops every disposal", () => {
  const promises = nextAuditPromises([], { mode: "forever", amount: 0 }, at("2030-01-01T00:00:00Z"));
  expect(auditCutoff(days(1), promises, at("2090-01-01T00:00:00Z"))).toBeNull();
  expect(auditKeptUntil(days(1), promises, at("2031-01-01T00:00:00Z"))).toBe("forever");
});

test("the trail is kept until its last row's period ends, or an earlier promise's for the rows before it", () => {
  expect(auditKeptUntil(years(5), [], at("2030-02-03T00:00:00Z"))).toEqual(at("2035-02-03T00:00:00Z"));
  const promises = [{ before: "2030-01-01T00:00:00.000Z", mode: "years" as const, amount: 6 }];
  expect(auditKeptUntil(days(30), promises, at("2031-01-01T00:00:00Z"))).toEqual(at("2036-01-01T00:00:00Z"));
  expect(auditKeptUntil(years(5), [], null)).toBeNull();
});
