// Short advisor meetings with what a person-written summary of each must hold: the figures said (in the key points,
// written as figures; rates are left out: the fitted confidence keeps a rate below the notes' threshold, see docs/notes-engine.md),
// the real commitments (task, assignee, due date) and the sentences that only sound like commitments. Used by
// ai/src/local/summary-fixtures.test.ts and the summaries bench (ai/bench/summaries.ts).
import type { SummariseInput } from "../src/types";

export interface ExpectedAction {
  task: RegExp;
  assignee: string;
  /** yyyy-MM-dd; undefined when no date was said (the item must then carry none). */
  dueDate?: string;
}

export interface SummaryFixture {
  name: string;
  meetingDate: Date;
  lines: [speaker: string, text: string][];
  figures: string[];
  actions: ExpectedAction[];
  /** Tasks that must not be listed: questions, refusals, musings. */
  notActions: RegExp[];
}

export const SUMMARY_FIXTURES: SummaryFixture[] = [
  {
    name: "bond ladder review",
    meetingDate: new Date(2025, 3, 7, 10), // Monday 7 April 2025
    lines: [
      ["Dana Whitfield", "Hi Elaine, thanks for making time this morning. How was your trip to Lisbon?"],
      ["Elaine Moss", "Lovely, thank you. Okay so, I wanted to talk about the bond ladder."],
      [
        "Dana Whitfield",
        "I recommend we build a five-year ladder with 250 thousand dollars, split evenly across five maturities.",
      ],
      ["Elaine Moss", "Um, you know, I want to see the list of bonds before we buy anything."],
      ["Dana Whitfield", "Of course. I will send you the list of bonds by Thursday."],
      ["Elaine Moss", "And the yield, roughly?"],
      ["Dana Whitfield", "The average yield is about 4.2 percent, so around ten thousand five hundred a year."],
      ["Elaine Moss", "That works. I'll transfer the cash from my savings account by next Monday."],
      ["Dana Whitfield", "Great. Thanks, Elaine."],
    ],
    figures: ["250,000"],
    actions: [
      { task: /list of bonds/i, assignee: "Dana Whitfield", dueDate: "2025-04-10" },
      { task: /transfer the cash/i, assignee: "Elaine Moss", dueDate: "2025-04-14" },
    ],
    notActions: [/^see the list/i, /want to see/i],
  },
  {
    name: "retirement income plan",
    meetingDate: new Date(2025, 4, 14, 15), // Wednesday 14 May 2025
    lines: [
      ["Priya Raman", "Good afternoon, Tom. Nice to see you again."],
      ["Tom Becker", "Good to see you too. So, where do we stand on the pension?"],
      [
        "Priya Raman",
        "Your pension pot is 412,000 pounds, and at a 4 percent withdrawal rate that gives you about 16,500 a year.",
      ],
      ["Tom Becker", "Will I ever be able to retire at 60?"],
      ["Priya Raman", "We agreed last time that 62 is more realistic, and the numbers still say so."],
      ["Tom Becker", "Fair enough. We'll see how the markets go."],
      ["Priya Raman", "Tom, please send me your latest State Pension forecast by the end of the month."],
      ["Tom Becker", "I will never understand those forecasts, but sure."],
      ["Priya Raman", "Kevin will run the cash-flow model once the forecast arrives."],
    ],
    figures: ["412,000"],
    actions: [
      // "By the end of the month" is a period's end, not a promised day (the advisor set's truth gives it no date).
      { task: /State Pension forecast/i, assignee: "Tom Becker" },
      { task: /cash-flow model/i, assignee: "Kevin" },
    ],
    notActions: [/retire/i, /understand/i, /markets/i],
  },
  {
    name: "college savings",
    meetingDate: new Date(2025, 8, 1, 9), // Monday 1 September 2025
    lines: [
      ["Maria Lopez", "Hello Sam, hope you had a good weekend."],
      ["Sam Carter", "I did, thanks. Let's get into the 529 plans."],
      ["Maria Lopez", "The 529 balance is 64,000 dollars, and tuition is rising about 5 percent a year."],
      ["Sam Carter", "Should we increase the monthly contribution?"],
      ["Maria Lopez", "Yes, I suggest raising it from 500 to 800 dollars a month starting in October."],
      ["Sam Carter", "Okay. Can you send the new contribution form tomorrow?"],
      ["Maria Lopez", "Sure, I'll email the form tomorrow morning."],
      ["Sam Carter", "Great, I'll sign it and return it by Friday."],
    ],
    figures: ["64,000"],
    actions: [
      { task: /contribution form|email the form/i, assignee: "Maria Lopez", dueDate: "2025-09-02" },
      { task: /sign it and return it|return it/i, assignee: "Sam Carter", dueDate: "2025-09-05" },
    ],
    notActions: [/increase the monthly contribution/i, /get into/i],
  },
  {
    name: "estate planning with three people",
    meetingDate: new Date(2025, 1, 3, 11), // Monday 3 February 2025
    lines: [
      ["Grace Kim", "Morning everyone, thank you for coming."],
      ["Oliver Grant", "Thanks for having us."],
      ["Grace Kim", "The estate is valued at 2.3 million, and the trust deed still names Oliver's brother as trustee."],
      ["Hannah Grant", "We decided to name my sister as successor trustee instead."],
      ["Grace Kim", "Good. Hannah, can you send me your sister's full legal name and address by Wednesday?"],
      ["Hannah Grant", "Yes, I can do that."],
      ["Grace Kim", "Oliver, please book the notary appointment for next week."],
      ["Oliver Grant", "I wonder whether we should update the wills at the same time?"],
      ["Grace Kim", "The open question is whether the lake house goes into the trust."],
    ],
    figures: ["2.3 million"],
    actions: [
      { task: /legal name and address/i, assignee: "Hannah Grant", dueDate: "2025-02-05" },
      { task: /notary appointment/i, assignee: "Oliver Grant" }, // "next week" names no day
    ],
    notActions: [/update the wills/i, /lake house/i],
  },
  {
    name: "small business tax",
    meetingDate: new Date(2025, 0, 10, 9), // Friday 10 January 2025
    lines: [
      ["Leo Brandt", "Hi Sofia, thanks for making time before the filing deadline."],
      ["Sofia Marin", "Thanks, Leo. Uh, the big question for me is whether we should elect S corporation status."],
      ["Leo Brandt", "With profit of 140,000 dollars, the election could save you about 9,000 dollars a year."],
      ["Sofia Marin", "I'm not sure I will keep the business past 2026, so let's think about it."],
      ["Leo Brandt", "I'll file Form 2553 for you next week."],
      ["Sofia Marin", "I'll send the invoices for the new laptops today."],
      ["Leo Brandt", "Let's make the January estimated payment of 11,500 dollars by January 15th."],
    ],
    figures: ["140,000", "9,000", "11,500"],
    actions: [
      { task: /Form 2553/i, assignee: "Leo Brandt" }, // "next week" names no day
      { task: /invoices/i, assignee: "Sofia Marin", dueDate: "2025-01-10" },
      { task: /January estimated payment/i, assignee: "Leo Brandt", dueDate: "2025-01-15" },
    ],
    notActions: [/keep the business/i, /think about it/i],
  },
  {
    name: "insurance renewal",
    meetingDate: new Date(2025, 5, 2, 14), // Monday 2 June 2025
    lines: [
      ["Nadia Hassan", "Hey Ben, good to see you. Can you hear me okay?"],
      ["Ben Ortiz", "Yes, loud and clear."],
      ["Nadia Hassan", "Your home insurance premium went up 18 percent, to 2,400 dollars a year."],
      ["Ben Ortiz", "That's a lot. Could you get quotes from two other insurers?"],
      ["Nadia Hassan", "Yes, I'll get two competing quotes by June 13th."],
      ["Ben Ortiz", "I won't switch if the coverage is worse, though."],
      ["Nadia Hassan", "Agreed. We decided to keep the umbrella policy at 1 million either way."],
      ["Ben Ortiz", "I'll dig out the home inventory photos this week."],
    ],
    figures: ["2,400", "1 million"],
    actions: [
      { task: /quotes/i, assignee: "Nadia Hassan", dueDate: "2025-06-13" },
      { task: /inventory photos/i, assignee: "Ben Ortiz" }, // "this week" names no day
    ],
    notActions: [/switch/i, /hear me/i],
  },
];

/** The fixture as the summariser's input: one segment a line, ten seconds apart. */
export function fixtureInput(fixture: SummaryFixture): SummariseInput {
  const segments = fixture.lines.map(([speaker, text], i) => ({ start: i * 10, end: i * 10 + 9, speaker, text }));
  return {
    transcript: {
      segments,
      fullText: segments.map((s) => `${s.speaker}: ${s.text}`).join("\n"),
      durationSeconds: segments.length * 10,
    },
    title: fixture.name,
    clientName: fixture.lines[1]?.[0] ?? "Client",
    meetingDate: fixture.meetingDate,
  };
}
