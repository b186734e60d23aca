// Scores one answer of POST /api/search against a question of advisor-meetings-2 (its README, "questions.json"):
// every `expect` regex matches the answer's first 400 characters with markdown stripped, no `notExpect` client is
// named there, and every `cite` group has one of its meetings linked (/meetings/{id}) in the answer. Off-topic:
// the answer says nothing was found (found false), links no meeting and returns no sources.
import type { Set2Question } from "./advisor-set-2";

export interface Set2Answer {
  result: string;
  sources: { meetingId: number }[];
  found?: boolean;
}

export interface Set2AnswerScore {
  id: string;
  type: string;
  question: string;
  /** Every expect regex in the lead and no notExpect client there. */
  lead: boolean;
  /** Every cite group has a meeting linked in the answer. */
  cited: boolean;
  /** Off-topic only: nothing found, no link, no sources. */
  nothingFound: boolean;
  right: boolean;
  linked: string[];
  answerStart: string;
}

/** The answer as plain text: links to their words, emphasis, headings, quotes, list marks and code marks out. */
export function stripMarkdown(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}#{1,6}\s+/gm, "")
    .replace(/^\s{0,3}>\s?/gm, "")
    .replace(/^(\s*)(?:[-*+]|\d+[.)])\s+/gm, "$1")
    .replace(/(\*\*|__|\*|_|`+|~~)(?=\S)([^\n]*?\S)\1/g, "$2")
    .replace(/\\([\\`*_{}[\]()#+\-.!>])/g, "$1");
}

/** Meeting ids linked in the answer's markdown (`/meetings/{id}`, with or without `?t=`). */
export const linkedMeetingIds = (markdown: string) =>
  [...markdown.matchAll(/\]\(\/meetings\/(\d+)(?:\?[^)]*)?\)/g)].map((m) => Number(m[1]));

export function scoreSet2Answer(
  question: Set2Question,
  answer: Set2Answer,
  keyOfMeeting: Map<number, string>,
): Set2AnswerScore {
  const lead = stripMarkdown(answer.result).trim().slice(0, 400);
  const linked = [...new Set(linkedMeetingIds(answer.result).map((id) => keyOfMeeting.get(id) ?? `#${id}`))];
  const offTopic = question.type === "off-topic";
  const nothingFound = answer.found === false && linked.length === 0 && answer.sources.length === 0;
  const inLead =
    question.expect.every((source) => new RegExp(source, "i").test(lead)) &&
    !(question.notExpect ?? []).some((source) => new RegExp(source, "i").test(lead));
  const cited = question.cite.every((group) => group.some((key) => linked.includes(key)));
  return {
    id: question.id,
    type: question.type,
    question: question.question,
    lead: inLead,
    cited,
    nothingFound,
    right: offTopic ? nothingFound : inLead && cited,
    linked,
    answerStart: lead.replace(/\s+/g, " ").slice(0, 200),
  };
}
