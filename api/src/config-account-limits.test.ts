import { expect, test } from "bun:test";
import { ACCOUNT_LIMIT_DEFAULTS, readAccountLimitsConfig } from "./config-account-limits";

test("every account limit is on by default, with the values the operating guide states", () => {
  expect(readAccountLimitsConfig({})).toEqual(ACCOUNT_LIMIT_DEFAULTS);
  expect(ACCOUNT_LIMIT_DEFAULTS.standard).toEqual({
    meetings: 10_000,
    clients: 5_000,
    noteCharacters: 100_000,
    actionItemsPerMeeting: 200,
    contactsPerClient: 50,
    creationsPerMinute: 60,
  });
});

test("each variable takes a whole number or off; FREE_ ones set the free plan alone", () => {
  const config = readAccountLimitsConfig({
    MEETINGS_PER_ACCOUNT: "off",
    CLIENTS_PER_ACCOUNT: " 12 ",
    FREE_CREATIONS_PER_MINUTE: "10",
    NOTE_MAX_CHARACTERS: "off",
    CONTACTS_PER_CLIENT: "off",
  });
  expect(config.standard.meetings).toBeUndefined();
  expect(config.standard.clients).toBe(12);
  expect(config.free.clients).toBe(5_000);
  expect(config.free.creationsPerMinute).toBe(10);
  expect(config.standard.creationsPerMinute).toBe(60);
  // Limits the request bodies also bound: off is their ceiling.
  expect(config.standard.noteCharacters).toBe(1_000_000);
  expect(config.standard.contactsPerClient).toBe(1_000);
});

test("a value that is not a whole number in range is refused at start with the variable named", () => {
  expect(() => readAccountLimitsConfig({ CLIENTS_PER_ACCOUNT: "1.5" })).toThrow(
    'CLIENTS_PER_ACCOUNT must be a whole number from 1 to 1000000000 or off, got "1.5"',
  );
  expect(() => readAccountLimitsConfig({ FREE_NOTE_MAX_CHARACTERS: "2000000" })).toThrow(
    "FREE_NOTE_MAX_CHARACTERS must be a whole number from 1 to 1000000",
  );
  expect(() => readAccountLimitsConfig({ ACTION_ITEMS_PER_MEETING: "0" })).toThrow("ACTION_ITEMS_PER_MEETING");
});
