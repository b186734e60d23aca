import { describe, expect, test } from "bun:test";
import type { Sentence } from "../../language/sentences";
import { ellipsisChain, ellipsisOf, isEllipticalReply, leanChain, pointsBack } from "./leans-on-context";

function talk(...lines: [string, string][]): Sentence[] {
  return lines.map(([speaker, text], index) => ({ speaker, text, index, segmentIndex: index }));
}

/** The words of the sentences a chain holds, or null. */
const words = (chain: Sentence[] | null) => chain?.map((sentence) => sentence.text) ?? null;

describe("isEllipticalReply", () => {
  test("a fragment answering a question cannot stand alone", () => {
    const said = talk(
      ["Nadia Osei", "How much goes into the pension each quarter?"],
      ["Carl Brandt", "Twelve hundred, by direct debit."],
    );
    expect(isEllipticalReply(said[1]!, said)).toBe(true);
  });

  test("a yes before the fragment does not make it whole", () => {
    const said = talk(["Nadia Osei", "Is that the flat on Mill Lane?"], ["Carl Brandt", "Yes, the one by the river."]);
    expect(isEllipticalReply(said[1]!, said)).toBe(true);
  });

  test("a reply opening by pointing back needs the question", () => {
    const said = talk(
      ["Nadia Osei", "Who holds the power of attorney?"],
      ["Carl Brandt", "That's our neighbour, Ines Varga."],
    );
    expect(isEllipticalReply(said[1]!, said)).toBe(true);
  });

  test("a short acknowledgement before the fragment is skipped", () => {
    const said = talk(
      ["Nadia Osei", "What does the annuity pay?"],
      ["Carl Brandt", "Sure."],
      ["Carl Brandt", "Nine hundred a month."],
    );
    expect(isEllipticalReply(said[2]!, said)).toBe(true);
  });

  test("a reply with a subject and verb of its own stands alone", () => {
    const said = talk(
      ["Nadia Osei", "How much goes into the pension?"],
      ["Carl Brandt", "We pay twelve hundred a quarter into it."],
    );
    expect(isEllipticalReply(said[1]!, said)).toBe(false);
  });

  test("a fragment going on from the speaker's own sentence continues it", () => {
    const said = talk(
      ["Carl Brandt", "The pension is with Aldmoor Life and pays out from sixty-five onwards."],
      ["Carl Brandt", "Twelve hundred a quarter."],
    );
    expect(ellipsisOf(said[1]!, said)).toBe("continued");
    expect(words(ellipsisChain(said[1]!, said))).toEqual([
      "The pension is with Aldmoor Life and pays out from sixty-five onwards.",
      "Twelve hundred a quarter.",
    ]);
  });

  test("a sentence pointing back at a statement is a remark, at a question an answer", () => {
    const remark = talk(
      ["Nadia Osei", "Fees went up to 1.1 percent."],
      ["Carl Brandt", "That's a lot more than I thought."],
    );
    expect(ellipsisOf(remark[1]!, remark)).toBe("remark");
    const answer = talk(
      ["Nadia Osei", "Who drew up the will?"],
      ["Carl Brandt", "It's a firm in Bristol, Hale and Co."],
    );
    expect(ellipsisOf(answer[1]!, answer)).toBe("answer");
  });

  test("a sentence with a subject and verb going on from the speaker's own is whole", () => {
    const said = talk(
      ["Carl Brandt", "The pension is with Aldmoor Life."],
      ["Carl Brandt", "It pays twelve hundred a quarter."],
    );
    expect(ellipsisOf(said[1]!, said)).toBeNull();
  });

  test("a short fragment after a statement is a remark, not an answer", () => {
    const said = talk(["Nadia Osei", "The fund closed the year up a little."], ["Carl Brandt", "Good news overall."]);
    expect(isEllipticalReply(said[1]!, said)).toBe(false);
  });
});

describe("pointsBack", () => {
  test("a that or it as the object of what is said points back", () => {
    expect(pointsBack("I'd move that to the spring once the audit is done.")).toBe(true);
    expect(pointsBack("We could put it into the cash account.")).toBe(true);
    expect(pointsBack("Let's leave them as well.")).toBe(true);
  });

  test("that as a conjunction or a determiner does not", () => {
    expect(pointsBack("I think that the bond ladder should run to 2031.")).toBe(false);
    expect(pointsBack("We closed that account in March.")).toBe(false);
    expect(pointsBack("The point is that fees went up.")).toBe(false);
  });

  test("a pronoun far into the sentence may stand for a noun said earlier in it", () => {
    expect(pointsBack("The reference for the claim is QX-4471, if the insurer asks for it.")).toBe(false);
  });

  test("a question is asked, not told", () => {
    expect(pointsBack("Should we move that to the spring?")).toBe(false);
  });
});

describe("leanChain", () => {
  test("keeps the sentence with the one its pronoun stands for", () => {
    const said = talk(
      ["Carl Brandt", "The car loan is at nine percent."],
      ["Nadia Osei", "I'd pay that off before anything else."],
    );
    expect(words(leanChain(said[1]!, said))).toEqual([
      "The car loan is at nine percent.",
      "I'd pay that off before anything else.",
    ]);
  });

  test("brings the question when the sentence before is a fragment answering it", () => {
    const said = talk(
      ["Nadia Osei", "What's left on the car loan?"],
      ["Carl Brandt", "About eight thousand."],
      ["Nadia Osei", "I'd clear that by summer."],
    );
    expect(words(leanChain(said[2]!, said))).toEqual([
      "What's left on the car loan?",
      "About eight thousand.",
      "I'd clear that by summer.",
    ]);
  });

  test("one speaker's sentences come together", () => {
    const said = talk(
      ["Carl Brandt", "The boat costs us four thousand a year to moor."],
      ["Carl Brandt", "We want to sell it next spring."],
    );
    expect(words(leanChain(said[1]!, said))).toEqual([
      "The boat costs us four thousand a year to moor.",
      "We want to sell it next spring.",
    ]);
  });
});

describe("leanChain across a puzzled interruption", () => {
  test("a reply's question is the one with words, not a bare “What?”", () => {
    const said = talk(
      ["Nadia Osei", "Carl, who is the beneficiary on the old pension?"],
      ["Carl Brandt", "Oh, hm, no."],
      ["Mira Brandt", "What?"],
      ["Carl Brandt", "It's my ex-wife."],
      ["Carl Brandt", "I never changed it after the divorce."],
    );
    expect(words(leanChain(said[4]!, said))?.[0]).toBe("Carl, who is the beneficiary on the old pension?");
  });
});
