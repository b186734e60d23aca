// The record of facts and the notes written from it, on small meetings written for these tests.
import { beforeAll, describe, expect, test } from "bun:test";
import { groundSummary } from "../../grounding/ground-summary";
import { splitSegmentsIntoSentences } from "../../language/sentences";
import type { TranscriptSegment } from "../../types";
import { summariseExtractive } from "../summarise-extractive";
import { decisionChoice } from "./decision-forms.rules";
import type { ConfidenceWeights } from "./fact";
import { readFigures } from "./read-figures";
import { readDiscussed, readRoles } from "./read-plans-and-roles";
import { writeCommitment, writeDecision, writeFigure, writeNextMeeting, writeRole } from "./sentence-forms";
import { loadWordKinds } from "./word-kinds";

beforeAll(loadWordKinds);

const segment = (speaker: string, text: string): TranscriptSegment => ({ start: null, end: null, speaker, text });
const meeting = (lines: [string, string][]) => ({
  transcript: { segments: lines.map(([s, t]) => segment(s, t)), fullText: "", durationSeconds: null },
  title: "Annual review",
  clientName: "Noor and Elias Haddad",
  meetingDate: new Date(2026, 2, 2, 10),
});

/** The figures of a small meeting's record, as the notes write them. */
const figureTexts = async (lines: [string, string][]) =>
  (await summariseExtractive(meeting(lines))).facts.filter((f) => f.kind === "figure").map((f) => f.text);

const LINES: [string, string][] = [
  ["Ines Carver", "Good morning both. Let's start with the cottage."],
  ["Noor Haddad", "The cottage appraised at four hundred ten thousand last month."],
  ["Ines Carver", "And what's the disability premium on Elias's policy?"],
  ["Elias Haddad", "It's fifty-four hundred a year."],
  ["Elias Haddad", "Sorry, no, it went up."],
  ["Elias Haddad", "It's sixty-one fifty a year now."],
  ["Ines Carver", "We're not selling the cottage this year, that's settled."],
  ["Noor Haddad", "Agreed. Um, you know, I'll send you the deed by Friday."],
  ["Ines Carver", "Let's meet again on March 16 at two to go over the quotes."],
];

describe("the record", () => {
  test("figures carry what they measure, and a corrected figure its correction", async () => {
    const { facts } = await summariseExtractive(meeting(LINES));
    const texts = facts.map((f) => f.text);
    expect(texts).toContain("The cottage was appraised at $410,000.");
    expect(texts.some((t) => t.includes("$6,150 a year (was $5,400)"))).toBe(true);
    expect(texts).toContain("Decided: not to sell the cottage this year.");
    expect(facts.find((f) => f.kind === "commitment")?.who).toBe("Noor Haddad");
    expect(facts.find((f) => f.kind === "next-meeting")?.when).toBe("2026-03-16");
  });

  test("'the state one' after a figure of the federal payment is the state payment, not the federal one", async () => {
    const texts = await figureTexts([
      ["Ines Carver", "Your income is up this year, so we need to raise your estimated payments."],
      [
        "Ines Carver",
        "I'd make the next federal payment fifty-six hundred. Um, and the state one goes up to about ten-fifty.",
      ],
      ["Noor Haddad", "And the other one stays where it is?"],
    ]);
    expect(texts).toContain("State payment: $1,050.");
    expect(texts.join(" ")).not.toContain("Federal payment: $1,050");
  });

  test("a figure after the speaker's own 'the difference' is that difference, no figure of the thing before", async () => {
    const texts = await figureTexts([
      ["Ines Carver", "The premium came in at sixty-one fifty a year instead of fifty-four hundred."],
      [
        "Elias Haddad",
        "Let's just keep the benefit. I'll eat the difference. Seven-fifty a year is one less ski trip.",
      ],
    ]);
    expect(texts.join(" ")).not.toContain("$750");
    // Said by another after someone named a difference, a figure is not taken for it.
    const asked = await figureTexts([
      ["Ines Carver", "Her pension goes to the home, and the savings make up the difference."],
      ["Noor Haddad", "She keeps a personal needs allowance of fifty dollars a month."],
    ]);
    expect(asked.join(" ")).toContain("$50 a month");
  });

  test("an amount said per month and again per year is one figure", async () => {
    const texts = await figureTexts([
      ["Ines Carver", "And what rent does the business pay you for the building?"],
      ["Elias Haddad", "Sixty-five hundred a month. So seventy-eight thousand a year."],
    ]);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain("$6,500 a month");
  });

  test("a choice said as a clause after 'we decided' is the record's decision, written as the choice", async () => {
    const { facts } = await summariseExtractive(
      meeting([
        ["Ines Carver", "Good. We decided the sale proceeds go to the care account first."],
        ["Noor Haddad", "Yes."],
      ]),
    );
    expect(facts.filter((f) => f.kind === "decision").map((f) => f.text)).toEqual([
      "Decided: the sale proceeds go to the care account first.",
    ]);
  });

  test("a figure corrected later in the speaker's own turn, after the reason, is the correction of it", () => {
    const said = [
      "Trailing twelve-month revenue, I have at four ten.",
      "Four hundred ten thousand.",
      "Sorry, no.",
      "That counts the grant we got in the spring.",
      "That was a one-time thing, it's not operating income.",
      "Without it, it's three ninety.",
    ];
    const facts = readFigures(
      said.map((text, index) => ({ text, index, speaker: "Ines Carver" }) as never),
      { nameOf: (s: string) => s, isClient: () => true, household: "the client" },
    );
    expect(facts.map((f) => `${f.subject}: ${f.display}${f.was ? ` (was ${f.was})` : ""}`)).toContain(
      "revenue: $390,000 (was $410,000)",
    );
    // No money word near the correction: said in the speaker's own turn after "sorry, no", it is still their amount.
    const plain = readFigures(
      [...said.slice(0, 4), "That was one-time, not operating.", "Without it, it's three ninety."].map(
        (text, index) => ({ text, index, speaker: "Ines Carver" }) as never,
      ),
      { nameOf: (s: string) => s, isClient: () => true, household: "the client" },
    );
    expect(plain.map((f) => `${f.subject}: ${f.display}${f.was ? ` (was ${f.was})` : ""}`)).toContain(
      "revenue: $390,000 (was $410,000)",
    );
  });

  test("a thing named alone before a question to someone is what the question asks, and what its answer is of", () => {
    const said: [string, string][] = [
      ["Ines Carver", "And the rental income last year."],
      ["Ines Carver", "Hugo, you had the number?"],
      ["Hugo Quist", "Twenty-two thousand four hundred, I think."],
    ];
    const facts = readFigures(
      said.map(([speaker, text], index) => ({ text, index, speaker }) as never),
      { nameOf: (s: string) => s, isClient: (s: string) => s === "Hugo Quist", household: "the client" },
    );
    expect(facts.map((f) => `${f.subject}: ${f.display}`)).toEqual(["rental income: $22,400"]);
    // A sentence with its own verb is no thing named alone: it says something about it.
    const stated = readFigures(
      [["Ines Carver", "And the rental income is in the binder."], ...said.slice(1)].map(
        ([speaker, text], index) => ({ text, index, speaker }) as never,
      ),
      { nameOf: (s: string) => s, isClient: (s: string) => s === "Hugo Quist", household: "the client" },
    );
    expect(stated.map((f) => f.subject)).not.toContain("rental income");
  });

  test("'hang on, no' corrects the speaker's figure as 'sorry, no' does", () => {
    const facts = readFigures(
      [
        "The roof quote came in at eighteen thousand dollars.",
        "Hang on, no, that's before the gutters.",
        "With them it's twenty-one thousand dollars.",
      ].map((text, index) => ({ text, index, speaker: "Ines Carver" }) as never),
      { nameOf: (s: string) => s, isClient: () => true, household: "the client" },
    );
    expect(facts.map((f) => `${f.display}${f.was ? ` (was ${f.was})` : ""}`)).toEqual(["$21,000 (was $18,000)"]);
  });

  test("support said in pairs of words is money; its correction keeps its name, and a comma ends the name", async () => {
    const { facts } = await summariseExtractive(
      meeting([
        ["Ines Carver", "I ran the numbers for the three children."],
        ["Ines Carver", "With both your incomes, standard alimony comes out to thirty-one sixty."],
        ["Ines Carver", "Hang on, no, that leaves out the dental cover."],
        ["Ines Carver", "Paul keeps the children on his plan, so with that it's thirty-two forty."],
        ["Ines Carver", "Three thousand two hundred forty a month."],
      ]),
    );
    const texts = facts.filter((f) => f.kind === "figure").map((f) => f.text);
    expect(texts).toEqual(["Standard alimony: $3,240 a month (was $3,160)."]);
  });

  test("a figure asked back in reply is the one just said, no fact of its own; one asked to remind is a fact", () => {
    const people = { nameOf: (s: string) => s, isClient: (s: string) => s !== "Ines Carver", household: "the client" };
    const said = (lines: [string, string][]) =>
      readFigures(
        lines.map(([speaker, text], index) => ({ text, index, speaker }) as never),
        people,
      ).map((f) => `${f.subject}: ${f.display}`);
    const echoed = said([
      ["Ines Carver", "Switching to his benefit is worth about six hundred dollars a month more."],
      ["Noor Haddad", "Six hundred a month?"],
      ["Noor Haddad", "Nobody ever told me."],
    ]);
    expect(echoed).toEqual([]);
    const reminded = said([
      ["Ines Carver", "Remember the gift we talked about last time for the grandchildren?"],
      ["Ines Carver", "Eighteen thousand?"],
    ]);
    expect(reminded.map((f) => f.split(": ")[1])).toEqual(["$18,000"]);
  });

  test("one thing named for two owners keeps each owner on their figure", async () => {
    const { facts } = await summariseExtractive(
      meeting([
        ["Ines Carver", "Did you pull the statements for the retirement accounts?"],
        ["Noor Haddad", "Yes. Elias's IRA is about six hundred forty thousand, and Noor's is two hundred ten."],
        ["Noor Haddad", "Elias's Roth IRA is about ninety-five thousand, and Tavi's is about thirty thousand."],
      ]),
    );
    const figures = facts.filter((f) => f.kind === "figure").map((f) => `${f.subject}: ${f.value}`);
    expect(figures).toContain("Elias's IRA: $640,000");
    expect(figures).toContain("Noor's IRA: $210,000");
    // A name the word lists do not know is still the owner when the thing was another's.
    expect(figures).toContain("Tavi's IRA: $30,000");
    expect(figures).not.toContain("Elias's IRA: $210,000");
    // "Mine" is the speaker's; "his" is someone's, never the owner named before.
    const mine = await summariseExtractive(
      meeting([
        ["Ines Carver", "And the retirement accounts?"],
        ["Noor Haddad", "Elias's IRA is about four hundred twenty thousand, and mine is one ninety."],
        ["Ines Carver", "Your Roth IRA is about eighty thousand, and his is about sixty thousand."],
      ]),
    );
    const owned = mine.facts.filter((f) => f.kind === "figure").map((f) => `${f.subject}: ${f.value}`);
    expect(owned).toContain("Noor's IRA: $190,000");
    expect(owned).toContain("Roth IRA: $60,000");
  });

  test("a share someone owns is theirs, and so is what it is worth; the thing said before is not", async () => {
    const { facts } = await summariseExtractive(
      meeting([
        ["Ines Carver", "Minus the loan with Harbor Bank, which is one eighty. Noor's forty percent is $320,000 even."],
        ["Ines Carver", "Tavi's ten percent stays out of the sale."],
        ["Ines Carver", "So Elias's sixty percent, at that price, is about one point four four five"],
        ["Ines Carver", "million. That's before any discount."],
      ]),
    );
    const figures = facts.filter((f) => f.kind === "figure").map((f) => f.text);
    // The share said with its worth is said once, with it.
    expect(figures).not.toContain("Noor's share: 40%.");
    expect(figures).toContain("Noor's 40% share: $320,000.");
    // Said in millions to the thousand, it is written so.
    expect(figures).toContain("Elias's 60% share: $1.445 million.");
    expect(figures).toContain("Tavi's share: 10%.");
    const mine = await summariseExtractive(
      meeting([["Elias Haddad", "My thirty percent of the practice is about four hundred fifty thousand dollars."]]),
    );
    expect(mine.facts.map((f) => f.text)).toContain("Elias's 30% share: $450,000.");
    expect(figures.filter((f) => f.includes("Harbor Bank"))).toEqual(["Loan with Harbor Bank: $180,000."]);
  });

  test("the same spoken amount read again at a thousand times its scale is one figure, as first read", async () => {
    const { facts } = await summariseExtractive(
      meeting([
        ["Ines Carver", "What about the storage unit? I saw it on the list."],
        ["Noor Haddad", "Good news. I wrote to the company, and they'll close it for a three twenty-five cleanup fee."],
        ["Elias Haddad", "Three twenty-five? That's it? Mom will be so pleased."],
      ]),
    );
    const fees = facts.filter((f) => f.kind === "figure" && /fee/i.test(f.subject)).map((f) => f.value);
    expect(fees).toEqual(["$325"]);
  });

  test("a number read out in part, then whole, is one fact: the whole one", async () => {
    const { facts } = await summariseExtractive(
      meeting([
        ["Ines Carver", "Do you have the account number for the credit union?"],
        ["Noor Haddad", "It's 5520-1187-40, hold on, no, 5520-1187-4063."],
      ]),
    );
    expect(facts.filter((f) => f.kind === "figure").map((f) => f.value)).toEqual(["5520-1187-4063"]);
  });

  test("a figure said with its period and again without, or said again rounded, is one fact", async () => {
    const { facts } = await summariseExtractive(
      meeting([
        ["Ines Carver", "The disability premium is $2,300 a year."],
        ["Noor Haddad", "So the premium, $2,300, is fine for us."],
        ["Ines Carver", "Last year's underpayment penalty was $1,112."],
        ["Noor Haddad", "Right, the underpayment penalty, about $1,100."],
      ]),
    );
    expect(facts.filter((f) => f.kind === "figure").map((f) => f.text)).toEqual([
      "Disability premium: $2,300 a year.",
      "Underpayment penalty: $1,112.",
    ]);
  });

  test("a question answered 'not sure' stays open; a name called is no topic", async () => {
    const { facts } = await summariseExtractive(
      meeting([
        ["Ines Carver", "What's the rent on the studio?"],
        ["Noor Haddad", "Not sure, I'll find out."],
        ["Ines Carver", "Some plans bundle it. That's worth asking about. Elias?"],
        ["Elias Haddad", "I don't know yet."],
        ["Ines Carver", "How much is the boat worth, roughly?"],
        ["Elias Haddad", "No idea, honestly."],
      ]),
    );
    expect(facts.filter((f) => f.kind === "open-question").map((f) => f.text)).toEqual([
      "Still open: rent on the studio.",
      "Still open: the value of the boat.",
    ]);
  });

  test("every fact keeps its transcript moment", async () => {
    const { facts } = await summariseExtractive(meeting(LINES));
    const appraisal = facts.find((f) => f.text.startsWith("The cottage was appraised"));
    expect(appraisal?.segment).toBe(1);
  });

  test("a sentence cut over captions is cited, and its key point kept, at the caption that says the figure", async () => {
    const captions: [string, string][] = [
      ["Ines Carver", "Tell me about the gift from your mother."],
      ["Noor Haddad", "Yes. My mom, the kids call her Nana, she told us at her"],
      ["Noor Haddad", "birthday that she changed her will to"],
      ["Noor Haddad", "leave Elias a hundred and fifty thousand."],
    ];
    const input = meeting(captions);
    const draft = await summariseExtractive(input);
    const figure = draft.facts.find((f) => f.kind === "figure" && f.value === "$150,000");
    expect(figure?.segment).toBe(3);
    const grounded = groundSummary(draft, input.transcript.segments);
    expect(grounded.keyPoints.find((p) => p.text.includes("$150,000"))?.source?.segment).toBe(3);
  });

  test("a year said in reply dates the document the question named; a question naming none gives it nothing", async () => {
    expect(
      await figureTexts([
        ["Ines Carver", "Did your father have a will?"],
        ["Noor Haddad", "Yes."],
        ["Noor Haddad", "They did them together in 1994, with the old lawyer."],
      ]),
    ).toEqual(["Will dated 1994."]);
    expect(
      await figureTexts([
        ["Ines Carver", "Will you still be working in 2031?"],
        ["Noor Haddad", "Maybe part-time in 2031."],
      ]),
    ).toEqual([]);
  });

  test("in a transcript without speakers, a question just before a figure is still the one it answers", async () => {
    const unlabelled = meeting([]);
    unlabelled.transcript.segments = [
      "Which brings me to the animal shelter.",
      "You said you give to the shelter every year?",
      "I do. Twenty-five hundred a year.",
    ].map((text) => ({ start: null, end: null, speaker: null, text }));
    const { facts } = await summariseExtractive(unlabelled);
    expect(facts.filter((f) => f.kind === "figure").map((f) => f.text)).toEqual(["Gifts: $2,500 a year."]);
  });

  test("a relative named as company ('with my father') is not whose the thing is", async () => {
    expect(
      await figureTexts([
        ["Ines Carver", "Did your aunt have a will?"],
        ["Noor Haddad", "Yes, she wrote it with my father in 2006."],
      ]),
    ).toEqual(["Will dated 2006."]);
    expect(await figureTexts([["Noor Haddad", "My brother's rent is about eighteen hundred a month."]])).toEqual([
      "Noor's brother's rent: $1,800 a month.",
    ]);
  });

  test("a share is its clause's named subject; a part said 'out of' a whole takes no name from the talk", async () => {
    expect(
      await figureTexts([
        [
          "Ines Carver",
          "I added up the vested shares and the options, and Corvex is about thirty percent of your net worth.",
        ],
        ["Noor Haddad", "Thirty?"],
        ["Ines Carver", "Thirty percent. About two hundred forty thousand out of eight hundred."],
      ]),
    ).toEqual(["Corvex: 30% of net worth.", "Net worth: $800,000."]);
    // "Out of pocket" is no whole.
    expect(await figureTexts([["Noor Haddad", "The roof repair cost us eleven thousand out of pocket."]])).toEqual([
      "Roof repair: $11,000.",
    ]);
  });

  test("an amount said per item is written so, unless the item is the figure's own name", async () => {
    expect(
      await figureTexts([["Ines Carver", "The annual gift limit is nineteen thousand dollars per grandchild."]]),
    ).toEqual(["Annual gift limit: $19,000 per grandchild."]);
    expect(await figureTexts([["Noor Haddad", "My paycheck is about nine hundred dollars per paycheck."]])).toEqual([
      "Noor's paycheck: $900.",
    ]);
  });

  test("a decision opening with a name of the meeting keeps its capital, even a name that is also a word", async () => {
    const { facts, executiveSummary } = await summariseExtractive(
      meeting([
        ["Rose Tamm", "We've talked it through."],
        ["Ines Carver", "Decisions. One, Rose keeps the cabin in her LLC and leases it to the family."],
      ]),
    );
    expect(facts.find((f) => f.kind === "decision")?.text).toBe(
      "Decided: Rose keeps the cabin in her LLC and leases it to the family.",
    );
    expect(executiveSummary).toStartWith("Decided: Rose keeps the cabin");
  });

  test("decisions are listed with commas and 'and'; a comma inside a figure is not a decision's detail", async () => {
    const notes = await summariseExtractive(
      meeting([
        ["Ines Carver", "We're not going to write a hundred-seventy-thousand-dollar check."],
        ["Noor Haddad", "We're not doing the single premium."],
      ]),
    );
    expect(notes.executiveSummary).toStartWith(
      "Decided: not to write a $170,000 check and not to do the single premium.",
    );
  });

  test("the notes open with the decision and what happens next, never with a spoken sentence", async () => {
    const notes = await summariseExtractive(meeting(LINES));
    expect(notes.executiveSummary.startsWith("Decided: not to sell the cottage this year.")).toBe(true);
    expect(notes.executiveSummary).not.toContain("Purpose:");
    const said = LINES.map(([, text]) => text);
    for (const piece of [notes.executiveSummary, ...notes.keyPoints.map((p) => (typeof p === "string" ? p : p.text))]) {
      expect(said.some((line) => piece.includes(line))).toBe(false);
      expect(piece).not.toMatch(/\?|\b(?:um|uh|I|you)\b/);
    }
  });

  test("facts below the fitted threshold stay out of the notes; with no figure left, the surest one is told", async () => {
    const unsure: ConfidenceWeights = { features: ["figure"], intercept: 0, weights: [-5], threshold: 0.5 };
    const notes = await summariseExtractive(meeting(LINES), { confidence: unsure });
    const told = [notes.executiveSummary, ...notes.keyPoints.map((p) => (typeof p === "string" ? p : p.text))].join(
      " ",
    );
    expect(new Set(told.match(/\$[\d,]+/g)).size).toBe(1);
    expect(notes.facts.find((f) => f.kind === "figure")?.confidence).toBeLessThan(0.5);
  });

  test("a figure only supposed, then only asked about, is never told", async () => {
    const supposed: [string, string][] = [
      ["Ines Carver", "The cottage appraised at four hundred ten thousand last month."],
      [
        "Ines Carver",
        "And if you left your brother cash outright, even forty thousand dollars, it would cost him his benefits.",
      ],
      ["Noor Haddad", "Could the trust hold up to forty thousand for him?"],
    ];
    const notes = await summariseExtractive(meeting(supposed));
    const told = `${notes.executiveSummary} ${notes.keyPoints.map((p) => (typeof p === "string" ? p : p.text))}`;
    expect(notes.facts.some((f) => f.value === "$40,000")).toBe(true);
    expect(told).toContain("$410,000");
    expect(told).not.toContain("$40,000");
  });

  test("a figure the meeting denied is never told: not as a key point, not as the one told when none is sure", async () => {
    const unsure: ConfidenceWeights = { features: ["figure"], intercept: 0, weights: [-5], threshold: 0.5 };
    const denied: [string, string][] = [
      ["Ines Carver", "We agreed you're not going to write a hundred-seventy-thousand-dollar check for the roof."],
      ["Noor Haddad", "Right. We'll pay the premium yearly."],
    ];
    const notes = await summariseExtractive(meeting(denied), { confidence: unsure });
    expect(notes.facts.find((f) => f.kind === "figure")?.value).toBe("$170,000");
    expect(
      `${notes.executiveSummary} ${notes.keyPoints.map((p) => (typeof p === "string" ? p : p.text))}`,
    ).not.toContain("$170,000");
    const sure = await summariseExtractive(meeting(denied));
    expect(sure.facts.find((f) => f.value === "$170,000")?.confidence).toBe(0.5);
    expect(sure.keyPoints.map((p) => (typeof p === "string" ? p : p.text)).join(" ")).not.toContain("$170,000");
    expect(sure.executiveSummary).not.toContain("Check: $170,000");
  });

  test("when the summary's figures are every sure one, they are the key points, said once", async () => {
    const notes = await summariseExtractive(meeting(LINES));
    const points = notes.keyPoints.map((p) => (typeof p === "string" ? p : p.text));
    expect(points.length).toBeGreaterThan(0);
    // The summary says what was decided and what happens next; the figures are not said a second time beside it.
    expect(notes.executiveSummary).toStartWith("Decided: not to sell the cottage this year.");
    for (const point of points) expect(notes.executiveSummary).not.toContain(point);
    // A summary with nothing else to say keeps them: it is never empty beside key points.
    const figuresOnly = await summariseExtractive(meeting(LINES.slice(0, 6)));
    const only = figuresOnly.keyPoints.map((p) => (typeof p === "string" ? p : p.text));
    expect(only.length).toBeGreaterThan(0);
    for (const point of only) expect(figuresOnly.executiveSummary).toContain(point);
  });
});

describe("sentence forms", () => {
  test("one form per kind of fact", () => {
    expect(
      writeFigure({
        subject: "long-term care premium",
        display: "$6,150",
        measure: null,
        period: "year",
        was: "$5,400",
      }),
    ).toEqual({
      form: "figure",
      text: "Long-term care premium: $6,150 a year (was $5,400).",
    });
    expect(writeFigure({ subject: "condo", display: "$410,000", measure: "appraisal" })?.text).toBe(
      "The condo was appraised at $410,000.",
    );
    // After its owner, a subject capitalised only for opening its sentence is lowered; a name or "IRA" is not.
    expect(
      writeFigure({ subject: "Long-term care", whose: "Walt's brother's", display: "$11,000", measure: null })?.text,
    ).toBe("Walt's brother's long-term care: $11,000.");
    expect(writeFigure({ subject: "Roth IRA", whose: "Walt's", display: "$50,000", measure: null })?.text).toBe(
      "Walt's Roth IRA: $50,000.",
    );
    expect(writeFigure({ subject: "", display: "$12", measure: null })).toBeNull();
    expect(writeFigure({ subject: "wills", display: "2009", measure: null })?.text).toBe("Wills dated 2009.");
    expect(writeFigure({ subject: "house", display: "$385,000", measure: "worth" })?.text).toBe(
      "House: worth $385,000.",
    );
    // What is owed on a home is no value of the home; a balance of anything else is its figure.
    expect(writeFigure({ subject: "house", display: "$90,000", measure: "balance" })?.text).toBe(
      "Owed on the house: $90,000.",
    );
    expect(writeFigure({ subject: "credit card", display: "$4,100", measure: "balance" })?.text).toBe(
      "Credit card: $4,100.",
    );
    expect(writeFigure({ subject: "worth", display: "$410,000", measure: null })).toBeNull();
    expect(writeCommitment({ task: "Send the deed", assignee: "Noor", dueDate: "2026-03-06" })).toBe(
      "Noor will send the deed (by Friday, March 6).",
    );
    expect(writeCommitment({ task: "Send the deed", assignee: "Unassigned" })).toBe("Send the deed.");
    // The owner's own "'s" after their name is "her" or "his"; after another name it would be that one's, and stays.
    expect(writeCommitment({ task: "Ask Ruth's brother for the deed", assignee: "Ruth Alvarez" })).toBe(
      "Ruth Alvarez will ask her brother for the deed.",
    );
    expect(writeCommitment({ task: "Send Ruth Dana's draft", assignee: "Dana Whitfield" })).toBe(
      "Dana Whitfield will send Ruth Dana's draft.",
    );
    // "by next Wednesday" names the due day's weekday: said once.
    expect(
      writeCommitment({ task: "Revise the draft by next Wednesday", assignee: "Noor", dueDate: "2026-03-11" }),
    ).toBe("Noor will revise the draft (by Wednesday, March 11).");
    expect(
      writeCommitment({ task: "Send the forms by Friday this week", assignee: "Noor", dueDate: "2026-03-06" }),
    ).toBe("Noor will send the forms (by Friday, March 6).");
    // A hedge on the deadline goes with it.
    expect(writeCommitment({ task: "Send the deed, probably tomorrow", assignee: "Noor", dueDate: "2026-03-03" })).toBe(
      "Noor will send the deed (by Tuesday, March 3).",
    );
    // A task said as a thing, without its act ("For me: the income plan, year by year").
    expect(writeCommitment({ task: "The income plan, year by year", assignee: "Noor" })).toBe(
      "Noor will handle the income plan, year by year.",
    );
    expect(writeCommitment({ task: "A list of the open accounts", assignee: "Elias" })).toBe(
      "Elias will handle a list of the open accounts.",
    );
    // The day is said once: the task's own "by Friday" gives way to the due date.
    expect(writeCommitment({ task: "Send the deed by Friday", assignee: "Noor", dueDate: "2026-03-06" })).toBe(
      "Noor will send the deed (by Friday, March 6).",
    );
    expect(writeNextMeeting({ date: "2026-03-16", time: "14:00", topics: ["Review the quotes"] })).toBe(
      "Next meeting: Monday, March 16 at 14:00, to review the quotes.",
    );
    // A topic that names the kind of meeting says what it is, not what it covers.
    expect(writeNextMeeting({ date: "2026-03-16", topics: ["Check-in call"] })).toBe(
      "Next meeting: Monday, March 16, a check-in call.",
    );
    expect(writeNextMeeting({ date: "2026-03-16", topics: ["Quick call", "Term sheet"] })).toBe(
      "Next meeting: Monday, March 16, a quick call to cover the term sheet.",
    );
    // One word is a thing, even one the lexicon knows as a verb too.
    expect(writeNextMeeting({ date: "2026-03-16", topics: ["Plan"] })).toBe(
      "Next meeting: Monday, March 16, to cover the plan.",
    );
    // A topic said as a clause ("whatever Bev says") takes no article.
    expect(writeNextMeeting({ date: "2026-03-16", topics: ["Whatever Dana says about the loan"] })).toBe(
      "Next meeting: Monday, March 16, to cover whatever Dana says about the loan.",
    );
    // An abbreviation naming a common thing takes the article the thing takes; a name does not.
    expect(writeNextMeeting({ date: "2026-03-16", topics: ["AMT projection", "Roth conversions"] })).toBe(
      "Next meeting: Monday, March 16, to cover the AMT projection and Roth conversions.",
    );
    // A month's name keeps its capital; a plan named by its number takes "the".
    expect(writeNextMeeting({ date: "2026-03-16", topics: ["June review", "529 plan"] })).toBe(
      "Next meeting: Monday, March 16, to cover the June review and the 529 plan.",
    );
    // An act said alone is named as a thing: "then we sign" is the signing.
    expect(writeNextMeeting({ date: "2026-03-16", topics: ["Signing"] })).toBe(
      "Next meeting: Monday, March 16, to cover the signing.",
    );
    // A day in another year than the meeting's is written with its year; one in the same year is not.
    const inMay2025 = new Date(2025, 4, 12);
    expect(writeNextMeeting({ date: "2026-03-16", time: "14:00", topics: [] }, inMay2025)).toBe(
      "Next meeting: Monday, March 16, 2026 at 14:00.",
    );
    expect(writeNextMeeting({ date: "2025-06-16", topics: [] }, inMay2025)).toBe("Next meeting: Monday, June 16.");
    expect(writeCommitment({ task: "Send the deed", assignee: "Noor", dueDate: "2026-01-09" }, inMay2025)).toBe(
      "Noor will send the deed (by Friday, January 9, 2026).",
    );
  });

  test("a speaker's own words stay out: a task's clause in them is cut, a task said so is not written", () => {
    expect(
      writeCommitment({ task: "Send the exact amount by Monday, once I see the pay stub", assignee: "Lena" }),
    ).toBe("Lena will send the exact amount by Monday.");
    expect(writeCommitment({ task: "Send me the statements", assignee: "Noor" })).toBeNull();
    expect(writeNextMeeting({ date: "2026-03-16", topics: ["the quotes", "practice what you'll say"] })).toBe(
      "Next meeting: Monday, March 16, to cover the quotes.",
    );
    expect(writeNextMeeting({ date: null, topics: ["estate documents", "updating the wills", "sign the deed"] })).toBe(
      "Next meeting: date to be set, to cover the estate documents and updating the wills, and to sign the deed.",
    );
  });
  test("a decision is its choice, without who made it or why", () => {
    expect(decisionChoice("We're going with the ten-year term, it's cheaper.")?.choice).toBe("the ten-year term");
    expect(decisionChoice("We won't touch the pension.")?.choice).toBe("not to touch the pension");
    // Its details said after commas stay; a clause of its own after a comma is the reason and goes.
    expect(decisionChoice("We're going with two million, twenty-year term, with Acme, it's cheaper.")?.choice).toBe(
      "two million, twenty-year term, with Acme",
    );
    expect(decisionChoice("We'll keep the umbrella policy, agreed.")?.choice).toBe("keep the umbrella policy");
    // A figure after a comma is a detail of the choice.
    expect(decisionChoice("We're going with the standard rate, $6,150, for Chidi.")?.choice).toBe(
      "the standard rate, $6,150, for Chidi",
    );
    expect(decisionChoice("We're not selling the boat, Theo.")?.choice).toBe("not to sell the boat");
    expect(decisionChoice("I think you should wait.")).toBeNull();
    // A choice that ends pointing back says nothing read alone, in the notes or the e-mail.
    expect(decisionChoice("So we're not walking away from it.")).toBeNull();
    expect(decisionChoice("We won't do that.")).toBeNull();
    // A common word keeps no capital after "Decided:"; a name or a plan written in capitals does.
    expect(writeDecision("Partial Roth conversions, about $40,000 a year")).toBe(
      "Decided: partial Roth conversions, about $40,000 a year.",
    );
    expect(writeDecision("Karin as primary agent")).toBe("Decided: Karin as primary agent.");
    expect(writeDecision("IRA rollover first")).toBe("Decided: IRA rollover first.");
  });
});

describe("figures said of something measured", () => {
  const people = { nameOf: (s: string) => s, isClient: () => true, household: "the client" };
  const read = (...texts: string[]) =>
    readFigures(
      texts.map((text, index) => ({ text, index, speaker: "Ines Carver" }) as never),
      people,
    )
      .filter((f) => f.subject)
      .map((f) => `${f.subject}: ${f.display}`);

  test("a payout option is measured, with the words that describe it; the gap between two figures just said is none", () => {
    expect(
      read(
        "The straight life option pays about thirty-two hundred a month.",
        "Then a guaranteed period option, say ten years certain, which is about thirty-one forty a month.",
        "So we'd give up sixty a month for the guarantee.",
      ),
    ).toEqual(["straight life option: $3,200", "guaranteed period option: $3,140"]);
    // Nor is their sum, said naming nothing it measures.
    expect(
      read(
        "The cabin nets about two hundred of equity.",
        "The brokerage account is ninety thousand.",
        "So her side is about two ninety.",
      ),
    ).toEqual(["equity: $200,000", "brokerage account: $90,000"]);
    // A figure said again is that figure, though it is also the gap between two others.
    expect(
      read(
        "The lot appraised at four twenty.",
        "The loan balance is about one-fifty.",
        "So equity of two-seventy, roughly.",
        "Two hundred seventy thousand, right.",
      ).filter((figure) => figure.startsWith("equity")),
    ).toEqual(["equity: $270,000", "equity: $270,000"]);
  });

  test("plans said in the plural are measured, and two owners joined by 'and' own the thing together", () => {
    expect(read("The house nets about three hundred of equity. Mia and Theo's 529s, forty-one thousand.")).toEqual([
      "equity: $300,000",
      "Mia and Theo's 529s: $41,000",
    ]);
  });

  test("a figure guessed in a question and answered at once with another is no figure", () => {
    const guessed = readFigures(
      [
        ["Noor Haddad", "And we'd owe, what, about five thousand in tax on that?"],
        ["Ines Carver", "Federal, about forty-six hundred in tax, plus state."],
      ].map(([speaker, text], index) => ({ text, index, speaker }) as never),
      people,
    ).map((f) => `${f.subject}: ${f.display}`);
    expect(guessed).toEqual(["tax: $4,600"]);
  });

  test("without speaker labels, a sum asked back and answered with a close one is no figure either", () => {
    const said = (texts: string[]) =>
      readFigures(
        texts.map((text, index) => ({ text, index, speaker: null }) as never),
        people,
      ).map((f) => `${f.subject}: ${f.display}`);
    const asked = said([
      "The distribution left in the old account is about twelve thousand four hundred dollars.",
      "He'll hold back some for tax so you don't get a bill.",
      "So I get twelve thousand dollars?",
      "Twelve thousand four hundred, minus what's held back.",
    ]);
    expect(asked).not.toContain("bill: $12,000");
    expect(asked.some((fact) => fact.endsWith("$12,000"))).toBe(false);
    // A sum asked about and answered with something far from it stays: it is another figure.
    const other = said([
      "Is the roof about eight thousand dollars?",
      "The roof quote came in at fifteen thousand dollars.",
    ]);
    expect(other).toContain("roof quote: $15,000");
  });

  test("the thing a figure measures is named, before it, right after it or in the sentences before", () => {
    expect(read("The seller note would be about $600,000 over seven years.")).toEqual(["seller note: $600,000"]);
    expect(read("We bought a $750,000 policy on the house.")).toContain("policy: $750,000");
    expect(read("The truck we looked at is forty-two thousand dollars with the plow.")).toContain("truck: $42,000");
    // An aside between commas names nothing the figure is of; what it says of the figure (appraised) still counts.
    expect(read("We have the Schwab brokerage account, held in the trust, about nine hundred thousand.")).toEqual([
      "Schwab brokerage account: $900,000",
    ]);
    expect(read("The cabin, appraised in March, came in at four hundred ten thousand.")).toEqual(["cabin: $410,000"]);
    expect(read("Buying the truck this year is worth about twelve thousand dollars in tax.")).toEqual([
      "tax saving: $12,000",
    ]);
    expect(read("So the conversion costs about nine thousand dollars in tax.")).toEqual(["conversion: $9,000"]);
    expect(read("It pays sixty percent of your salary, up to a maximum of ten thousand dollars a month.")).toContain(
      "maximum: $10,000",
    );
    expect(read("What does the memory care cost now?", "It's $10,200 now.")).toEqual(["memory care: $10,200"]);
    // A measured word before it is part of the thing, and so is where it is held.
    expect(read("Um, a checking account at Harbor Trust Bank, about $23,000.")).toEqual([
      "checking account at Harbor Trust Bank: $23,000",
    ]);
    // Support paid to a spouse and pay taken home are things a figure measures, not the last thing talked of.
    expect(read("Child support at $1,850 a month.", "Spousal maintenance at twelve hundred a month.")).toEqual([
      "child support: $1,850",
      "spousal maintenance: $1,200",
    ]);
    expect(read("We looked at the house.", "Your take-home is about forty-one hundred a month.")).toEqual([
      "take-home: $4,100",
    ]);
    // A sentence that is only a figure answers what the talk was on a few sentences before.
    expect(read("Now the hard news. The appraisal.", "Yes.", "I saw it.", "Three hundred sixty-two thousand.")).toEqual(
      ["appraisal: $362,000"],
    );
    // A word that names nothing measured is not what was appraised; a neighbour's place is a home.
    expect(read("The appraisal from the refinance said six eighty.")).toEqual(["appraisal: $680,000"]);
    expect(read("The neighbor's place sold for four hundred last year.")).toEqual(["neighbor's place: $400,000"]);
    // An aside between commas names no part of it.
    expect(read("The neighbor's place, which doesn't have the dock, sold for four hundred.")).toEqual([
      "neighbor's place: $400,000",
    ]);
    // What was appraised is the home the sentence named, not the appraisal ("had … done" is no part of it).
    expect(read("The house, you had the appraisal done, $640,000.")).toEqual(["house: $640,000"]);
    // "nobody's" is "nobody": no thing, so the thing is the one named before it.
    expect(read("That's side income, nobody's withholding anything on it, about $48,000.")).toEqual([
      "side income: $48,000",
    ]);
  });

  test("a figure in a clause opened by 'if' is supposed, wherever the clause starts; before it or after it, it is said", () => {
    const supposed = (text: string) =>
      readFigures([{ text, index: 0, speaker: "Ines Carver" } as never], people).map((f) => f.hypothetical);
    expect(supposed("Because if the appraisal comes in at $360,000 and you've listed high, it stalls.")).toEqual([
      true,
    ]);
    expect(supposed("Unless I'm wrong, the cottage tax is $4,100, if I remember the bill.")).toEqual([false]);
    // Worked out on a rule of thumb: "would be" supposes it.
    expect(supposed("By that rule the cottage would be about $900,000.")).toEqual([true]);
    expect(supposed("The cottage is worth about $900,000.")).toEqual([false]);
    // Projected years ahead, it is worked out, not a figure that stands.
    expect(supposed("With inflation, the benefit is about nine thousand a month in fifteen years.")).toEqual([true]);
    expect(supposed("The benefit is about nine thousand a month in total.")).toEqual([false]);
  });

  test("the thing the figure's own sentence names comes before what the sentences before it named", () => {
    // The pension named just before is not what the savings account pays.
    expect(
      read(
        "The pension is about sixty thousand a year.",
        "Fine.",
        "The savings account earns about four hundred a year in interest.",
      ),
    ).toEqual(["pension: $60,000", "savings account: $400"]);
    // "throws off", "earns": a verb after the account is no part of its name.
    expect(read("The bond fund throws off about nine thousand a year.")).toEqual(["bond fund: $9,000"]);
    // "we pay" is no pay: what it is counted in, after its period, names it.
    expect(read("The IRA holds about ninety thousand.", "We pay eight thousand a year in school fees.")).toEqual([
      "IRA: $90,000",
      "school fees: $8,000",
    ]);
    // What a sum is counted in may be two things joined at the sentence's end.
    expect(read("They spend about six thousand a year in heating and repairs.")).toEqual([
      "heating and repairs: $6,000",
    ]);
    expect(read("They spend six thousand a year in heating and repairs on the lodge.")).toEqual([
      "heating and repairs: $6,000",
    ]);
    // "an eighty thousand conversion costs …": "costs" is the verb, not part of the thing's name.
    expect(read("So a forty thousand conversion costs about nine thousand.")).toContain("conversion: $40,000");
  });

  test("a difference said back, and a percentage said again without its word, are no figures of their own", () => {
    const said = (lines: [string, string][]) =>
      readFigures(
        lines.map(([speaker, text], index) => ({ text, index, speaker }) as never),
        people,
      ).map((f) => `${f.subject}: ${f.display}${f.was ? ` (was ${f.was})` : ""}`);
    expect(
      said([
        ["Ines Carver", "Your savings account holds about forty thousand."],
        ["Ines Carver", "That's about six thousand more than you need."],
        ["Noor Haddad", "Six thousand."],
      ]),
    ).toEqual(["savings account: $40,000"]);
    // Said again a few sentences on, naming nothing of its own, it is still the difference; naming a thing, it is that.
    expect(
      said([
        ["Ines Carver", "The new quote is about twelve hundred more a year."],
        ["Noor Haddad", "Okay."],
        ["Noor Haddad", "Twelve hundred a year is a lot for us."],
        ["Ines Carver", "Then let's make an estimated tax payment of twelve hundred dollars in June."],
      ]),
    ).toEqual(["estimated tax payment: $1,200"]);
    // Said back after an amount, it is still the figure's (only a difference said back is dropped).
    expect(
      said([
        ["Ines Carver", "The lodge appraisal came in at three ninety."],
        ["Noor Haddad", "Three hundred ninety thousand."],
      ]),
    ).toContain("lodge appraisal: $390,000");
    expect(
      said([
        ["Ines Carver", "You have to pay in a hundred and ten percent of last year's tax."],
        ["Ines Carver", "Your income is over a hundred fifty thousand, so it's a hundred ten, not a hundred."],
      ]).join(" | "),
    ).not.toMatch(/\$110,000|\$100,000|\(was/);
  });

  test("a question just asked is answered by the thing it names", () => {
    const said = (lines: [string, string][]) =>
      readFigures(
        lines.map(([speaker, text], index) => ({ text, index, speaker }) as never),
        people,
      ).map((f) => `${f.subject}: ${f.display}`);
    expect(
      said([
        ["Ines Carver", "Your AGI is over two hundred thousand."],
        ["Noor Haddad", "What was last year's total tax?"],
        ["Ines Carver", "About six thousand."],
      ]),
    ).toEqual(["AGI: $200,000", "tax: $6,000"]);
    // A yes-or-no question asks after what was said before it: the reply's figure is of that.
    expect(
      said([
        ["Ines Carver", "Your mortgage payment is about eighteen hundred a month."],
        ["Ines Carver", "Is that with the property tax?"],
        ["Noor Haddad", "$1,800, yes, with everything."],
      ]),
    ).toEqual(["mortgage payment: $1,800", "mortgage payment: $1,800"]);
  });

  test("life insurance, Social Security and what is spent are what a figure measures", () => {
    expect(
      read("The way we fund it is life insurance.", "Each of you insured for about four hundred thousand."),
    ).toEqual(["life insurance: $400,000"]);
    expect(read("Your Social Security is about twenty-one hundred a month.")).toEqual(["Social Security: $2,100"]);
    expect(read("Your pension is about nine hundred a month.", "And you spend about four thousand a month.")).toEqual([
      "pension: $900",
      "spending: $4,000",
    ]);
    // What a sum is counted in ends before when it was ("in self-employment tax last year").
    expect(read("The pension is modest.", "You paid about thirty thousand in payroll tax last year.")).toEqual([
      "payroll tax: $30,000",
    ]);
  });

  test("a figure after a list summed up is of them all; the words nearest a figure say what it is", () => {
    // The last thing listed is not what the total is of.
    expect(
      read(
        "Our IRA is about ninety thousand.",
        "We added up the lake house, the taxes, the dock, all of that.",
        "It's about seven thousand a month.",
      ),
    ).toEqual(["IRA: $90,000"]);
    expect(read("So that's four thousand coming in, against about six thousand going out.")).toEqual([
      "income: $4,000",
      "spending: $6,000",
    ]);
  });

  test("a flat fee is the fee, whatever the documents it covers", () => {
    expect(
      read(
        "For the wills, the powers of attorney and health care directives, it's a flat twenty-four hundred dollars.",
      ),
    ).toEqual(["flat fee: $2,400"]);
  });

  test("what a figure used to be, said right after it, is what it was", () => {
    const said = readFigures(
      [
        { text: "And the pension, how much is it now?", index: 0, speaker: "Ines Carver" },
        { text: "Nine hundred a month.", index: 1, speaker: "Noor Haddad" },
        { text: "It used to be eighteen hundred, when he was alive.", index: 2, speaker: "Noor Haddad" },
      ] as never,
      people,
    ).map((f) => `${f.subject}: ${f.display}${f.was ? ` (was ${f.was})` : ""}`);
    expect(said).toEqual(["pension: $900 (was $1,800)"]);
  });

  test("a number said per a period is no year", () => {
    expect(read("From the lodge, they collect about two thousand a month in rent.")).toEqual(["rent: $2,000"]);
    expect(read("They bought the lodge in two thousand.")).toEqual([]);
  });

  test("what 'it' is worth is the thing named before it", () => {
    expect(read("So the house is on Elm Street.", "It's paid off.", "I think it's worth around $385,000.")).toEqual([
      "house: $385,000",
    ]);
    // A business valued: "it" is the practice named two sentences back, not the broker who valued it.
    expect(
      read(
        "Then the clinic side. The practice.",
        "I grew it from one chair to five.",
        "A broker valued it last year at one point one million.",
      ),
    ).toEqual(["practice: $1.1 million"]);
    expect(
      read("We had the business appraised in March.", "The appraiser valued it at two point four million."),
    ).toEqual(["business: $2.4 million"]);
  });

  test("a figure far from its thing: the topic a short sentence announced, the thing a value was asked of", () => {
    const said = (...turns: [string, string][]) =>
      readFigures(
        splitSegmentsIntoSentences(turns.map(([speaker, text], i) => ({ speaker, text, start: i, end: i + 1 }))),
        people,
      ).map((f) => `${f.subject}: ${f.display}`);
    expect(
      said(
        ["Avery Lund", "Good. Now, Tom's annuity. Ines, do you know who holds it?"],
        ["Ines Carver", "It's with Northmark. His brother helped him pick it."],
        ["Noor Haddad", "The last statement said three hundred and six thousand."],
      ),
    ).toEqual(["Tom's annuity: $306,000"]);
    expect(
      said(
        ["Avery Lund", "Do you have the number for the Schwab account? We'll need it for the letters."],
        ["Ines Carver", "I do. It's K41-220913."],
        ["Noor Haddad", "K41-220913. Noted."],
        ["Avery Lund", "And roughly what's the value now?"],
        ["Ines Carver", "I checked on Monday. Two point four. Two million four hundred thousand."],
      ),
    ).toContain("Schwab account: $2.4 million");
  });

  test("'my' before the thing makes it the speaker's", () => {
    expect(read("My 457(b) is about three hundred thousand.")).toEqual(["457(b): $300,000"]);
    const whose = readFigures(
      [{ text: "My 457(b) is about three hundred thousand.", index: 0, speaker: "Ines Carver" }] as never,
      people,
    ).map((f) => f.whose);
    expect(whose).toEqual(["Ines Carver's"]);
  });

  test("'…five hundred, cash' says how an amount is paid: the amount said back is not 'Cash'", () => {
    const said = readFigures(
      splitSegmentsIntoSentences([
        {
          speaker: "Avery Lund",
          text: "We took the offer from the couple. Three hundred twelve thousand, cash.",
          start: 0,
          end: 1,
        },
        { speaker: "Ines Carver", text: "$312,000, cash. That's a great outcome.", start: 1, end: 2 },
        { speaker: "Ines Carver", text: "And fifty thousand stays in cash for the roof.", start: 2, end: 3 },
      ]),
      people,
    ).map((f) => `${f.subject}: ${f.display}`);
    expect(said).not.toContain("cash: $312,000");
    expect(said).toContain("cash: $50,000");
  });

  test("amounts said one after another by one speaker are money, each of the thing asked", () => {
    const said = readFigures(
      splitSegmentsIntoSentences([
        { speaker: "Avery Lund", text: "What are the rents on the fourplex, do you know?", start: 0, end: 1 },
        {
          speaker: "Ines Carver",
          text: "The front units are twelve forty. The back ones are thirteen ten.",
          start: 1,
          end: 2,
        },
      ]),
      people,
    ).map((f) => `${f.subject}: ${f.display}`);
    expect(said).toEqual(["rents: $1,240", "rents: $1,310"]);
  });

  test("an amount in millions asked, said back in its millions, is that amount", () => {
    const said = readFigures(
      [
        { text: "And sales last year were about $4.6 million?", index: 0, speaker: "Avery Lund" },
        { text: "Four point six, yes.", index: 1, speaker: "Ines Carver" },
      ] as never,
      people,
    );
    expect(said.map((f) => `${f.display}${f.inQuestion ? " (asked)" : ""}`)).toEqual([
      "$4.6 million (asked)",
      "$4.6 million",
    ]);
  });

  test("a number's name that modifies another word names no number; 'coming in' is income, whatever came before", () => {
    expect(read("Dad also gets a small pension from the phone company, $720.")).toEqual(["pension: $720"]);
    expect(
      read(
        "Dad also gets a small pension from the phone company, $720.",
        "So roughly thirty-one hundred a month coming in.",
      ),
    ).toEqual(["pension: $720", "income: $3,100"]);
  });

  test("a fee said in shorthand is said as it is, and its name is the words that name it", () => {
    expect(read("They will take it back for a four ninety-five transfer fee.")).toEqual(["transfer fee: $495"]);
    // An amount held is rounded to thousands as people say it.
    expect(read("The brokerage account is about four ninety-five.")).toEqual(["brokerage account: $495,000"]);
  });

  test("hundreds said of a payment, a bill or a fee are hundreds; of a home or an account, thousands", () => {
    expect(read("I'll send the county payment details. The county payment is about six hundred.")).toEqual([
      "county payment: $600",
    ]);
    expect(read("And the yearly fee, that one is about four hundred.")).toEqual(["yearly fee: $400"]);
    expect(read("The cottage is worth about six hundred.")).toEqual(["cottage: $600,000"]);
    expect(read("The down payment would be about two hundred.")).toEqual(["down payment: $200,000"]);
  });

  test("a change of a figure just said in hundreds is in hundreds, per its period; said of a home, thousands", async () => {
    const said = await figureTexts([
      ["Ines Carver", "For the college fund, you're putting in four hundred a month now."],
      ["Ines Carver", "I'd raise it to six hundred once the cottage sale closes."],
    ]);
    expect(said.some((t) => t.includes("$600 a month"))).toBe(true);
    expect(said.some((t) => t.includes("$600,000"))).toBe(false);
    // No change asked ("raise it to"): a home's worth said in hundreds is thousands, as before.
    const worth = await figureTexts([
      ["Ines Carver", "The storage is four hundred a month."],
      ["Noor Haddad", "And the cottage is worth about six hundred."],
    ]);
    expect(worth.some((t) => t.includes("$600,000"))).toBe(true);
  });

  test("work on a home, and the trade that does it, is what a sum said of it measures; a verb after it is no name", () => {
    expect(
      read("It keeps the tax bill down at filing time.", "I'll tell the plumber to keep it under six thousand, then."),
    ).toEqual(["plumber: $6,000"]);
    expect(read("The contractor quoted twenty-two thousand for the kitchen.")).toEqual(["contractor: $22,000"]);
    expect(read("The renovations came to about forty thousand.")).toEqual(["renovations: $40,000"]);
  });

  test("a clause a comma and 'until' open is the figure's own: what the clause before measured is not its subject", () => {
    const said = read("We sell the lots with the smallest gains first, until Arbor is under twenty percent of it all.");
    expect(said.some((fact) => fact.startsWith("gains"))).toBe(false);
    expect(read("We trim it slowly, until the stock is under twenty percent.")).toEqual(["stock: 20%"]);
  });

  test("a bound said before a figure is written with it; a change 'up to' a figure is no bound", () => {
    const written = (text: string) =>
      readFigures([{ text, index: 0, speaker: "Ines Carver" } as never], people)
        .filter((f) => f.subject)
        .map((f) => writeFigure(f)?.text);
    expect(written("We trim the Arbor stock slowly, until the stock is under twenty percent.")).toEqual([
      "Stock: under 20%.",
    ]);
    expect(written("The guaranty fund covers annuity benefits up to two hundred fifty thousand dollars.")).toEqual([
      "Annuity benefits: up to $250,000.",
    ]);
    expect(written("And the state payment goes up to about nine-fifty.")).toEqual(["State payment: $950."]);
    // A limit's own name says it is one: not said twice.
    expect(writeFigure({ subject: "maximum", display: "$10,000", measure: null, bound: "up to" })?.text).toBe(
      "Maximum: $10,000.",
    );
  });

  test("a sum said with 'down' after it is the cash paid at once, not the thing named before it", () => {
    expect(
      read(
        "What I'd suggest is some cash at closing and a promissory note for the rest.",
        "The firm can do forty thousand down without strain.",
      ),
    ).toEqual(["cash down: $40,000"]);
    // A down payment names itself, and a rate that came down is no payment.
    expect(read("They want a ten percent down payment, about ninety thousand.")).toEqual(["down payment: $90,000"]);
  });

  test("amounts said as one value's alternatives share its scale and period", () => {
    const withPeriod = (text: string) =>
      readFigures([{ text, index: 0, speaker: "Ines Carver" } as never], people).map(
        (f) => `${f.display}${f.period ? ` a ${f.period}` : ""}${f.was ? ` (was ${f.was})` : ""}`,
      );
    // A correction after the period keeps it: not "$540,000 (was $520)".
    expect(withPeriod("Luis, about five-twenty a year, sorry, five-forty, with the rider.")).toEqual([
      "$540 a year (was $520)",
    ]);
    // A period said after the last is said of both.
    expect(withPeriod("So call it two-forty, two-fifty a month for the premium.")).toEqual([
      "$240 a month",
      "$250 a month",
    ]);
    // A speaker correcting their amount a few sentences on: the correction is money too, and keeps what it is of.
    const corrected = readFigures(
      [
        "The brokerage account at Keystone, the statement said two-twelve.",
        "Oh, wait, no.",
        "That was the statement from before he died.",
        "The one that came last week says two-oh-eight.",
      ].map((text, index) => ({ text, index, speaker: "Colleen Avery" }) as never),
      people,
    ).map((f) => `${f.subject}: ${f.display} (was ${f.was})`);
    expect(corrected).toEqual(["brokerage account at Keystone: $208,000 (was $212,000)"]);
    // Amounts apart in size, or with words between them, are not alternatives.
    expect(withPeriod("The house is four-ten and the premium two-fifty a month.")).toEqual([
      "$410,000",
      "$250 a month",
    ]);
  });

  test("a plan named by its number, with a comma after it, is no amount", () => {
    expect(read("What about a 529, college savings?")).toEqual([]);
  });

  test("a figure said of nothing a figure measures is no fact, nor is a plain count", () => {
    expect(read("The couch alone was $400.")).toEqual([]);
    expect(read("Mike thinks about $6,000, honestly.")).toEqual([]);
    expect(read("The trust has 25 pages.")).toEqual([]);
    expect(read("She plans to retire at 62.")).toEqual(["retirement age: 62"]);
    // An age is the one the words right before it set: retiring said without the word, or claiming.
    expect(read("I want to be done at sixty-two.")).toEqual(["retirement age: 62"]);
    expect(read("So, June waits until seventy to claim.")).toEqual(["claiming age: 70"]);
    // Another age said near "retiring", or a span of years, is no one's retirement age.
    expect(read("This matters for anyone retiring before 65.")).toEqual([]);
    expect(read("You retire next June, after 31 years with the district.")).toEqual([]);
    // A rate is a percentage: the sum is the income it is said of, not the rate.
    expect(read("The tax rate on it would be $366,000 of income.")).toEqual(["income: $366,000"]);
    expect(read("The house was bought in 2005.")).toEqual([]);
    expect(read("Their wills are from 2009.")).toEqual(["wills: 2009"]);
    expect(read("The number on it is about $1 million.")).toEqual([]);
  });

  test("the thing a clause opens with, right before 'is', 'was' or 'cost', is what its amount is of", () => {
    expect(read("We talked about profits.", "The kiln was twelve thousand dollars by itself.")).toEqual([
      "kiln: $12,000",
    ]);
    expect(read("The dues are three-ten a month.")).toEqual(["dues: $310"]);
    // Words describing the thing may come between ("The new oven").
    expect(read("We're short on cash.", "The new oven was forty-two thousand dollars by itself.")).toEqual([
      "oven: $42,000",
    ]);
    // The thing after "from" is not the clause's subject; a word that only describes names no thing.
    expect(read("Your pension from the county is thirty-one hundred a month.")).toEqual(["pension: $3,100"]);
    expect(read("The studio rent is nine hundred a month.", "The upper is seventeen twenty-five.")).not.toContain(
      "upper: $1,725",
    );
  });

  test("an amount said to be taken at an age is the benefit taken then", () => {
    expect(read("We checked the portal.", "It showed about nineteen forty a month at sixty-two.")).toEqual([
      "benefit at 62: $1,940",
    ]);
    expect(read("Your pension is about twenty-one hundred a month at age sixty-five.")).toEqual([
      "pension at 65: $2,100",
    ]);
    // An age that is part of a larger number is none.
    expect(read("Your pension is about twenty-one hundred a month at 65,000 miles.")).toEqual(["pension: $2,100"]);
  });

  test("a thing that opens its sentence, then a comma and an amount, is what the amount is of", () => {
    expect(
      read("The plan credits are the big part.", "Plus the administration, about forty-five hundred a year."),
    ).toEqual(["administration: $4,500"]);
    // A part named after a comma is no thing of its own: the amount is not the part's.
    expect(read("His 401(k), the vested part, four twenty-eight.")).not.toContain("vested part: $428,000");
  });

  test("'for the' thing right after an amount names what it is the value or price of", () => {
    expect(
      read(
        "The shop's costs were high last year.",
        "I'd guess one point two to one point five million for the whole practice.",
      ),
    ).toEqual(["practice: $1.2 million to $1.5 million"]);
  });

  test("a range said in words is one figure with both its ends", () => {
    expect(read("The roof estimate is seven to eight thousand.")).toEqual(["roof estimate: $7,000 to $8,000"]);
    expect(read("Call it thirty-five to forty thousand in federal tax.")).toEqual(["federal tax: $35,000 to $40,000"]);
  });

  test("a figure said again in full words right after is the same figure, not thousands of it", () => {
    expect(read("The dues are three-ten a month. Three hundred ten.")).toEqual(["dues: $310"]);
  });

  test("an amount said back short, by the one who said it, is that amount whatever fee word is near", async () => {
    const figures = await figureTexts([
      ["Ines Carver", "With a cash balance plan, Elias could put away about a hundred eighty thousand dollars a year."],
      ["Ines Carver", "All deductible."],
      ["Elias Haddad", "A hundred eighty thousand."],
      ["Ines Carver", "A hundred eighty. The cost is the staff contributions."],
    ]);
    expect(figures).toEqual(["Savings: $180,000 a year."]);
  });

  test("what the words of money say a figure is, where nothing else names it: a cost, a charge, a bequest, a cap", async () => {
    const figures = (line: string) => figureTexts([["Ines Carver", line]]);
    expect(await figures("The night nurse is costing about five thousand a month.")).toEqual(["Cost: $5,000 a month."]);
    expect(await figures("The locksmith charged us three hundred dollars.")).toEqual(["Charge: $300."]);
    expect(await figures("Reimburse yourself the twenty-four hundred from the estate account.")).toEqual([
      "Reimbursement: $2,400.",
    ]);
    expect(await figures("Her will is going to leave Nico about forty thousand.")).toEqual(["Bequest: $40,000."]);
    // The cap names the figure after it, not the one before.
    expect(await figures("Twelve thousand per year of marriage, capped at a hundred twenty thousand.")).toEqual([
      "Cap: $120,000.",
    ]);
  });

  test("a figure told of the speaker's relative or acquaintance is theirs, not the household's", async () => {
    // Said in the same sentence, and pointed back to by "her" in the next one.
    expect(
      await figureTexts([
        ["Elias Haddad", "Long-term care is the worry."],
        ["Elias Haddad", "My uncle is in a home in Tucson and it's nine thousand a month."],
      ]),
    ).toEqual(["Elias's uncle's home in Tucson: $9,000 a month."]);
    expect(
      await figureTexts([
        ["Noor Haddad", "My cousin retired last spring."],
        ["Noor Haddad", "Her pension is about three thousand a month."],
      ]),
    ).toEqual(["Noor's cousin's pension: $3,000 a month."]);
    // The speaker speaking of herself again after the relative: her own figure.
    expect(
      await figureTexts([
        ["Noor Haddad", "My cousin told me to check, and my pension is about three thousand a month."],
      ]),
    ).toEqual(["Noor's pension: $3,000 a month."]);
  });

  test("what was paid to buy a thing is its purchase price, and a share withheld for tax its withholding", async () => {
    expect(
      await figureTexts([
        ["Ines Carver", "What did you pay for the cottage?"],
        ["Noor Haddad", "A hundred and sixty thousand, back in '98."],
      ]),
    ).toEqual(["Cottage: bought for $160,000."]);
    // "pay" is the question's verb, not a thing bought.
    expect(
      await figureTexts([
        ["Ines Carver", "And what did you pay for it?"],
        ["Noor Haddad", "We bought it in '98. A hundred and sixty thousand."],
      ]),
    ).toEqual(["Purchase price: $160,000."]);
    expect(
      await figureTexts([
        ["Ines Carver", "No underpayment penalty then. We'll withhold thirty percent from the distribution."],
      ]),
    ).toEqual(["Withholding: 30%."]);
    // An amount "with nothing withheld" is no withholding.
    expect(
      await figureTexts([["Ines Carver", "Your consulting income was about forty thousand, with nothing withheld."]]),
    ).toEqual(["Income: $40,000."]);
  });

  test("a reply takes the question's measure, and a speaker's 'if you don't mind me asking' lists nothing", async () => {
    expect(
      await figureTexts([
        ["Ines Carver", "What are they charging, if you don't mind me asking?"],
        ["Noor Haddad", "It's ninety-eight hundred a month."],
      ]),
    ).toEqual(["Charge: $9,800 a month."]);
    // The question's own words stay when they name the thing measured.
    expect(
      await figureTexts([
        ["Ines Carver", "And what's your take-home pay, now that you're full time?"],
        ["Noor Haddad", "About sixty-one hundred a month."],
      ]),
    ).toEqual(["Take-home pay: $6,100 a month."]);
  });

  test("a percentage said as the size of a change is no figure of the thing when the new amount is said", async () => {
    expect(
      await figureTexts([
        ["Ines Carver", "Your flood premium went up twelve percent, to nineteen hundred dollars a year."],
      ]),
    ).toEqual(["Flood premium: $1,900 a year."]);
    expect(await figureTexts([["Noor Haddad", "The rent rose by about 4%, to $3,120 a month."]])).toEqual([
      "Rent: $3,120 a month.",
    ]);
  });

  test("a person who says what a home lists or appraises at is not the thing listed: 'it' after them is", async () => {
    expect(
      await figureTexts([
        ["Ines Carver", "Let's talk about the cottage."],
        ["Ines Carver", "The broker thinks it lists at four hundred twenty-five thousand."],
      ]),
    ).toEqual(["The cottage is listed at $425,000."]);
    // The home named further back in the meeting, and with none named, the price's own name.
    expect(
      await figureTexts([
        ["Noor Haddad", "We've gone back and forth on the cottage for months."],
        ["Ines Carver", "I understand."],
        ["Ines Carver", "Let's look at where things stand."],
        ["Ines Carver", "We talked to some people."],
        ["Ines Carver", "The broker thinks it lists at four hundred twenty-five thousand."],
      ]),
    ).toEqual(["The cottage is listed at $425,000."]);
    expect(
      await figureTexts([["Ines Carver", "The broker thinks it lists at four hundred twenty-five thousand."]]),
    ).toEqual(["Listing price: $425,000."]);
  });

  test("the one who appraises is not the thing appraised, with no 'it' after them either", async () => {
    expect(
      await figureTexts([
        ["Ines Carver", "And the cottage on Fernhill Road, did the appraisal come back?"],
        ["Noor Haddad", "It did. The appraiser came in at four hundred eighty thousand."],
      ]),
    ).toEqual(["The cottage was appraised at $480,000."]);
    // With no home named, the measure's own name; "valued it" still reads the business named before.
    expect(await figureTexts([["Noor Haddad", "The appraiser came in at four hundred eighty thousand."]])).toEqual([
      "Appraisal: $480,000.",
    ]);
    expect(
      await figureTexts([["Noor Haddad", "The shop. Our broker valued it last year at nine hundred thousand."]]),
    ).toEqual(["The shop was valued at $900,000."]);
  });

  test("'how much … X?' asks an amount of X, whatever X is, and the period it asks is the reply's", async () => {
    expect(
      await figureTexts([
        ["Ines Carver", "About how much a year from the food truck?"],
        ["Noor Haddad", "Last year it was around thirty thousand."],
      ]),
    ).toEqual(["Food truck: $30,000 a year."]);
  });

  test("'the first one' is the figure's own subject: what it stands for is what the talk before named", async () => {
    expect(
      await figureTexts([
        ["Ines Carver", "Now the distribution."],
        [
          "Ines Carver",
          "Your IRA is about six hundred forty thousand, so the first one is around twenty-four thousand.",
        ],
      ]),
    ).toEqual(["IRA: $640,000.", "Distribution: $24,000."]);
  });

  test("a reply naming nothing is what the question's words of money say it is", async () => {
    const figures = await figureTexts([
      ["Ines Carver", "You give to the food bank every year?"],
      ["Noor Haddad", "We do."],
      ["Noor Haddad", "Two thousand a year."],
    ]);
    expect(figures).toEqual(["Gifts: $2,000 a year."]);
  });

  test("a count of the people a business employs, of children or of shares held is a fact; other counts are not", async () => {
    expect(await figureTexts([["Noor Haddad", "The shop has twelve full-time employees now."]])).toEqual([
      "12 employees.",
    ]);
    expect(
      await figureTexts([
        ["Ines Carver", "And twelve employees?"],
        ["Noor Haddad", "Twelve, counting me."],
      ]),
    ).toEqual(["12 employees."]);
    expect(await figureTexts([["Elias Haddad", "I still hold about 2,500 ISOs from the old job."]])).toEqual([
      "2,500 ISOs.",
    ]);
    expect(await figureTexts([["Noor Haddad", "Two hundred people came to the fundraiser."]])).toEqual([]);
  });

  test("found on a meeting of my own: staff counted in a word, payroll, a gift asked after, a thing that is costing", async () => {
    expect(await figureTexts([["Noor Haddad", "So the studio has six employees now, four full-time."]])).toEqual([
      "6 employees.",
    ]);
    // Two kids, two options: said in passing, or choices.
    expect(await figureTexts([["Noor Haddad", "We have two kids and two options for the house."]])).toEqual([]);
    expect(
      await figureTexts([
        ["Ines Carver", "And payroll last year?"],
        ["Noor Haddad", "About two hundred forty thousand, all in."],
      ]),
    ).toEqual(["Payroll last year: $240,000."]);
    expect(
      await figureTexts([
        ["Noor Haddad", "We also give to the animal shelter every spring."],
        ["Ines Carver", "How much do you give them?"],
        ["Noor Haddad", "Eighteen hundred, usually."],
      ]),
    ).toEqual(["Gifts: $1,800."]);
    expect(await figureTexts([["Noor Haddad", "The new kiln is costing about twelve thousand."]])).toEqual([
      "Kiln: $12,000.",
    ]);
    // What someone charged is a charge, whatever the talk before named.
    expect(
      await figureTexts([
        ["Ines Carver", "Payroll was about two hundred forty thousand."],
        ["Ines Carver", "The accountant charged you thirty-one hundred for the close, right?"],
        ["Noor Haddad", "Thirty-one hundred, yes."],
      ]),
    ).toEqual(["Payroll: $240,000.", "Charge: $3,100."]);
  });

  test("an amount given for example is supposed, not what is", () => {
    const supposed = readFigures(
      [{ text: "For example, twenty thousand a year, as a couple.", index: 0, speaker: "Ines Carver" } as never],
      people,
    ).map((f) => f.hypothetical);
    expect(supposed).toEqual([true]);
  });

  test("a number right after the word it numbers names a form or a rule, where money is talked of too", async () => {
    const summary = await summariseExtractive(
      meeting([
        ["Ines Carver", "The S corp election sounds worth it for you."],
        ["Ines Carver", "I'll file Form 2553 for you, and you will need to set up payroll."],
      ]),
    );
    expect(summary.facts.filter((f) => f.kind === "figure").map((f) => f.text)).toEqual([]);
    expect(summary.actionItems.map((a) => a.task)).toContain("File Form 2553 for them");
  });

  test("a number naming the form or election after it is no amount", () => {
    expect(read("The pension is about sixty thousand a year.", "We're making the 2553 election.")).toEqual([
      "pension: $60,000",
    ]);
    expect(read("The pension is about sixty thousand a year.", "Is a 1035 exchange worth it?")).toEqual([
      "pension: $60,000",
    ]);
  });

  test("a share said with its owner's name is that owner's", () => {
    expect(read("So the ownership today is Dana sixty percent, Lee forty?")).toEqual(["Dana's share: 60%"]);
    expect(read("Lee owns forty percent of the shop.")).toEqual(["Lee's share: 40% of the shop"]);
  });
});

describe("a figure said nowhere as what is", () => {
  test("supposed, then denied: in no summary or key point", async () => {
    const notes = await summariseExtractive(
      meeting([
        ["Ines Carver", "The shop's rent is nine hundred a month."],
        ["Ines Carver", "Let's say, just to picture it, the boat sells for ninety thousand."],
        ["Noor Haddad", "We don't have ninety thousand in cash, though."],
      ]),
    );
    const written = [notes.executiveSummary, ...notes.keyPoints.map((p) => (typeof p === "string" ? p : p.text))].join(
      "\n",
    );
    expect(written).toContain("$900");
    expect(written).not.toContain("$90,000");
  });

  test("a figure that would have been is supposed", () => {
    const people = { nameOf: (s: string) => s, isClient: () => true, household: "the client" };
    const read = (text: string) =>
      readFigures([{ text, index: 0, speaker: "Ines Carver" } as never], people).map((f) => f.hypothetical);
    expect(read("The old roofer would have charged about four thousand for it.")).toEqual([true]);
    expect(read("The roofer charged about four thousand for it.")).toEqual([false]);
    // "would" with any verb but one of saying or guessing is a condition's.
    expect(read("And the bank would lend about a million two.")).toEqual([true]);
    expect(read("I would say the roof is about four thousand.")).toEqual([false]);
  });

  test("a figure whose clause names its own thing keeps no period another thing was said with", async () => {
    const { facts } = await summariseExtractive(
      meeting([
        ["Ines Carver", "The new rules save about twelve thousand a year in tax."],
        ["Ines Carver", "The kiln was twelve thousand dollars by itself."],
      ]),
    );
    const figures = facts.filter((f) => f.kind === "figure").map((f) => f.text);
    expect(figures).toContain("Kiln: $12,000.");
  });
});

describe("roles and what the meeting was about", () => {
  const sentences = (...texts: string[]) =>
    texts.map((text, index) => ({ text, index, speaker: "Ines Carver" }) as never);

  test("a role given to named people is a fact; a role with no name, or a word that is no name, is not", () => {
    const isName = (w: string) => ["Dana", "Sam", "Kit", "Karin"].includes(w);
    const read = readRoles(
      sentences(
        "So Karin as primary agent, that's settled.",
        "Sam and Kit are co-trustees.",
        "And the executor will be Dana.",
        "The trustee pays the bills.",
        "Later we'd name Toyota as guardian.",
      ),
      isName,
    ).map((r) => writeRole(r.role, r.who));
    expect(read).toEqual(["Primary agent: Karin.", "Co-trustees: Sam and Kit.", "Executor: Dana."]);
  });

  test("plans and documents said twice or more, most said first; once is not enough", () => {
    const terms = readDiscussed(
      sentences(
        "The special needs trust holds the gift.",
        "An ABLE account takes the first dollars, and the special needs trust the rest.",
        "SSI stays safe with a special needs trust.",
        "The ABLE account is his.",
        "Probate is not needed.",
      ),
    ).map((t) => t.term);
    expect(terms).toEqual(["special needs trust", "ABLE account"]);
  });
});
