import { expect, test } from "bun:test";
import { withFrontedObject } from "./fronted-object";

test("the topic said first is the object of a promise that has none", () => {
  expect(withFrontedObject("confirm with the valuation", "The sale price, at the low end, ")).toBe(
    "confirm the sale price with the valuation",
  );
  expect(withFrontedObject("file by Friday", "And your amended return, ")).toBe("file the amended return by Friday");
  expect(withFrontedObject("sign", "That lease, ")).toBe("sign that lease");
});

test("a promise with its own object, a verb that takes none, or no topic first stays as said", () => {
  expect(withFrontedObject("send the letter to Ana", "The lease, ")).toBe("send the letter to Ana");
  expect(withFrontedObject("talk to the bank", "The loan, ")).toBe("talk to the bank");
  expect(withFrontedObject("confirm with the bank", "Once we hear back, ")).toBe("confirm with the bank");
  expect(withFrontedObject("confirm with the bank", "")).toBe("confirm with the bank");
});
