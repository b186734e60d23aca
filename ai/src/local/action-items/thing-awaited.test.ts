import { expect, test } from "bun:test";
import { thingAwaited } from "./thing-awaited";

test("the thing a sentence waits for is what its 'it' means", () => {
  expect(thingAwaited("And Ana, when the settlement statement comes in, can you send it to me?")).toBe(
    "the settlement statement",
  );
  expect(thingAwaited("Once your appraisal is back, forward it.")).toBe("the appraisal");
  expect(thingAwaited("As soon as the new policy arrives, sign it.")).toBe("the new policy");
});

test("a sentence waiting for nothing named has none", () => {
  expect(thingAwaited("When you get a chance, send it over.")).toBeNull();
  expect(thingAwaited("Can you forward it to me?")).toBeNull();
});
