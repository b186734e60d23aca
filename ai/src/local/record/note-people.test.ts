import { expect, test } from "bun:test";
import { clientLabel } from "./note-people";

test("a client named as two people is a couple, whether or not the recording labels its speakers", () => {
  expect(clientLabel("Ben and Alicia Marsh")).toEqual({ label: "Ben and Alicia", plural: true });
  // Unlabelled segments read as blank speakers: they name no one, so they cannot say the names are no one's.
  expect(clientLabel("Ben and Alicia Marsh", ["", " "])).toEqual({ label: "Ben and Alicia", plural: true });
  expect(clientLabel("Ben and Alicia Marsh", ["Ruth Okoro", "Ben Marsh"])).toEqual({
    label: "Ben and Alicia",
    plural: true,
  });
});

test("two names of which no speaker is one are a firm's name", () => {
  expect(clientLabel("Hollis & Daughters Mechanical", ["Ruth Okoro", "Dana Hollis"]).plural).toBe(false);
  expect(clientLabel("Ben and Alicia Marsh", ["Ruth Okoro", "Dana Hollis"])).toEqual({
    label: "the client",
    plural: false,
  });
});
