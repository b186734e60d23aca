import { beforeAll, expect, test } from "bun:test";
import { saysDifference, subjectSaidAfter } from "./figure-said-after";
import { readFigures } from "./read-figures";
import { loadWordKinds } from "./word-kinds";

beforeAll(loadWordKinds);

test("where a sum goes or stays is what it is", () => {
  expect(subjectSaidAfter(" goes into a bond ladder, three to seven years")).toBe("bond ladder");
  expect(subjectSaidAfter(" stays in cash, for the new furnace")).toBe("cash");
  // Rolled or transferred into an account: where the sum goes.
  expect(subjectSaidAfter(" can roll into a Roth IRA in her name over time")).toBe("Roth IRA");
  expect(subjectSaidAfter(" transfers to the joint account in March")).toBe("joint account");
  expect(subjectSaidAfter(", goes into the taxable account, with the same mix")).toBe("taxable account");
  expect(subjectSaidAfter(" will go to the college fund.")).toBe("college fund");
});

test("what a sum is counted in, right after it", () => {
  expect(subjectSaidAfter(" in state tax, give or take")).toBe("state tax");
  expect(subjectSaidAfter(" in legal fees, plus the filing")).toBe("legal fees");
});

test("when, how or how much is no thing", () => {
  expect(subjectSaidAfter(" in a year, roughly")).toBeNull();
  expect(subjectSaidAfter(" in total.")).toBeNull();
  expect(subjectSaidAfter(" in December, once the deal closes")).toBeNull();
  expect(subjectSaidAfter(" in cash, no contingency")).toBeNull();
  expect(subjectSaidAfter(" in two years")).toBeNull();
  expect(subjectSaidAfter(" goes into it")).toBeNull();
  expect(subjectSaidAfter(" in his?")).toBeNull();
  expect(subjectSaidAfter(" a month, after tax")).toBeNull();
});

test("'of' right after a sum names what it is, unless it only repeats the thing named before", () => {
  const inSentence = (named: string) => ({ named, inSentence: true });
  expect(subjectSaidAfter(" of term on Dana, twenty years", inSentence("support"))).toBe("term");
  expect(subjectSaidAfter(" of umbrella coverage.", inSentence("policy"))).toBe("umbrella coverage");
  expect(subjectSaidAfter(" of income that's about 9,000 more", inSentence("bracket"))).toBe("income");
  expect(subjectSaidAfter(" of tax in April", inSentence("self-employment tax"))).toBeNull();
  expect(subjectSaidAfter(" of it, roughly")).toBeNull();
  expect(subjectSaidAfter(" of coverage. For Luis, less.", { named: "cost" })).toBe("coverage");
  // The thing the sentences before named stays when the sum's words point back at it ("it's …").
  expect(subjectSaidAfter(" of income.", { named: "IRMAA threshold", pointsBack: true })).toBeNull();
  // Named in its sentence, where a sum goes is not read after it.
  expect(subjectSaidAfter(" goes into the ladder", inSentence("cash"))).toBeNull();
});

test("a sum said as a difference ('more', 'extra') is no amount of a thing", () => {
  expect(saysDifference(" dollars a month more, for as long as you live")).toBe(true);
  expect(saysDifference(" more a year.")).toBe(true);
  expect(saysDifference(" extra over the year")).toBe(true);
  // A shortfall: what is missing, not what a thing named before costs.
  expect(saysDifference(" dollars short, every month")).toBe(true);
  expect(saysDifference(" a month, more or less")).toBe(false);
  const said = [
    "Her own benefit is twenty-one hundred a month.",
    "Switching gets her about six hundred dollars a month more.",
  ];
  const facts = readFigures(
    said.map((text, index) => ({ text, index, speaker: "Ines Carver" }) as never),
    { nameOf: (s: string) => s, isClient: () => true, household: "the client" },
  );
  expect(facts.map((f) => f.display)).toEqual(["$2,100"]);
});
