// A large synthetic advisor account for search benchmarks: clients, meetings of about an hour with speaker turns,
// summaries and notes, and the questions an adviser asks about them. Deterministic for a seed.
//
// Most of every transcript comes from a small pool of advisory sentences, so words like "meeting", "client",
// "portfolio" or "points" occur in a large share of the chunks, as in a real practice where every meeting is
// about the same few subjects. Each meeting also has its own rarer matter (an asset in a named place, a family
// member, a reference), so questions about specific things have few matching chunks.

import type { TranscriptSegment } from "../../src/types";

export const SURNAMES = [
  "Hendricks",
  "Okafor",
  "Lindqvist",
  "Moreau",
  "Castillo",
  "Nakamura",
  "Pierce",
  "Fischer",
  "Adeyemi",
  "Brennan",
  "Kowalski",
  "Haddad",
  "Sorensen",
  "Takahashi",
  "Delacroix",
  "Mbeki",
  "Oyelaran",
  "Rasmussen",
  "Vasquez",
  "Whitaker",
  "Ibsen",
  "Quintero",
  "Ferreira",
  "Galloway",
  "Novak",
];
const CLIENT_KINDS = ["Family Trust", "Holdings", "Foundation", "Partners", "LLC"];
const CLIENT_TYPES = [
  "Wealth Management",
  "Legal Consultation",
  "Tax Planning",
  "Estate Planning",
  "Business Advisory",
];
const FIRST_NAMES = [
  "Margaret",
  "Robert",
  "Claire",
  "Emma",
  "Tobias",
  "Ingrid",
  "Kwame",
  "Sofia",
  "Henrik",
  "Amara",
  "Lucien",
  "Priya",
  "Mateo",
  "Yuki",
  "Gunnar",
  "Chiara",
  "Desmond",
  "Leila",
  "Otto",
  "Rosalind",
];
const TITLES = [
  "Annual review",
  "Investment review",
  "Estate planning session",
  "Tax planning meeting",
  "Quarterly check-in",
  "Retirement income review",
  "Insurance review",
  "Onboarding meeting",
  "Business succession call",
  "Education funding review",
];
const PLACES = [
  "Lisbon",
  "Sonoma",
  "Aspen",
  "Tuscany",
  "Kyoto",
  "Nantucket",
  "Provence",
  "Reykjavik",
  "Savannah",
  "Marrakesh",
  "Queenstown",
  "Bergen",
  "Oaxaca",
  "Cornwall",
  "Tasmania",
  "Bavaria",
  "Montana",
  "Vermont",
  "Algarve",
  "Patagonia",
];
const ASSETS = [
  "apartment",
  "vineyard",
  "cabin",
  "farmhouse",
  "sailboat",
  "bakery",
  "gallery",
  "orchard",
  "brewery",
  "chalet",
  "warehouse",
  "ranch",
  "marina",
  "bookshop",
  "cottage",
];
const AMOUNTS = ["ten thousand", "forty thousand", "two hundred thousand", "half a million", "1.2 million", "$85,000"];

/** Advisory talk that recurs in every meeting: the common part of the vocabulary. */
const COMMON = [
  "Let's go through the portfolio allocation and see where we drifted since the last review.",
  "Equities are now about fifty-eight percent against a target of fifty-five percent.",
  "I would trim the large-cap growth fund and move the proceeds into the short-term bond ladder.",
  "The required minimum distribution for this year comes to roughly twenty-two thousand dollars.",
  "We should harvest the losses in the international fund before the end of the quarter.",
  "Can you send me the statements from the old 401(k) so we can plan the rollover?",
  "The trust documents name a successor trustee, and we need a signature on page four.",
  "Property taxes went up again, so the escrow estimate will change in March.",
  "I'll draft the updated investment policy statement by Friday and share it for comments.",
  "Let's keep six months of expenses in the high-yield savings account as the emergency fund.",
  "The estimated tax payment for the third quarter is due on the fifteenth.",
  "We discussed funding the education account with a lump sum versus monthly contributions.",
  "Your risk tolerance questionnaire still points to a moderate profile, which matches the plan.",
  "I'd like to review the insurance coverage, especially the umbrella policy, at our next meeting.",
  "The charitable gift through the donor-advised fund would offset part of the capital gain.",
  "Before we start, has anything changed at home or at work since our last meeting?",
  "The key points from today are the rebalance, the tax payment and the trust signature.",
  "As a client you can always call me between meetings if something comes up.",
  "Thanks for making the time today, I know the last few weeks have been busy.",
  "Let me walk through the agenda quickly so we use the meeting well.",
  "I'll send a summary of the main points and the action items after the meeting.",
  "We agreed to rebalance toward bonds and keep the cash buffer where it is.",
  "The beneficiary designations on the life insurance still point to the old trust.",
  "Your employer matches six percent in the 401(k), so raise the contribution to get all of it.",
  "A Roth conversion might make sense in a year with lower income.",
  "The attorney can update the powers of attorney at the same time as the trust amendment.",
  "Most of that position sits in the IRA, so rebalancing there has no tax cost.",
  "Let's meet again next quarter to go over the tax return and the insurance review.",
  "That sounds good, thank you for pulling all of this together so clearly.",
  "The client asked whether the market drop changes the plan, and it does not.",
];
const FILLERS = ["Right.", "Okay, that makes sense.", "Yes, exactly.", "Good question.", "Sure.", "Mm-hmm, go on."];

/** A meeting's own matter: said a few times in that meeting only. */
const SPECIFIC = [
  "We talked about selling the {place} {asset} next year.",
  "The appraisal for the {place} {asset} came back at {amount}.",
  "{relative} wants to keep the {place} {asset} in the family.",
  "The {place} {asset} could go into the trust so it avoids probate.",
  "{relative} asked about the rental income from the {place} {asset}.",
  "Reference {reference} covers the insurance on the {place} {asset}.",
];

export interface BenchClient {
  name: string;
  type: string;
  contact: string;
}

export interface BenchMeeting {
  clientIndex: number;
  title: string;
  date: Date;
  segments: TranscriptSegment[];
  summary: { executiveSummary: string; keyPoints: string[]; actionItems: { task: string; assignee: string }[] };
  note: string | null;
}

export function benchClients(count: number): BenchClient[] {
  return Array.from({ length: count }, (_, i) => {
    const surname = SURNAMES[i % SURNAMES.length]!;
    const kind = CLIENT_KINDS[Math.floor(i / SURNAMES.length) % CLIENT_KINDS.length]!;
    return {
      name: `${surname} ${kind}`,
      type: CLIENT_TYPES[i % CLIENT_TYPES.length]!,
      contact: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${surname}`,
    };
  });
}

function random(seed: number) {
  let state = seed >>> 0 || 1;
  return (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return Math.floor(((state >>> 8) / 16777216) * n);
  };
}

const ADVISER = "Dana Whitfield";

/** Meeting `i` of the account, about `targetChars` of transcript (~57,000 characters give ~100 chunks of 800). */
export function benchMeeting(i: number, clients: BenchClient[], now: Date, targetChars = 57_000): BenchMeeting {
  const next = random(i * 7919 + 17);
  const clientIndex = i % clients.length;
  const client = clients[clientIndex]!;
  const fill = (template: string) =>
    template
      .replace("{place}", PLACES[i % PLACES.length]!)
      .replace("{asset}", ASSETS[Math.floor(i / PLACES.length) % ASSETS.length]!)
      .replace("{relative}", FIRST_NAMES[(i * 3 + 5) % FIRST_NAMES.length]!)
      .replace("{amount}", AMOUNTS[i % AMOUNTS.length]!)
      .replace("{reference}", `REF${(i * 37 + 1000) % 9973}`);
  const segments: TranscriptSegment[] = [];
  let chars = 0;
  let clock = 0;
  let turn = 0;
  while (chars < targetChars) {
    const speaker = turn % 2 === 0 ? ADVISER : client.contact;
    const count = next(6) === 0 ? 0 : 1 + next(3);
    const sentences =
      count === 0
        ? [FILLERS[next(FILLERS.length)]!]
        : Array.from({ length: count }, () =>
            next(40) === 0 ? fill(SPECIFIC[next(SPECIFIC.length)]!) : COMMON[next(COMMON.length)]!,
          );
    const text = sentences.join(" ");
    const seconds = Math.max(2, Math.round(text.split(" ").length / 2.5));
    segments.push({ start: clock, end: clock + seconds, speaker, text });
    clock += seconds + 1;
    chars += speaker.length + 2 + text.length + 1;
    turn++;
  }
  // Spread over the last two years, newest first, at office hours.
  const date = new Date(now.getTime() - (i * 17 + 1) * 12 * 3600 * 1000);
  date.setUTCHours(9 + (i % 8), 0, 0, 0);
  const matter = fill("the {place} {asset}");
  return {
    clientIndex,
    title: `${TITLES[i % TITLES.length]} ${i + 1}`,
    date,
    segments,
    summary: {
      executiveSummary: `The meeting with ${client.name} reviewed the portfolio allocation, the required minimum distribution and ${matter}. The client agreed to rebalance toward bonds.`,
      keyPoints: ["Allocation drifted to 58% equities", `Plans for ${matter}`, "Trust restatement signed"],
      actionItems: [
        { task: "Draft the updated investment policy statement", assignee: ADVISER },
        { task: `Send the documents about ${matter}`, assignee: client.contact },
      ],
    },
    note:
      i % 3 === 0
        ? `Private note: ${fill("{relative}")} seemed worried about ${matter}. Check ${fill("{reference}")} before the next meeting.`
        : null,
  };
}

/** Questions as advisers type them: common words only, client names, rare matters, periods, no match at all. */
export const BENCH_QUESTIONS = [
  "What were the key points from all meetings in April?",
  "action items from the investment review meeting",
  "What did we decide about the required minimum distribution?",
  "Which meetings talked about the umbrella insurance policy?",
  "When was my last meeting with the Hendricks trust?",
  "What did the client say about the donor-advised fund?",
  "Key points from all meetings last month",
  "How much is kept in the emergency fund?",
  "Who is the successor trustee?",
  "What are the main points the client raised in our meetings?",
  "Summarise the meeting points for the client",
  "What did we discuss about rebalancing the portfolio toward bonds?",
  "What are the next steps for the rollover of the old 401(k)?",
  "What did the client ask about the market drop?",
  "Did we talk about a Roth conversion?",
  "What were the key points from the meeting with Okafor Holdings?",
  "What did Lindqvist say about taxes in March?",
  "Last meeting with Moreau Foundation",
  "What did we discuss with Castillo about the trust amendment?",
  "Which clients did I meet with in the last month?",
  "What did Nakamura decide about the education account?",
  "Key points from meetings with Pierce Partners last week",
  "What did we say about the Lisbon apartment?",
  "Any update on the Aspen cabin?",
  "What was the appraisal of the Sonoma vineyard?",
  "Who wants to keep the Tuscany farmhouse in the family?",
  "rental income from the Kyoto sailboat",
  "What did Ingrid ask about the Nantucket bakery?",
  "Should the Provence gallery go into the trust?",
  "What is reference REF1037 about?",
  "What were the key points about the Reykjavik orchard in the client meetings?",
  "meeting points client Marrakesh brewery",
  "What did Tobias say in the meeting about the Bergen chalet?",
  "What action items were agreed for the Oaxaca warehouse?",
  "Cornwall ranch sale",
  "What did we decide about the yacht purchase?",
  "Did anyone mention cryptocurrency?",
  "What did the client say about the Patagonia marina in April?",
  "insurance on the Vermont bookshop",
  "Montana cottage probate",
  "What are the key points and action items from all meetings about the portfolio?",
  "What did we discuss in the meeting about the client's portfolio allocation and the bond ladder?",
  "tax payment due on the fifteenth",
  "What did the client worry about?",
  "escrow estimate property taxes",
  "What did Amara Okafor say about the life insurance beneficiary?",
  "Which meetings covered the international fund losses?",
  "What did we agree about the cash buffer?",
  "Savannah bakery appraisal and rental income",
  "What was said about the Algarve vineyard and the trust?",
];
