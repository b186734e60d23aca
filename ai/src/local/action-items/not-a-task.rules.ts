// What is no task, whatever commitment words it holds (NOT_A_TASK: conditions, negations, hypotheticals, things done
// in the meeting, reports of the past, what a request is for), and task words that are no task on their own
// (FRAGMENT: a pronoun for an object, a thought, a message with no content, a verb with only a generic noun). Hedges,
// worries, deferrals and musings are no longer rules here: they are weighed by the fitted confidence (features.ts).

import { ruleTable } from "../../language/rules";

export type NotATaskKind =
  | "condition"
  | "negation"
  | "hypothetical"
  | "in-meeting"
  | "report"
  | "purpose"
  | "description";

// A clause any of these find is not a task, whatever commitment words it holds.
export const NOT_A_TASK = ruleTable<NotATaskKind>({
  id: "action-items.not-a-task",
  description:
    "Speech that is no task whatever commitment words it holds: conditions, negations, hypotheticals, things done in the meeting, reports, purposes, a thing described by what someone will do with it.",
  combine: "Any match drops the clause.",
  rules: [
    {
      id: "not-task-condition",
      pattern: /^(?:(?:and|but|so),?\s+)?(?:if|when|unless|whether|once)\b/i,
      effect: "condition",
      weight: 1,
      examples: [{ text: "If rates fall, we'll refinance the cottage.", expect: true }],
    },
    {
      id: "not-task-negation",
      pattern:
        /\b(?:won't|will not|wouldn't|can't|cannot|couldn't|never|don't|didn't|doesn't|shouldn't|not|no longer)\b/i,
      effect: "negation",
      weight: 1,
      examples: [
        { text: "I won't sell the shares until the spring.", expect: true },
        { text: "We're not opening the account yet.", expect: true },
      ],
    },
    {
      id: "not-task-hypothetical",
      pattern:
        /\bif (?:we|you|I|they|he|she) (?:ever|wanted|decided|had|were|did|sold|bought)\b|\bif (?:anything|something|that|it|things?|the \w+) (?:changes?|happens?|comes up|goes wrong|falls through)\b|\b(?:we|you|I|they)'d (?:sell|buy|move|redo|look|have)\b/i,
      effect: "hypothetical",
      weight: 1,
      examples: [
        { text: "If we ever sold the farm we'd owe a lot of tax.", expect: true },
        { text: "We'd sell the boat and the trailer.", expect: true },
      ],
    },
    {
      id: "not-task-in-meeting",
      pattern:
        /\b(?:let me|I'll just|I'm going to|I'll) (?:pull up|grab|look|check|share my screen|find|open(?! (?:an?|the|their|your|his|her|our) (?:[\w-]+ ){0,3}accounts?\b)|write (?:that|this|it) down|note|make a note|jot)\b|^(?:oh,?\s+)?sorry,?\s+(?:I'm|I am)\b|\b(?:I'm going to|I'm gonna|I'll) just show you\b|\blet me (?:just )?show you\b/i,
      effect: "in-meeting",
      weight: 1,
      examples: [
        { text: "Let me pull up the statement.", expect: true },
        { text: "Sorry, I'm going to move to the kitchen.", expect: true },
        { text: "So I'm going to just show you the numbers and you decide.", expect: true },
        { text: "I'll show you the revised draft on Thursday.", expect: false },
        { text: "Let me open the spreadsheet with the fees.", expect: true },
        { text: "I'll open a money market account for the trust this week.", expect: false },
      ],
    },
    {
      id: "not-task-meeting-itself",
      pattern:
        /\b(?:(?:stop|start|pause|end) (?:the )?recording|lose (?:you|them|him|her|the (?:call|connection|line|audio))|(?:an early|a long|a quick|a late) lunch|bring (?:\w+ ){0,4}coffee|(?:be )?taking notes|be listening|note-?taker|the \w+ bot(?:'s)?)\b/i,
      effect: "in-meeting",
      weight: 1,
      examples: [
        { text: "Let's stop the recording there.", expect: true },
        { text: "Wave at me if we lose you.", expect: true },
        { text: "I'll grab an early lunch after this.", expect: true },
        { text: "I'll bring you all some coffee.", expect: true },
        { text: "Dev will mostly be taking notes today.", expect: true },
        { text: "Leave the Otterly bot in the call.", expect: true },
        { text: "I'll send the recording of the signing to you.", expect: false },
      ],
    },
    {
      id: "not-task-next-meeting",
      pattern:
        /^(?:(?:so|okay|ok|great|good),?\s+)?(?:let's|we'll|we will|we can|we should) (?:meet|talk|get together) (?:again|next)\b/i,
      effect: "in-meeting",
      weight: 1,
      examples: [
        { text: "Let's meet again on Tuesday the 8th at ten.", expect: true },
        { text: "Okay, we'll meet next in January to sign.", expect: true },
        { text: "Let's send the invite for the next meeting.", expect: false },
      ],
    },
    {
      id: "not-task-report",
      pattern: /\bI (?:said|told|thought) I(?:'d| would)\b|\btell \p{Lu}\p{Ll}+ (?:you|I|we|they) said\b/iu,
      effect: "report",
      weight: 1,
      examples: [{ text: "I said I'd look into it last spring.", expect: true }],
    },
    {
      // "The only thing Ray will take is the van": the promise names a thing, the sentence says what it is.
      id: "not-task-described-thing",
      pattern:
        /\bthe (?:only |one |main |last |first )?(?:thing|one|stuff|part)s? (?:that |which )?(?:\p{L}+ )?\p{L}+(?: will|'ll| is going to| wants to) [^.,;!?]{1,60}? (?:is|are|was) /iu,
      effect: "description",
      weight: 1,
      examples: [
        { text: "Honestly, the only thing Ray will take with him is the van.", expect: true },
        { text: "The one thing I'll need from you is the signed lease.", expect: true },
        { text: "I'll send the one thing the bank is asking for.", expect: false },
      ],
    },
    {
      id: "not-task-purpose",
      pattern: /^so (?:that )?(?:I|we|you|he|she|they) (?:can|could)\b/i,
      effect: "purpose",
      weight: 1,
      examples: [{ text: "so I can check it against the ledger", expect: true }],
    },
  ],
});

export type FragmentKind = "pronoun-object" | "thought" | "no-content" | "generic" | "cost-taken";

// Task words (an imperative from its verb) that are no task on their own.
export const FRAGMENT = ruleTable<FragmentKind>({
  id: "action-items.fragments",
  description: "Task words (an imperative from its verb) that are no task on their own.",
  combine: "Any match drops the task.",
  rules: [
    {
      id: "fragment-pronoun-object",
      pattern:
        /^\p{L}+(?: (?:up|out|back|over|off|in|down))? (?:(?:it|them)\b|(?:that|this|those|these)(?:$| (?:up|out|over|back|to|for|by|with|in|on|at|today|tonight|tomorrow|now|again|a little)\b))/iu,
      effect: "pronoun-object",
      weight: 1,
      examples: [
        { text: "Make it work", expect: true },
        { text: "Round it up a little for taxes", expect: true },
        { text: "Send the deed to Imogen", expect: false },
        { text: "Start those forms tomorrow", expect: false },
      ],
    },
    {
      id: "fragment-thought",
      pattern: /^(?:think|know|consider|understand|remember|wonder|feel|hope|worry|keep in mind|figure out whether)\b/i,
      effect: "thought",
      weight: 1,
      examples: [
        { text: "Think about a new car", expect: true },
        { text: "Know the exact basis", expect: true },
      ],
    },
    {
      id: "fragment-no-content",
      pattern: /^(?:tell|ask|let|ping)\s+\S+(?:\s+know)?(?:\s+(?:first|today|tomorrow|again|then))?$/i,
      effect: "no-content",
      weight: 1,
      examples: [
        { text: "Tell Imogen", expect: true },
        { text: "Let him know", expect: true },
        { text: "Tell Imogen about the new trustee", expect: false },
      ],
    },
    {
      id: "fragment-generic",
      pattern:
        /^\p{L}+(?: (?:up|out|back))? (?:for|on|about|with|into) (?!the\b|a\b|an\b|my\b|your\b|his\b|her\b|their\b|our\b|\p{Lu})\p{Ll}+(?: later)?$/u,
      effect: "generic",
      weight: 1,
      examples: [
        { text: "Adjust for inflation", expect: true },
        { text: "Plan for retirement", expect: true },
        { text: "Apply for the survivor pension", expect: false },
      ],
    },
    {
      id: "fragment-cost-taken",
      matches: "accepting a cost as it is ('I'll eat the difference'): a choice made, nothing to do",
      pattern: /^(?:eat|absorb|swallow) (?:the|that|this) (?:difference|extra|increase|cost|hit)$/i,
      effect: "cost-taken",
      weight: 1,
      examples: [
        { text: "Eat the difference", expect: true, note: "said on hearing a premium came in higher" },
        { text: "Absorb the increase", expect: true },
        { text: "Eat the cost of the survey and bill the seller", expect: false },
      ],
    },
  ],
});
