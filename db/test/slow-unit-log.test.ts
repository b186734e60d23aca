import { afterEach, expect, spyOn, test } from "bun:test";
import { SlowUnitLog } from "../src/slow-unit-log";

const encoder = new TextEncoder();
/** A protocol message: its type letter, a length (not read by the log), then its fields. */
const message = (type: string, ...fields: string[]) =>
  new Uint8Array([type.charCodeAt(0), 0, 0, 0, 0, ...fields.flatMap((f) => [...encoder.encode(f), 0])]);

const errors = spyOn(console, "error").mockImplementation(() => {});
afterEach(() => errors.mockClear());

test("a unit over the threshold is named by its statement, also when a prepared statement is bound again", () => {
  const log = new SlowUnitLog(0);
  log.begin(1, message("P", "s1", "insert into  chunks\n values ($1)"), true);
  log.end();
  log.begin(1, message("B", "", "s1"), true);
  log.end();
  log.begin(2, message("Q", "begin"), true);
  log.begin(2, message("P", "", "delete from meetings where id = $1"), false);
  log.end();
  const lines = errors.mock.calls.map((call) => String(call[0]));
  expect(lines[0]).toMatch(
    /^\[embedded db\] held \d+ ms from \d\d:\d\d:\d\d\.\d{3} by: insert into chunks values \(\$1\)$/,
  );
  expect(lines[1]).toEndWith("by: insert into chunks values ($1)");
  expect(lines[2]).toEndWith("by: begin; delete from meetings where id = $1");
});

test("a unit under the threshold is not reported", () => {
  const log = new SlowUnitLog(60_000);
  log.begin(1, message("Q", "select 1"), true);
  log.end();
  expect(errors).not.toHaveBeenCalled();
});
