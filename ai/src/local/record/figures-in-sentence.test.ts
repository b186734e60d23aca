// Figures read in a sentence, and amounts written as the notes write them.
import { describe, expect, test } from "bun:test";
import { figuresIn, writeAmounts } from "./figures-in-sentence";

const shown = (text: string, moneyTalk = true) => figuresIn(text, moneyTalk).map((f) => f.display);

describe("figuresIn", () => {
  test("a count of things is no amount, even where money is talked of", () => {
    expect(shown("Run the projection at 3,000 and at 4,000 shares of stock.")).toEqual(["3,000", "4,000"]);
    expect(shown("The firm has 140 employees and pays 3.1 million in wages.")).toEqual(["140", "$3.1 million"]);
    expect(shown("Between 3,000 and 4,000 dollars a month.")).toEqual(["$3,000", "$4,000"]);
    // A kind of options or shares said between the count and the word: still a count.
    expect(shown("You hold 6,000 incentive stock options, worth about 90,000 today.")).toEqual(["6,000", "$90,000"]);
    expect(shown("She was granted 2,500 restricted stock units.")).toEqual(["2,500"]);
  });

  test("a measure said with its unit is written with it, never as dollars", () => {
    // Where money is talked of, a bare "6,000" would be read as $6,000.
    expect(shown("A truck that big, over 6,000 pounds loaded, still qualifies for the deduction.")).toEqual([
      "6,000 pounds",
    ]);
    expect(shown("The lot is 2 acres and the barn is 1,800 square feet, priced at 240,000.")).toEqual([
      "1,800 square feet",
      "$240,000",
    ]);
    // Pounds may be money too: written as said, never scaled to thousands.
    expect(shown("Your pension pot is 412,000 pounds, and the van weighs 500 pounds.")).toEqual([
      "412,000 pounds",
      "500 pounds",
    ]);
  });

  test("two amounts joined by 'to', the second the larger, are one range; a change from one to another is two", () => {
    expect(shown("The estimate runs 7,000 to 8,000 for the study.")).toEqual(["$7,000 to $8,000"]);
    expect(shown("I'd guess 1.6 million to 2.2 million for the firm.")).toEqual(["$1.6 million to $2.2 million"]);
    expect(shown("Returns of 4% to 6% a year.")).toEqual(["4% to 6%"]);
    expect(shown("The premium went from 5,400 to 6,150 a year.")).toEqual(["$5,400", "$6,150"]);
    expect(shown("Cut it from 9,000 to 6,000.")).toEqual(["$9,000", "$6,000"]);
  });

  test("a reference read out with a letter prefix is one number, its last group one letter or none", () => {
    expect(shown("The claim number is QX-55120-B, keep it handy.")).toEqual(["QX-55120-B"]);
    expect(shown("Your case is AB-90211 at the county.")).toEqual(["AB-90211"]);
    // A model or a form is no reference.
    expect(shown("He drives an F-150 and filed the SSA-1099.", false)).toEqual([]);
  });

  test("a million said to the ten thousand is said in millions", () => {
    expect(shown("We're going with 1.25 million of coverage.")).toEqual(["$1.25 million"]);
    expect(shown("The appraisal says 2,350,000.")).toEqual(["$2.35 million"]);
    expect(shown("The appraisal says 2,351,000.")).toEqual(["$2,351,000"]);
  });

  test("dollars and cents are written with both digits of the cents", () => {
    expect(shown("The exercise price is $7.50 a share.")).toEqual(["$7.50"]);
    expect(shown("Parking runs $12.05 a day.")).toEqual(["$12.05"]);
    expect(shown("Rates are at 6.5% now.")).toEqual(["6.5%"]);
  });
});

describe("writeAmounts", () => {
  test("where money is talked of, amounts are written with their sign", () => {
    expect(writeAmounts("95,000 into the 529 in January", true)).toBe("$95,000 into the 529 in January");
    expect(writeAmounts("Denise will pay twenty-nine five for the quarter", true)).toBe(
      "Denise will pay $29,500 for the quarter",
    );
    // The comma after an amount said in words stays where it was.
    expect(writeAmounts("Grace at preferred, fifty-one fifty, Chidi at standard", true)).toBe(
      "Grace at preferred, $5,150, Chidi at standard",
    );
  });

  test("an amount said in hundreds, a count, a plan's number and talk of no money stay as said", () => {
    expect(writeAmounts("raise the withholding to 800", true)).toBe("raise the withholding to 800");
    expect(writeAmounts("sell 4,000 shares at vest", true)).toBe("sell 4,000 shares at vest");
    expect(writeAmounts("open a 529 for Mia", true)).toBe("open a 529 for Mia");
    expect(writeAmounts("walk 12,000 steps", false)).toBe("walk 12,000 steps");
  });

  test("cents said after whole dollars are part of the amount", () => {
    expect(shown("A strike price of $4 and ten cents. $4.10.")).toEqual(["$4.10", "$4.10"]);
    expect(shown("It closed at $12 and 50 cents, and the fee is $3 and five cents.")).toEqual(["$12.50", "$3.05"]);
    // Not cents of the amount: "and" goes on to something else.
    expect(shown("It cost $40 and ten minutes of my time.")).toEqual(["$40"]);
  });

  test("what a percentage is a share of, said after it to the clause's end, is written with it", () => {
    expect(shown("The stock is about 64% of your net worth.")).toEqual(["64% of net worth"]);
    expect(shown("Pay in at least 110% of last year's total tax, or the penalty applies.")).toEqual([
      "110% of last year's total tax",
    ]);
    expect(shown("Bonds are 20% of the account.")).toEqual(["20% of the account"]);
    // Not a share named: a figure after "of", a pronoun, or words going on past the thing.
    expect(shown("They match 50% of the first 6%.")).toEqual(["50%", "6%"]);
    expect(shown("Forty percent, or 40% of it, goes to the kids.")).toEqual(["40%"]);
    expect(shown("She gets 60% of the estate to keep.")).toEqual(["60%"]);
  });

  test("an amount for each of several is marked so, and 'each year' stays a period", () => {
    const each = (text: string) => figuresIn(text, true).map((f) => `${f.display}${f.each ? ` ${f.each}` : ""}`);
    expect(each("She left the grandkids $75,000 each, and the rest to the church.")).toEqual(["$75,000 each"]);
    expect(each("They gave 40,000 dollars apiece.")).toEqual(["$40,000 each"]);
    expect(each("You can give $19,000 each year.")).toEqual(["$19,000"]);
    expect(each("That's about $8,250 per vest, and $400 per month.")).toEqual(["$8,250 per vest", "$400"]);
  });
});
