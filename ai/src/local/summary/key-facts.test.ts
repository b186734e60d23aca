// Facts an advisor writes down though no figure is said (who takes which role), and prices said as shorthand pairs.
import { describe, expect, test } from "bun:test";
import { pointText, spokenMeeting } from "../../../test-support/spoken-meeting";
import { summariseExtractive } from "../summarise-extractive";

const meeting = (lines: [string, string][]) =>
  spokenMeeting(lines, { title: "Estate planning", clientName: "Wendy Alvarez", held: "2026-05-04T15:00:00Z" });

const FILLER: [string, string][] = [
  ["Omar Pike", "The savings account earns 4.1% and holds $38,000 for emergencies and the roof."],
  ["Wendy Alvarez", "The brokerage account at Vanguard holds about $212,000 in index funds."],
  ["Omar Pike", "Your pension from the county pays $2,300 a month from age 62."],
  ["Wendy Alvarez", "The car loan has $9,400 left at 5.2% over three more years."],
  ["Omar Pike", "The 401(k) at work holds $145,000 and you put in 8% of salary."],
  ["Wendy Alvarez", "My daughter's college fund has $27,000 in a 529 plan with the state."],
];

describe("key facts in the key points", () => {
  test("who takes which role in a plan is a key point", async () => {
    const summary = await summariseExtractive(
      meeting([
        ...FILLER,
        ["Omar Pike", "So for the will, who raises the kids if something happens to both of you?"],
        ["Wendy Alvarez", "So, Beatrix as guardian, Lionel as trustee, that's what we settled."],
        ["Omar Pike", "Good, we'll write those choices into the draft documents next week."],
      ]),
    );
    expect(summary.keyPoints.map(pointText).join("\n")).toContain("Beatrix as guardian");
  });

  test("a price said as a shorthand pair is a key point, with the question it answers", async () => {
    const summary = await summariseExtractive(
      meeting([
        ...FILLER,
        ["Omar Pike", "And the lake cabin up north?"],
        ["Wendy Alvarez", "I'd guess three seventy."],
        ["Omar Pike", "Thanks, that helps with the estate total for the documents."],
      ]),
    );
    expect(summary.keyPoints.map(pointText).join("\n")).toContain("three seventy");
  });

  test("a figure already given by a key point is not listed again in other words", async () => {
    const summary = await summariseExtractive(
      meeting([
        ...FILLER.slice(0, 4),
        ["Omar Pike", "So the farmland came in at $830,000 on the appraisal."],
        ["Wendy Alvarez", "My sister was surprised, she thought the acreage was worth 830,000 less the barn."],
        ["Omar Pike", "We will use that number when we update the estate documents."],
      ]),
    );
    expect(summary.keyPoints.filter((point) => pointText(point).includes("830,000"))).toHaveLength(1);
  });

  test("an amount asked for and answered outranks figures said in passing", async () => {
    const passing: [string, string][] = [
      "My nephew ran 14 miles and 3 laps, all in the rain.",
      "Our building has 17 floors and 46 windows a side.",
      "The printer holds 500 sheets and jams at 120.",
      "The lift serves 12 floors and stops at 11 of them.",
      "The team played 38 games and won 23 of them.",
      "The library shelves hold 4,000 books and 90 maps.",
      "The choir has 31 singers and 13 altos.",
      "The bus takes 45 stops and 19 turns.",
      "The garden has 60 roses and 15 tulips.",
      "The school has 150 pupils and 27 teachers.",
      "The bridge is 1,200 feet long and 80 feet high.",
      "The ferry carries 300 cars and 2,000 people.",
      "The orchard has 70 apple trees and 35 pear trees.",
      "The hotel has 210 rooms and 16 suites.",
      "The chess club has 24 boards and 48 clocks.",
      "The pool is 25 yards long with 8 lanes.",
    ].map((text) => ["Omar Pike", text]);
    const summary = await summariseExtractive(
      meeting([
        ...passing.slice(0, 8),
        ["Omar Pike", "What does the storage unit cost you?"],
        ["Wendy Alvarez", "It's $310 a month."],
        ...passing.slice(8),
      ]),
    );
    expect(summary.keyPoints.map(pointText).join("\n")).toContain("$310 a month");
  });

  test("a life event said without a figure keeps a place among many money figures", async () => {
    const summary = await summariseExtractive(
      meeting([
        ...FILLER,
        ["Omar Pike", "The rental condo brings in $1,900 a month and the mortgage on it is $142,000."],
        ["Wendy Alvarez", "Before I forget, my father had a heart attack in June."],
        ["Omar Pike", "I'm sorry to hear that, we can talk about his care costs next time."],
        ["Wendy Alvarez", "The term policy through work pays $400,000 and costs $38 a month."],
      ]),
    );
    expect(summary.keyPoints.map(pointText).join("\n")).toContain("heart attack");
  });

  test("people agreeing to a role are noted though no figure is said", async () => {
    const summary = await summariseExtractive(
      meeting([
        ...FILLER,
        ["Wendy Alvarez", "One update, Hattie and Lorenzo said yes."],
        ["Omar Pike", "Wonderful, then the guardianship section of the will is done."],
      ]),
    );
    expect(summary.keyPoints.map(pointText).join("\n")).toContain("said yes");
  });

  test("a price said as a pair after a money question weighs as money", async () => {
    const years: [string, string][] = [
      "The roof over the garage was redone in 2014 by a local crew.",
      "Their oldest son took up the violin in 2019 at school.",
      "The furnace in the basement was replaced in 2016 after the flood.",
      "The kitchen was remodelled in 2011 when the kids were small.",
      "Wendy's mother bought the neighbouring lot back in 1987.",
      "The family started the summer reunion tradition in 1995.",
      "The old barn behind the house was painted red in 2008.",
      "The driveway was paved for the first time in 2003.",
      "Omar's firm first opened its downtown office in 1999.",
      "The pear tree by the fence was planted in 1992 by her uncle.",
      "The porch swing was a wedding present back in 1979.",
      "The cellar flooded badly in the spring of 2013.",
      "Her grandfather built the stone wall along the road in 1958.",
      "The attic was insulated properly in 2017 after the cold winter.",
    ].map((text) => ["Omar Pike", text]);
    const summary = await summariseExtractive(
      meeting([
        ...years,
        ["Omar Pike", "What would the ski chalet sell for today?"],
        ["Wendy Alvarez", "A neighbour's went for more, but I'd guess four eighty."],
        ["Omar Pike", "Thanks, that helps us with the estate inventory."],
      ]),
    );
    const points = summary.keyPoints.map(pointText).join("\n");
    expect(points).toContain("four eighty");
  });

  test("among life events too far from the meeting's centre to rank, the one on its subject comes first", async () => {
    const summary = await summariseExtractive(
      meeting([
        ["Wendy Alvarez", "My cousin got married."],
        ["Wendy Alvarez", "Our neighbour's boy graduated from college in June."],
        ["Wendy Alvarez", "Her uncle passed away in May."],
        ["Wendy Alvarez", "My sister was laid off in April."],
        ["Omar Pike", "The farmhouse sale closes in March, and the farmhouse proceeds go to the brokerage account."],
        [
          "Wendy Alvarez",
          "After the farmhouse sale we want the proceeds invested for income from the brokerage account.",
        ],
        ["Omar Pike", "The farmhouse buyer has the mortgage approved, so the sale of the farmhouse looks firm."],
        ["Omar Pike", "We'll set up the income portfolio once the farmhouse proceeds arrive in the brokerage account."],
        ["Wendy Alvarez", "The farmhouse sale and the brokerage account income are what matter most this year."],
        ["Wendy Alvarez", "Then we're moving to the city near the farmhouse buyer's office."],
      ]),
    );
    expect(summary.keyPoints.map(pointText).join("\n")).toContain("moving to the city");
  });
});
