import { expect, test } from "bun:test";
import { itemsFromLines } from "../../../test-support/action-item-lines";
import { thingAwaited, thingHanded } from "./thing-awaited";

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

test("a paper reported as handed to someone is what a later 'it' means", () => {
  expect(thingHanded("Priya emailed you the trustee certification on Tuesday.")).toBe("the trustee certification");
  expect(thingHanded("I sent Dana a short consent form, it's one page.")).toBe("the short consent form");
  expect(thingHanded("She sent me flowers.")).toBeNull();
  const items = itemsFromLines([
    ["Nell Ames", "Bo, there's also the escrow piece."],
    ["Nell Ames", "Priya emailed you the escrow instructions on Tuesday."],
    ["Bo Lind", "Oh, those. They want my bank details."],
    [
      "Nell Ames",
      "That's normal, the title company needs them. Could you fill it out and get it back to Priya by Friday?",
    ],
    ["Bo Lind", "Yes."],
  ]);
  expect(items.map((item) => item.task)).toEqual([
    "Fill the escrow instructions out and get it back to Priya by Friday",
  ]);
});
