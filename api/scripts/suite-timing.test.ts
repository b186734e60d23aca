import { describe, expect, test } from "bun:test";
import { FileClock, formatDuration } from "./suite-timing";

describe("FileClock", () => {
  test("gives each file the time until the next file starts, across split output, longest first", () => {
    let now = 0;
    const clock = new FileClock(() => now);
    clock.see("bun test v1\n\napi/test/a.test.ts:\n(pass) one\napi/te");
    now = 1000;
    clock.see("st/b.test.tsx:\n(pass) two\n");
    now = 4000;
    clock.see("(pass) three\ndb/test/c.test.ts:\n");
    now = 4500;
    expect(clock.durations()).toEqual([
      { file: "api/test/b.test.tsx", ms: 3000 },
      { file: "api/test/a.test.ts", ms: 1000 },
      { file: "db/test/c.test.ts", ms: 500 },
    ]);
  });

  test("ignores lines that only mention a test file", () => {
    const clock = new FileClock(() => 0);
    clock.see("error at api/test/a.test.ts:12\n  api/test/a.test.ts: \n");
    expect(clock.durations()).toEqual([]);
  });
});

test("formatDuration", () => {
  expect(formatDuration(4500)).toBe("4.5 s");
  expect(formatDuration(83_000)).toBe("1 min 23 s");
});
