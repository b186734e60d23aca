import { describe, expect, test } from "bun:test";
import { writeNumbersAsFigures } from "./spoken-numbers";

describe("writeNumbersAsFigures", () => {
  test.each([
    ["The account holds about four hundred and twelve thousand.", "The account holds about 412,000."],
    ["Rent is sixty-five hundred a month.", "Rent is 6,500 a month."],
    ["The pension pays twenty-nine hundred a month.", "The pension pays 2,900 a month."],
    ["It came to one point two five million.", "It came to 1.25 million."],
    ["It's about one point one two.", "It's about 1.12."],
    ["The limit is seventy-five thousand dollars.", "The limit is $75,000."],
    ["She keeps sixty percent in stocks.", "She keeps 60% in stocks."],
    // The scale said after the second of two alternatives, or of a range's second end, is said of both.
    ["Run it at forty and at ninety-five thousand.", "Run it at 40,000 and at 95,000."],
    ["Somewhere between two or three million.", "Somewhere between 2 million or 3 million."],
    ["Figure on thirty to forty thousand in tax.", "Figure on 30,000 to 40,000 in tax."],
    // A decimal takes millions so; an "and" after a decimal's digits starts another number.
    ["Between one point six to two point two million.", "Between 1.6 million to 2.2 million."],
    ["Somewhere between two point five and three million.", "Somewhere between 2.5 million and 3 million."],
    ["Two and a half million, maybe.", "2.5 million, maybe."],
    // One unit said after millions is tenths of them, as people shorten "one point two million".
    ["Say the bank lends a million two.", "Say the bank lends 1.2 million."],
    ["The farm is worth three million five.", "The farm is worth 3.5 million."],
    ["It came to one million two hundred.", "It came to 1,000,200."],
    ["The loan rate is 4.2 percent.", "The loan rate is 4.2%."],
    // "another hundred thousand" is one more hundred thousand; the word stays.
    ["You could set aside another hundred thousand a year.", "You could set aside another 100,000 a year."],
    ["A ladder of 250 thousand dollars.", "A ladder of $250,000."],
    ["The estate is 2.3 million, roughly.", "The estate is 2.3 million, roughly."],
    ["The wills are from nineteen ninety-eight.", "The wills are from 1998."],
    ["We bought it in two thousand nine.", "We bought it in 2009."],
    ["He wants to stop at sixty-seven, in three years.", "He wants to stop at 67, in three years."],
    ["Revenue was three point one million last year.", "Revenue was 3.1 million last year."],
    ["A hundred percent sure.", "100% sure."],
    ["I'd say a million dollars of cover.", "I'd say $1 million of cover."],
    ["Two accounts and ten years.", "Two accounts and ten years."],
    ["We employ fourteen people.", "We employ 14 people."],
    ["Maybe twelve to fifteen.", "Maybe 12 to 15."],
    ["Twenty-five thousand, give or take.", "25,000, give or take."],
    ["The survivor option pays forty-eight eighty a month.", "The survivor option pays 4,880 a month."],
    ["Her share is fourteen-fifty a month.", "Her share is 1,450 a month."],
    ["The policy is fifty-one fifty a year.", "The policy is 5,150 a year."],
    // A half or a quarter of the scale, said after it or before it.
    ["Term of a million and a half on Ray.", "Term of 1.5 million on Ray."],
    ["The estate is two and a half million, roughly.", "The estate is 2.5 million, roughly."],
    ["About four and a half thousand dollars.", "About $4,500."],
    ["One million and a quarter in the trust.", "1.25 million in the trust."],
    // And of a rate: the share added before "percent".
    ["The note carries five and a half percent.", "The note carries 5.5%."],
    ["At four and a quarter percent, fixed.", "At 4.25%, fixed."],
    // An amount said as one hyphenated word before a thing; its article stays.
    ["Not to write a hundred-seventy-thousand-dollar check.", "Not to write a $170,000 check."],
    ["A five-thousand-dollar gift to each.", "A $5,000 gift to each."],
  ])("%s", (spoken, written) => {
    expect(writeNumbersAsFigures(spoken)).toBe(written);
  });

  test.each([
    // Two numbers said side by side are shorthand a reader must hear in context; they stay as said.
    "Thirty-eight four plus the car.",
    "It's about six forty.",
    "They split it ninety-ten.",
    "We meet at eleven thirty on Monday.",
    "One of them said so.",
    "Millions of people, a thousand-dollar fee.",
    "Two and a half years from now.",
    "Six and a half, yeah.",
  ])("leaves %s as said", (spoken) => {
    expect(writeNumbersAsFigures(spoken)).toBe(spoken);
  });

  test("a figure read digit by digit with “oh” for the zero", () => {
    expect(writeNumbersAsFigures("The pool starts at four-oh-six for her.")).toBe("The pool starts at 406 for her.");
    expect(writeNumbersAsFigures("Oh-well, twelve-oh-five and oh-two stay.")).toBe(
      "Oh-well, twelve-oh-five and oh-two stay.",
    );
  });

  test("runs in time linear in the text", () => {
    const words = "twenty thousand and ".repeat(20_000);
    const started = performance.now();
    writeNumbersAsFigures(words);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
