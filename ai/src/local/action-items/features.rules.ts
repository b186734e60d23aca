// What the words of a candidate task say about whether it is one: each row is a 0/1 feature of the fitted
// confidence (features.ts), read from the clause as said or from the task as written. Weights are not typed here:
// api/bench/fit-action-items.ts fits one per row (ai/fitted/action-items.json).

import { alternation, lexiconRegExp, MONTHS, RELATIVE_DAYS, WEEKDAYS } from "../../language";
import { ruleTable } from "../../language/rules";

const TIME_SAID = lexiconRegExp(
  `\\b(?:by|before|until|this (?:week|month|afternoon|evening|weekend)|next (?:week|month)|end of|within \\w+ (?:days?|weeks?)|${alternation([...RELATIVE_DAYS, ...WEEKDAYS, ...MONTHS.filter((month) => month !== "may")])})\\b`,
  "i",
);

/** Which text a row reads: the clause as said, or the task as written (an imperative from its verb). */
export type FeatureText = "clause" | "task";

export const TASK_WORD_FEATURES = ruleTable<FeatureText>({
  id: "action-items.features",
  description:
    "Features of a candidate task's words, each a 0/1 input of the fitted confidence: hedges, conditions, the kind of verb and of object, a time said.",
  combine: "Every row is a feature; its weight is fitted (ai/fitted/action-items.json).",
  rules: [
    {
      id: "hedged",
      matches: "a word that leaves the task open: probably, eventually, mostly, try to, I guess",
      pattern:
        /\b(?:probably|eventually|mostly|hopefully|possibly|maybe|might|try to|kind of|sort of|I guess|I think|at some point|ideally|just in case)\b/i,
      effect: "clause",
      examples: [
        { text: "I'll probably give the broker a ring.", expect: true },
        { text: "I'll send the signed lease on Monday.", expect: false },
      ],
    },
    {
      id: "conditional",
      matches: "a condition inside the clause: if, unless, in case, whenever",
      pattern: /\b(?:if|unless|in case|whenever|otherwise)\b/i,
      effect: "clause",
      examples: [
        { text: "Call me if the lender changes the rate.", expect: true },
        { text: "Call the lender about the rate.", expect: false },
      ],
    },
    {
      id: "time-said",
      matches: "a day, a weekday or a period the task is due in",
      pattern: TIME_SAID,
      effect: "clause",
      examples: [
        { text: "I'll mail the deed by Thursday.", expect: true },
        { text: "I'll mail the deed.", expect: false },
      ],
    },
    {
      id: "paper-verb",
      matches: "a verb of paperwork or messages: send, email, file, sign, draft, order, book, schedule, request …",
      pattern:
        /^(?:send|email|e-mail|mail|fax|forward|file|sign|draft|prepare|order|book|schedule|request|submit|upload|scan|print|update|open|close|set up|write up|pull|call|phone|text|get|pay|transfer|move|confirm|review|check|look into|find|send over|put together|run|fill out|complete|register|apply|record|notarize|reach out)\b/i,
      effect: "task",
      examples: [
        { text: "Send the trustee the amended schedule", expect: true },
        { text: "Listen to the recording", expect: false },
      ],
    },
    {
      id: "state-verb",
      matches: "a verb of being, wanting or attending rather than doing: be, want, listen, stay, keep, watch, wait",
      pattern:
        /^(?:be|want|need|listen|stay|keep|watch|wait|shout|hang on|hold on|relax|enjoy|come|go|sit|sleep|feel|try|start|stop|continue|help|use|take|mostly|just|also)\b/i,
      effect: "task",
      examples: [
        { text: "Keep an eye on the market", expect: true },
        { text: "File the amended return", expect: false },
      ],
    },
    {
      id: "determined-object",
      matches: "an object with its determiner or a name: the deed, your statements, Omar's letter",
      pattern: /^\S+(?: \S+)? (?:the|your|my|our|his|her|their|a|an|both|all|each|every|those|these|\p{Lu}\p{Ll}+)\b/u,
      effect: "task",
      examples: [
        { text: "Send the closing statement", expect: true },
        { text: "Bring snacks", expect: false },
      ],
    },
    {
      id: "vague-object",
      matches: "a pronoun or a bare person for the thing done: do it, draft those, call her",
      pattern:
        /^\S+(?: (?:up|out|back|over|down|to|with|for|about))? (?:it|that|this|those|these|them|him|her|his|one|something)\b/i,
      effect: "task",
      examples: [
        { text: "Draft those right away", expect: true },
        { text: "Talk to her this weekend", expect: true },
        { text: "Draft the codicil right away", expect: false },
      ],
    },
    {
      id: "paper-object",
      matches: "a document, an account or money as the thing done: form, statement, return, letter, deed, account …",
      pattern:
        /\b(?:forms?|statements?|returns?|letters?|deeds?|wills?|trusts?|accounts?|applications?|reports?|quotes?|estimates?|invoices?|receipts?|records?|files?|agreements?|contracts?|summary|summaries|emails?|links?|checks?|policy|policies|paperwork|documents?|copies|copy|drafts?|schedules?|lists?|numbers?|payments?|petitions?|filings?|appraisals?|certificates?|stubs?|notes|plans?|designations?|beneficiar(?:y|ies)|proposals?|figures?|worksheets?|spreadsheets?|transcripts?|bills?|payroll|ledgers?|invite|invitations?|calendar|appointments?)\b/i,
      effect: "task",
      examples: [
        { text: "Email Hana the updated beneficiary form", expect: true },
        { text: "Bring coffee", expect: false },
      ],
    },
    {
      id: "figure",
      matches: "a figure: digits or a dollar sign",
      pattern: /\d|\$/,
      effect: "task",
      examples: [
        { text: "Move 20,000 into the money market", expect: true },
        { text: "Move the cash into the money market", expect: false },
      ],
    },
    {
      id: "question",
      matches: "a clause said as a question",
      pattern: /\?\s*$/,
      effect: "clause",
      examples: [
        { text: "Could you send me the lease?", expect: true },
        { text: "Send me the lease.", expect: false },
      ],
    },
  ],
});
