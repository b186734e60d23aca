import { describe, expect, test } from "bun:test";
import { freshUnlessBest, pointsBack, referentNames } from "./follow-up-referent";

describe("a follow-up pointing back at the person the last answer named", () => {
  test("a singular pronoun points back; a question without one does not", () => {
    expect(pointsBack("Where does he work now?")).toBe(true);
    expect(pointsBack("What is her salary?")).toBe(true);
    expect(pointsBack("What is the deductible?")).toBe(false);
    // "the" and "these" hold the letters of "he" but are no pronoun.
    expect(pointsBack("Is there another policy?")).toBe(false);
  });

  test("the finding's names join the search when the follow-up names nobody", () => {
    expect(referentNames("Where does he work now?", ["oskar", "lindahl"])).toEqual(["oskar", "lindahl"]);
    expect(referentNames("What did Priya say about him?", ["oskar"])).toEqual([]);
  });

  test("a follow-up asking who wants someone other than the person already named", () => {
    expect(referentNames("Who is picking her up?", ["oskar"])).toEqual([]);
  });
});

describe("a follow-up's sentences and the last answer", () => {
  const history = [
    { role: "user" as const, content: "Who manages the ranch account?" },
    { role: "assistant" as const, content: "**My cousin, Oskar Lindahl. He works in Tucson.** — Transcript" },
  ];

  test("the best sentence stays when it was quoted before and the fresh ones are far weaker", () => {
    const chosen = [
      { text: "He works in Tucson.", score: 0.8 },
      { text: "I'll mail the statements on Monday.", score: 0.3 },
    ];
    expect(freshUnlessBest(chosen, history).map((c) => c.text)).toEqual([
      "He works in Tucson.",
      "I'll mail the statements on Monday.",
    ]);
  });

  test("a repeated sentence gives way to a fresh one nearly as good", () => {
    const chosen = [
      { text: "He works in Tucson.", score: 0.8 },
      { text: "He moved to Phoenix in March for a new job.", score: 0.7 },
    ];
    expect(freshUnlessBest(chosen, history).map((c) => c.text)).toEqual([
      "He moved to Phoenix in March for a new job.",
    ]);
  });
});
