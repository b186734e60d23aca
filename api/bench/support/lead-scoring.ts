// Where an answer of POST /api/search carries its fact (issue 38): in the lead (the answer's first paragraph), or
// within its first 400 characters (lead or passages), markdown stripped. An answer is confident when the response
// says so (`confidence: "answer"`, once the product has that field) and, until then, whenever it leads with
// something (found true): today every such answer is presented as an answer. A wrong lead is a confident answer
// whose lead does not carry the fact, or a confident answer to a question nothing in the meetings answers.
import { stripMarkdown } from "./set2-answer-scoring";

export interface LeadAnswer {
  result: string;
  found?: boolean;
  confidence?: "answer" | "passages" | "nothing";
}

export interface LeadScore {
  confident: boolean;
  factInLead: boolean;
  factIn400: boolean;
  wrongLead: boolean;
  leadText: string;
}

/** The answer's first paragraph (up to the first blank line), markdown stripped, on one line. */
export const leadOf = (markdown: string) =>
  stripMarkdown(markdown.trim().split(/\n\s*\n/)[0] ?? "")
    .replace(/\s+/g, " ")
    .trim();

/** `expect` all match and no `notExpect` matches (case-insensitive sources or compiled regexes). */
function carries(text: string, expect: (string | RegExp)[], notExpect: string[]): boolean {
  const re = (r: string | RegExp) => (typeof r === "string" ? new RegExp(r, "i") : r);
  return expect.every((r) => re(r).test(text)) && !notExpect.some((r) => re(r).test(text));
}

export function scoreLead(
  answer: LeadAnswer,
  expect: (string | RegExp)[],
  notExpect: string[],
  expectsNothing: boolean,
): LeadScore {
  const lead = leadOf(answer.result);
  const confident = answer.confidence !== undefined ? answer.confidence === "answer" : answer.found === true;
  const factInLead = !expectsNothing && carries(lead, expect, notExpect);
  const factIn400 = !expectsNothing && carries(stripMarkdown(answer.result).trim().slice(0, 400), expect, notExpect);
  return { confident, factInLead, factIn400, wrongLead: confident && !factInLead, leadText: lead.slice(0, 200) };
}
