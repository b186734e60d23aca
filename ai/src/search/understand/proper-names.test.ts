import { expect, test } from "bun:test";
import { mentionsName, namesWrittenIn } from "./proper-names";

test("a name said alone as a reply is a name when the meeting writes it as one elsewhere", () => {
  const meeting = ["Dana: Who would look after the kids? Priya: My brother. Anand.", "Dana: So we agree on Anand."];
  const known = namesWrittenIn(meeting);
  expect(known.has("Anand")).toBe(true);
  expect(mentionsName("Anand.", known)).toBe(true);
  expect(mentionsName("My brother. Anand.", known)).toBe(true);
  // Without what the meeting says, a capital that starts a sentence is no name.
  expect(mentionsName("My brother. Anand.")).toBe(false);
});

test("a word that starts sentences and is also said in lower case is no name", () => {
  const known = namesWrittenIn(["Lee: Backup. Okay. We need a backup plan.", "Lee: Sounds good to Marta."]);
  expect(known.has("Backup")).toBe(false);
  expect(mentionsName("Backup. Okay.", known)).toBe(false);
  expect(known.has("Marta")).toBe(true);
});

test("speaker labels, acronyms, products, months and 'I' are not taken as names", () => {
  const known = namesWrittenIn(["Ruth Ames: I moved the IRA in March with DocuSign."]);
  expect(known.has("Ruth")).toBe(true);
  expect(known.has("Ames")).toBe(true);
  for (const word of ["IRA", "March", "DocuSign", "I"]) expect(known.has(word)).toBe(false);
  expect(mentionsName("Ruth Ames: We moved it.", known)).toBe(false);
});

test("a possessive is the name itself", () => {
  const known = namesWrittenIn(["We will ask Carmen’s husband too."]);
  expect(known.has("Carmen")).toBe(true);
  expect(mentionsName("Carmen's, then.", known)).toBe(true);
});

test("finding the names is linear in the text's length", () => {
  const line = "Ivo: We spoke with Odile about the loan and Odile agreed. ";
  const time = (n: number) => {
    const text = line.repeat(n);
    const start = performance.now();
    for (let i = 0; i < 5; i++) namesWrittenIn([text]);
    return performance.now() - start;
  };
  time(200);
  const base = time(500);
  expect(time(8000)).toBeLessThan(Math.max(base, 1) * 16 * 4);
});
