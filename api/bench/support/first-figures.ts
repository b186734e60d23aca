// Issue 38's figures, one column per set: action items, wrong leads among confident answers, the fact within the
// first 400 characters, next meetings on a wrong day, key facts in the notes and the follow-up e-mail checks. Each
// set keeps its own matching rules for items, next meeting and facts (issue-figures.ts); leads and e-mail checks
// are scored alike on every set (lead-scoring.ts, follow-up-checks.ts).
import { FOLLOW_UP_CHECKS, type FollowUpCheck, type FollowUpResult } from "./follow-up-checks";
import type { IssueFigures } from "./issue-figures";
import type { LeadScore } from "./lead-scoring";

type Count = { n: number; of: number };

export interface FirstFigures {
  recall: Count;
  precision: Count;
  /** Answers right by the set's own rule (fact in the first 400 and the right meeting cited). */
  answersRight: Count;
  /** Answerable questions answered confidently. */
  confident: Count;
  /** Confident answers (any question) whose lead does not carry the fact; off-topic ones counted apart too. */
  wrongLeads: Count;
  wrongLeadsOffTopic: number;
  factInLead: Count;
  factIn400: Count;
  nextRightDay: Count;
  nextWrongDay: Count;
  nextWithTopics: Count | null;
  keyFacts: Count;
  followUp: { passed: Count; failures: Record<FollowUpCheck | "no draft", number>; mostFailed: string };
}

const count = (flags: boolean[]): Count => ({ n: flags.filter(Boolean).length, of: flags.length });

export function firstFigures(
  issue: IssueFigures,
  leads: (LeadScore & { expectsNothing: boolean })[],
  nextWrongDay: boolean[],
  followUps: (FollowUpResult | null)[],
): FirstFigures {
  const answerable = leads.filter((l) => !l.expectsNothing);
  const confident = leads.filter((l) => l.confident);
  const failures = Object.fromEntries([...FOLLOW_UP_CHECKS, "no draft"].map((c) => [c, 0])) as Record<
    FollowUpCheck | "no draft",
    number
  >;
  for (const result of followUps) {
    if (result === null) failures["no draft"]++;
    else for (const check of result.failed) failures[check]++;
  }
  // Every check tied for the most failures, so a tie is not hidden by the order of the checks.
  const most = Math.max(...Object.values(failures));
  const worst = Object.entries(failures)
    .filter(([, n]) => n === most)
    .map(([check]) => check);
  return {
    recall: issue.recall,
    precision: issue.precision,
    answersRight: issue.answers,
    confident: count(answerable.map((l) => l.confident)),
    wrongLeads: count(confident.map((l) => l.wrongLead)),
    wrongLeadsOffTopic: confident.filter((l) => l.expectsNothing).length,
    factInLead: count(answerable.map((l) => l.factInLead)),
    factIn400: count(answerable.map((l) => l.factIn400)),
    nextRightDay: issue.nextDay,
    nextWrongDay: count(nextWrongDay),
    nextWithTopics: issue.nextWithTopics,
    keyFacts: issue.facts,
    followUp: {
      passed: count(followUps.map((r) => r?.passed === true)),
      failures,
      mostFailed: most > 0 ? `${worst.join(", ")} (${most}${worst.length > 1 ? " each" : ""})` : "none",
    },
  };
}

const pct = (c: Count) => (c.of === 0 ? "-" : `${Math.round((c.n / c.of) * 100)}%`);
const frac = (c: Count) => `${c.n}/${c.of} (${pct(c)})`;
const ratio = (c: Count) => (c.of === 0 ? "-" : `${(c.n / c.of).toFixed(2)} (${c.n}/${c.of})`);

/** The lines of the table, shared by the printout and docs. */
export const FIRST_FIGURE_LINES: [string, (f: FirstFigures) => string][] = [
  ["action items precision", (f) => ratio(f.precision)],
  ["action items recall (right owner)", (f) => ratio(f.recall)],
  ["answers right (fact in first 400, right meeting cited)", (f) => frac(f.answersRight)],
  ["answers confident (has a lead; of answerable)", (f) => frac(f.confident)],
  [
    "wrong leads among confident answers (of them off-topic)",
    (f) => `${frac(f.wrongLeads)} (${f.wrongLeadsOffTopic} off-topic)`,
  ],
  ["fact in the lead (of answerable)", (f) => frac(f.factInLead)],
  ["fact within the first 400 characters (of answerable)", (f) => frac(f.factIn400)],
  ["next meeting on the right day (or none where none was set)", (f) => frac(f.nextRightDay)],
  ["next meeting on a wrong day", (f) => frac(f.nextWrongDay)],
  ["next meeting: right day and its topics", (f) => (f.nextWithTopics ? frac(f.nextWithTopics) : "-")],
  ["key facts carried in the notes", (f) => frac(f.keyFacts)],
  ["follow-up e-mails passing every check", (f) => frac(f.followUp.passed)],
  ["follow-up check failed most (drafts)", (f) => f.followUp.mostFailed],
  ...FOLLOW_UP_CHECKS.map((check): [string, (f: FirstFigures) => string] => [
    `  drafts failing: ${check}`,
    (f) => `${f.followUp.failures[check]}/${f.followUp.passed.of}`,
  ]),
  ["  meetings without a draft", (f) => `${f.followUp.failures["no draft"]}/${f.followUp.passed.of}`],
];

export function printFirstFigures(columns: [string, FirstFigures][]) {
  const row = (cells: string[]) => console.log(`| ${cells.join(" | ")} |`);
  console.log("");
  row(["issue 38's figures", ...columns.map(([name]) => name)]);
  row(["---", ...columns.map(() => "---")]);
  for (const [name, value] of FIRST_FIGURE_LINES) row([name, ...columns.map(([, f]) => value(f))]);
}
