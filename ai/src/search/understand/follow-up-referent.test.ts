import { describe, expect, test } from "bun:test";
import { freshUnlessBest, pointsAtThing, pointsBack, referentNames, thingReferent } from "./follow-up-referent";

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

describe("a follow-up pointing at the thing the last question asked about", () => {
  const history = [
    { role: "user" as const, content: "Who is preparing the gift letter for the bank?" },
    { role: "assistant" as const, content: "**Our paralegal will prepare it.** — Transcript" },
  ];

  test("an object pronoun or a short ellipsis points at the thing; a meeting named by a pointer does not", () => {
    expect(pointsAtThing("And when will he have it ready?")).toBe(true);
    expect(pointsAtThing("How much was that?")).toBe(true);
    expect(pointsAtThing("What about her brother?")).toBe(true);
    expect(pointsAtThing("What did we decide in that meeting?")).toBe(false);
    expect(pointsAtThing("Where does he live?")).toBe(false);
    expect(pointsAtThing("And what did the appraiser say the land under the barn was worth in the end?")).toBe(false);
  });

  test("the thing is the subject of the conversation's last question", () => {
    expect(thingReferent("And when will he have it ready?", history)).toBe("preparing gift letter bank");
    expect(thingReferent("Where does he live?", history)).toBe("");
    // Enough words of its own: searched by them alone.
    expect(thingReferent("How does that compare with the estimate from the first review?", history)).toBe("");
    expect(thingReferent("When is it due?", [])).toBe("");
  });

  test("a sentence the last answer quoted comes again only when it holds the kind of fact now asked", () => {
    const quoted = { text: "Our paralegal will prepare it.", score: 1 };
    const weaker = { text: "We talked about the bank's forms.", score: 0.3 };
    const hasDay = (text: string) => /\bFriday\b/.test(text);
    expect(freshUnlessBest([quoted, weaker], history, hasDay)).toEqual([weaker]);
    expect(freshUnlessBest([quoted, weaker], history)).toEqual([quoted, weaker]);
  });
});
