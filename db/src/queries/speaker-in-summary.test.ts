import { expect, test } from "bun:test";
import { replaceSpeakerName } from "./speaker-in-summary";

test("a renamed speaker is renamed as a whole word only", () => {
  expect(replaceSpeakerName("Speaker 1 agreed; Speaker 10 did not.", "Speaker 1", "Ines Moreau")).toBe(
    "Ines Moreau agreed; Speaker 10 did not.",
  );
  expect(replaceSpeakerName("Ines's plan, and Inesita's.", "Ines", "Ines Moreau")).toBe(
    "Ines Moreau's plan, and Inesita's.",
  );
});

test("where the text already has the new name, it is not extended twice", () => {
  expect(replaceSpeakerName("Ines Moreau and Ines spoke.", "Ines", "Ines Moreau")).toBe(
    "Ines Moreau and Ines Moreau spoke.",
  );
});

test("names with pattern characters are taken literally, in linear time", () => {
  expect(replaceSpeakerName("(Host) A.B. spoke", "A.B.", "Alex")).toBe("(Host) Alex spoke");
  const long = "Speaker 1x ".repeat(50_000);
  const started = performance.now();
  expect(replaceSpeakerName(long, "Speaker 1", "Ines")).toBe(long);
  expect(performance.now() - started).toBeLessThan(1_000);
});
