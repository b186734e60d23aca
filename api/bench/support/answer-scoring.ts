// Scores one answer of POST /api/search against a question of the advisor set (see its README, "questions.json"):
// the expected fact in the answer's first line and in its first 400 characters, the right meetings cited, and for
// questions about clients that do not exist or off-topic questions, "nothing found" with no sources.
import type { Question } from "./advisor-set";

export interface Answer {
  result: string;
  sources: { meetingId: number }[];
  found?: boolean;
  confidence?: "answer" | "passages" | "nothing";
}

export interface AnswerScore {
  type: string;
  question: string;
  firstLine: boolean;
  first400: boolean;
  /** Share of the expected meetings (or of the client groups, for across-client questions) cited. */
  citeRecall: number;
  /** At least one right meeting cited (every client group, for across-client questions). */
  citedRight: boolean;
  wrongCitations: number;
  /** For no-such-client and off-topic: answered "nothing found" (found false) with no sources. */
  nothingFound: boolean;
  answerStart: string;
}

const NOTHING_TYPES = new Set(["no-such-client", "off-topic"]);

export function scoreAnswer(
  question: Pick<Question, "q" | "type" | "expect" | "cites" | "citeGroups">,
  expect: RegExp,
  answer: Answer,
  fileOfMeeting: Map<number, string>,
): AnswerScore {
  const text = answer.result.trim();
  const firstLine = text.split("\n").find((line) => line.trim() !== "") ?? "";
  const cited = new Set(answer.sources.map((s) => fileOfMeeting.get(s.meetingId) ?? `meeting ${s.meetingId}`));
  const groups = question.citeGroups ?? question.cites.map((file) => [file]);
  const coveredGroups = groups.filter((group) => group.some((file) => cited.has(file))).length;
  const wrongCitations = [...cited].filter((file) => !question.cites.includes(file)).length;
  const nothingFound = answer.found === false && answer.sources.length === 0;
  return {
    type: question.type,
    question: question.q,
    firstLine: expect.test(firstLine),
    first400: expect.test(text.slice(0, 400)),
    citeRecall: groups.length === 0 ? (cited.size === 0 ? 1 : 0) : coveredGroups / groups.length,
    citedRight: NOTHING_TYPES.has(question.type)
      ? nothingFound
      : question.citeGroups
        ? coveredGroups === groups.length
        : coveredGroups > 0,
    wrongCitations,
    nothingFound,
    answerStart: firstLine.slice(0, 160),
  };
}

export const expectsNothing = (type: string) => NOTHING_TYPES.has(type);
