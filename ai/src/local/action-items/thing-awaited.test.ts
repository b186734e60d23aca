import { expect, test } from "bun:test";
import { itemsFromLines } from "../../../test-support/action-item-lines";
import { thingAwaited, thingHanded, thingOpened } from "./thing-awaited";

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

test("a sentence that opens with a thing and then promises, after 'so', to do something to 'it' means that thing", () => {
  expect(thingOpened("The estimate I sent used last year's rate, so I'll redo it tonight.")).toBe("the estimate");
  expect(thingOpened("Okay, the deed has a typo, so we'll fix it before the signing.")).toBe("the deed");
  // No promise after "so", or nothing opened with: none.
  expect(thingOpened("The deed has a typo, so it goes back to the county.")).toBeNull();
  expect(thingOpened("I'll redo it tonight.")).toBeNull();
  const items = itemsFromLines([
    ["Nell Ames", "The budget I sent assumed the old rent, so I'll redo it by Friday."],
    ["Bo Lind", "Thanks."],
  ]);
  expect(items.map((item) => item.task)).toEqual(["Redo the budget by Friday"]);
});
