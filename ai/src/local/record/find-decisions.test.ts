import { describe, expect, test } from "bun:test";
import { type Sentence, splitSegmentsIntoSentences } from "../../language/sentences";
import { findDecisions as findFound } from "./find-decisions";

const findDecisions = (sentences: Parameters<typeof findFound>[0]) => findFound(sentences).map((d) => d.text);

function sentencesOf(lines: [string, string][]): Sentence[] {
  return splitSegmentsIntoSentences(
    lines.map(([speaker, text], i) => ({ speaker, text, start: i * 10, end: i * 10 + 9 })),
  );
}

describe("findDecisions", () => {
  test("'we decided' and 'we're agreed' before a clause say a choice; the two wordings of one are one decision", () => {
    expect(
      findDecisions(
        sentencesOf([
          ["Dana Whitfield", "Good. We decided the sale proceeds go to the care account first."],
          ["Elena Fairweather", "That makes sense to me."],
          ["Dana Whitfield", "So we're agreed: the sale proceeds go to the care account first."],
        ]),
      ),
    ).toEqual(["We're agreed: the sale proceeds go to the care account first."]);
    // Not a choice: what was decided before, asked about.
    expect(findDecisions(sentencesOf([["Elena Fairweather", "Did we decide the boat goes to Tomas?"]]))).toEqual([]);
  });

  test("amounts in a decision are written as figures where money is talked of, counts are not", () => {
    const decisions = findDecisions(
      sentencesOf([
        [
          "Nadia Brook",
          "Okay, to wrap up. And the decisions: ninety-five thousand into Leo's 529 in January; we sell 4,000 shares at the next vest.",
        ],
      ]),
    );
    expect(decisions).toEqual(["$95,000 into Leo's 529 in January.", "We sell 4,000 shares at the next vest."]);
  });

  test("an idea floated a moment ago and turned down is no decision; a matter talked of before, or asked about, is", () => {
    const floated = findDecisions(
      sentencesOf([
        ["Ines Park", "So what do we do with the leftover seventy?"],
        ["Tariq Park", "We could always buy a jet ski."],
        ["Mina Park", "We are not buying a jet ski. We just sold the trailer."],
      ]),
    );
    expect(floated).toEqual([]);
    const talkedOf = findDecisions(
      sentencesOf([
        ["Ines Park", "The rental needs a new roof before anyone would buy it."],
        ["Tariq Park", "And the market is soft this fall."],
        ["Ines Park", "Agreed on that."],
        ["Ines Park", "So the roof first."],
        ["Mina Park", "We're not selling the rental until the roof is done."],
      ]),
    );
    expect(talkedOf).toEqual(["We're not selling the rental until the roof is done."]);
    const asked = findDecisions(
      sentencesOf([
        ["Ines Park", "What about a college account? Have you opened one for Ava?"],
        ["Mina Park", "We're not opening a college account until the adoption is final."],
      ]),
    );
    expect(asked).toEqual(["We're not opening a college account until the adoption is final."]);
  });

  test("a recap of decisions gives one decision per item", () => {
    const decisions = findDecisions(
      sentencesOf([
        [
          "Nadia Brook",
          "Okay, to wrap up. And the decisions: no gift this year; we're opening the 529 for Leo; the cabin stays in the trust.",
        ],
        ["Nadia Brook", "For me, I'll draft the trust amendment by Friday."],
      ]),
    );
    expect(decisions).toEqual([
      "No gift this year.",
      "We're opening the 529 for Leo.",
      "The cabin stays in the trust.",
    ]);
  });

  test("a recap heading followed by numbered sentences, until the speaker's own tasks", () => {
    const decisions = findDecisions(
      sentencesOf([
        [
          "Omar Reyes",
          "Decisions. One, we keep the bond ladder as it is. Two, the Roth conversion waits until next year. I'll send the summary tomorrow.",
        ],
      ]),
    );
    expect(decisions).toEqual(["We keep the bond ladder as it is.", "The Roth conversion waits until next year."]);
  });

  test("each item of a recap is cited at its own sentence, not where the recap starts", () => {
    const found = findFound(
      sentencesOf([
        ["Omar Reyes", "Decisions. One, we keep the bond ladder as it is."],
        ["Omar Reyes", "Two, the Roth conversion waits until next year."],
      ]),
    );
    expect(found.map((d) => [d.text, d.sentence.segmentIndex])).toEqual([
      ["We keep the bond ladder as it is.", 0],
      ["The Roth conversion waits until next year.", 1],
    ]);
  });

  test("in a numbered recap, a sentence without a number explains its item and is not a decision", () => {
    const decisions = findDecisions(
      sentencesOf([
        [
          "Omar Reyes",
          "Decisions. One, Leo buys the shop with a bank loan. The details wait for the valuation. Two, the lease stays with Ana.",
        ],
      ]),
    );
    expect(decisions).toEqual(["Leo buys the shop with a bank loan.", "The lease stays with Ana."]);
  });

  test("a decision named after someone else's remark names a discussion, not that remark", () => {
    const decisions = findDecisions(
      sentencesOf([
        ["Tess Hale", "We can work out the timing later."],
        ["Omar Reyes", "That's the second decision."],
        ["Omar Reyes", "Okay. Insurance."],
      ]),
    );
    expect(decisions).toEqual([]);
  });

  test("a decision made and then read back in the recap is one decision, in the fuller wording", () => {
    const decisions = findDecisions(
      sentencesOf([
        ["Omar Reyes", "Okay, we're going with the Harbor hybrid policy for both of you."],
        ["Omar Reyes", "Decisions: we're going with the Harbor hybrid long-term care policy, for both of you."],
      ]),
    );
    expect(decisions).toEqual(["We're going with the Harbor hybrid long-term care policy, for both of you."]);
  });

  test("a choice confirmed in words of deciding ('so we decided on…') is the same decision, said once", () => {
    const decisions = findDecisions(
      sentencesOf([
        ["Lucia Ferrante", "We talked it over. We're going with the lump sum option instead."],
        ["Omar Reyes", "Okay, so we decided on the lump sum. I'll send the election form this week."],
      ]),
    );
    expect(decisions).toEqual(["We're going with the lump sum option instead."]);
  });

  test("a decision named as such, before or after the choice", () => {
    const decisions = findDecisions(
      sentencesOf([
        ["Omar Reyes", "So that's a decision, we keep the umbrella policy at two million."],
        ["Omar Reyes", "The condo goes into the LLC. That's the second decision."],
      ]),
    );
    expect(decisions).toEqual(["We keep the umbrella policy at $2 million.", "The condo goes into the LLC."]);
  });

  test("a choice said outright, with spoken figures written as figures", () => {
    expect(
      findDecisions(
        sentencesOf([
          ["Tess Hale", "Okay, so we're going with the fifteen-year term at seven hundred fifty thousand."],
        ]),
      ),
    ).toEqual(["We're going with the fifteen-year term at $750,000."]);
  });

  test("a proposal the other side accepts", () => {
    const decisions = findDecisions(
      sentencesOf([
        ["Tess Hale", "Then let's move the emergency fund to the money market."],
        ["Ian Cole", "Yeah, let's do it."],
        ["Tess Hale", "I'd recommend the umbrella policy."],
        ["Ian Cole", "Agreed."],
      ]),
    );
    expect(decisions).toEqual([
      "Let's move the emergency fund to the money market.",
      "I'd recommend the umbrella policy.",
    ]);
  });

  test("options, hypotheticals, questions and no decision are not decisions", () => {
    const decisions = findDecisions(
      sentencesOf([
        ["Tess Hale", "If we ever sold the house, we'd be going with a smaller place."],
        ["Tess Hale", "Are we going with the hybrid?"],
        ["Tess Hale", "So there's no decision today."],
        ["Tess Hale", "We could go with either carrier, maybe."],
        ["Tess Hale", "Let's talk about the trust."],
        ["Ian Cole", "Sounds good."],
      ]),
    );
    expect(decisions).toEqual([]);
  });

  test("a state said with 'we're not' and a next meeting proposed are no decisions", () => {
    const decisions = findDecisions(
      sentencesOf([
        ["Ian Cole", "We're not sitting on that kind of money in cash, though."],
        ["Ian Cole", "We're not made of money."],
        ["Tess Hale", "Let's meet again on the twelfth to go over the draft."],
        ["Ian Cole", "Sounds good."],
        ["Tess Hale", "We're not selling the rental this year."],
      ]),
    );
    expect(decisions).toEqual(["We're not selling the rental this year."]);
  });

  test("a choice not to do something opens its sentence and names what is not done", () => {
    const decisions = findDecisions(
      sentencesOf([
        ["Ilse Warren", "We're not moving the bonds into the joint account."],
        ["Ilse Warren", "We are not going to touch the pension."],
        ["Ilse Warren", "I'll wait, so we're not guessing at the numbers."],
        ["Ilse Warren", "We're not deciding the gift today."],
        ["Ilse Warren", "We're not sure about the timing."],
        ["Ilse Warren", "We're not really changing anything."],
      ]),
    );
    expect(decisions).toEqual([
      "We're not moving the bonds into the joint account.",
      "We are not going to touch the pension.",
    ]);
  });

  test("a question about what to do, settled by the answer, is a decision stated as settled", () => {
    const decisions = findDecisions(
      sentencesOf([
        ["Pia Lund", "Do we keep the old brokerage account open?"],
        ["Ilse Warren", "Yes, keep it for the dividends."],
      ]),
    );
    expect(decisions).toEqual(["Keep the old brokerage account open, agreed."]);
  });

  test("one decision said with and without helper verbs is listed once", () => {
    const decisions = findDecisions(
      sentencesOf([
        ["Ilse Warren", "We are not going to do the rollover this year."],
        ["Pia Lund", "Fine by me."],
        ["Ilse Warren", "So we are not doing a 401(k) rollover this year."],
      ]),
    );
    expect(decisions).toEqual(["We are not going to do the rollover this year."]);
  });

  test("a recap's fuller wording replaces every earlier wording of the same decision", () => {
    const decisions = findDecisions(
      sentencesOf([
        ["Ilse Warren", "No. We're not doing the variable annuity."],
        ["Ilse Warren", "Okay, so we'll go with the fixed annuity from Larkspur Life."],
        ["Ilse Warren", "Decisions: we're going with the fixed annuity from Larkspur Life, not the variable annuity."],
      ]),
    );
    expect(decisions).toEqual(["We're going with the fixed annuity from Larkspur Life, not the variable annuity."]);
  });
});
