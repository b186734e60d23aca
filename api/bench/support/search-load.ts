// Meeting Intelligence under load: varied adviser questions to POST /api/search, one at a time or several in flight;
// latency figures count answered questions only, refusals (429 and others) are counted apart by status.
import { type LoadResult, summarise } from "./load-generator";

/** What an adviser asks of a year of reviews: the seeded meetings' subjects, asked many ways. */
export const ADVISER_QUESTIONS = [
  "What did we decide about the required minimum distribution?",
  "How large is this year's RMD?",
  "Which meetings talked about the umbrella insurance policy?",
  "When was my last meeting with the Hendricks trust?",
  "What are the action items from the meeting about the rollover?",
  "Did the client send the old 401(k) statements?",
  "What did the client say about the donor-advised fund?",
  "Key points from all meetings last month",
  "How much is kept in the emergency fund?",
  "Who is the successor trustee?",
  "Where does the equity allocation stand against the target?",
  "Which fund did we plan to trim, and where do the proceeds go?",
  "What did we say about tax-loss harvesting in the international fund?",
  "When is the third-quarter estimated tax payment due?",
  "Why will the escrow estimate change?",
  "Should the education account be funded with a lump sum or monthly?",
  "What is the client's risk tolerance profile?",
  "Who is drafting the updated investment policy statement, and by when?",
  "What signature is still needed on the trust documents?",
  "How would the charitable gift offset the capital gain?",
  "Summarise my meetings with the Okafor family",
  "What follow-ups are planned for January?",
  "What did Margaret Hendricks ask about property taxes?",
  "Have we discussed the short-term bond ladder with the Lindqvist family?",
  "List the open tasks assigned to me",
  "What topics are on the agenda for the next meeting?",
  "What happened at the last review with the Moreau family trust?",
  "How many meetings discussed rebalancing toward bonds?",
  "What is the plan for the high-yield savings account?",
  "Which clients need an insurance review?",
];

export interface SearchLoadResult {
  /** Latencies of answered questions (2xx) only. */
  answered: LoadResult;
  /** Questions not answered, by HTTP status ("network" when the request failed). */
  refused: Record<string, number>;
  inFlight: number;
}

/**
 * Asks `count` questions (at most `seconds`), `inFlight` at a time, cycling through ADVISER_QUESTIONS from a
 * different starting point per run so one run's cache does not serve the next.
 */
export async function measureSearch(
  url: string,
  cookie: string,
  options: { inFlight: number; count: number; seconds: number; offset?: number },
): Promise<SearchLoadResult> {
  const latencies: number[] = [];
  const refused: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  const end = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.inFlight }, async () => {
      while (next < options.count && performance.now() < end) {
        const query = ADVISER_QUESTIONS[(next++ + (options.offset ?? 0)) % ADVISER_QUESTIONS.length]!;
        const t = performance.now();
        try {
          const response = await fetch(`${url}/api/search`, {
            method: "POST",
            headers: { cookie, "content-type": "application/json" },
            body: JSON.stringify({ query }),
          });
          await response.arrayBuffer();
          if (response.ok) latencies.push(performance.now() - t);
          else refused[response.status] = (refused[response.status] ?? 0) + 1;
        } catch {
          refused.network = (refused.network ?? 0) + 1;
        }
      }
    }),
  );
  const refusedCount = Object.values(refused).reduce((a, b) => a + b, 0);
  return {
    answered: summarise(latencies, (performance.now() - started) / 1000, refusedCount),
    refused,
    inFlight: options.inFlight,
  };
}

/** "none", or "12 (429: 10, 502: 2)". */
export function describeRefusals(refused: Record<string, number>): string {
  const entries = Object.entries(refused);
  if (entries.length === 0) return "none";
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  return `${total} (${entries.map(([status, n]) => `${status}: ${n}`).join(", ")})`;
}
