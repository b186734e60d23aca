// Periods and client names in questions become database filters: checked here directly, beyond the four
// example questions the search tests ask.
import { expect, test } from "bun:test";
import { matchClients } from "./understand/match-client";
import { parsePeriod } from "./understand/parse-period";

// A Monday afternoon, local time.
const NOW = new Date(2026, 5, 15, 15, 30);
const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);

test("last week and last month are the 7 and 30 days up to now", () => {
  const week = parsePeriod("What did we discuss last week?", NOW)!;
  expect(week.from).toEqual(day(2026, 6, 8));
  expect(week.to).toEqual(NOW);
  expect(parsePeriod("meetings in the past 7 days", NOW)!.from).toEqual(day(2026, 6, 8));
  const month = parsePeriod("Key points from all meetings last month", NOW)!;
  expect(month.from).toEqual(day(2026, 5, 16));
  expect(month.label).toBe("in the last month");
});

test("a month is the latest one not in the future; a year can be named", () => {
  const april = parsePeriod("Which clients did I meet in April?", NOW)!;
  expect([april.from, april.to]).toEqual([day(2026, 4, 1), day(2026, 5, 1)]);
  const december = parsePeriod("What happened in December?", NOW)!;
  expect(december.from).toEqual(day(2025, 12, 1)); // December 2026 has not come yet
  expect(parsePeriod("meetings during sept 2024", NOW)!.from).toEqual(day(2024, 9, 1));
  const year = parsePeriod("every meeting in 2025", NOW)!;
  expect([year.from, year.to]).toEqual([day(2025, 1, 1), day(2026, 1, 1)]);
});

test("an explicit date, with or without a year, is that whole day", () => {
  const iso = parsePeriod("What did we agree on 2026-03-03?", NOW)!;
  expect(iso.from).toEqual(day(2026, 3, 3));
  expect(iso.to.getDate()).toBe(3);
  expect(iso.to.getHours()).toBe(23);
  expect(parsePeriod("the meeting on March 3rd", NOW)!.from).toEqual(day(2026, 3, 3));
  expect(parsePeriod("the meeting on Dec 5", NOW)!.from).toEqual(day(2025, 12, 5)); // not in the future
  expect(parsePeriod("on July 4, 2024", NOW)!.from).toEqual(day(2024, 7, 4));
  expect(parsePeriod("yesterday's call", NOW)!.from).toEqual(day(2026, 6, 14));
});

test("a question with no period has none", () => {
  expect(parsePeriod("What did the client say about the donor-advised fund?", NOW)).toBeUndefined();
  expect(parsePeriod("Who may march into the meeting?", NOW)).toBeUndefined();
});

const clients = [
  { id: 1, name: "Hendricks Family Trust" },
  { id: 2, name: "Okafor Holdings" },
  { id: 3, name: "Maria Delgado" },
  { id: 4, name: "Family Office Partners" },
];

test("client names match leniently: part of the name, a possessive, a one-letter slip", () => {
  expect(matchClients("When was my last meeting with the Hendricks trust?", clients).map((c) => c.id)).toEqual([1]);
  expect(matchClients("What did Okafor's team decide?", clients).map((c) => c.id)).toEqual([2]);
  expect(matchClients("notes from the Hendrick meeting", clients).map((c) => c.id)).toEqual([1]);
  expect(matchClients("action items for Maria Delgado", clients).map((c) => c.id)).toEqual([3]);
});

test("a one-letter slip counts only in a word written as a name: 'water' is no 'Walter'", () => {
  const walter = [{ id: 9, name: "Walter and Ruth Pierce" }];
  expect(matchClients("What is the boiling point of water in Kelvin?", walter)).toEqual([]);
  expect(matchClients("What did Walte say about the annuity?", walter).map((c) => c.id)).toEqual([9]);
  expect(matchClients("what did walter say about the annuity?", walter).map((c) => c.id)).toEqual([9]);
});

test("generic words alone never pick a client", () => {
  expect(matchClients("What did the family decide about the trust?", clients)).toEqual([]);
  expect(matchClients("Which partners did I meet?", clients)).toEqual([]);
});
