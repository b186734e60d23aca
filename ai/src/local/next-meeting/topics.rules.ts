// What the next meeting is for, read from what they said they would do there: "we'll go over X", "at that meeting
// we'll finalise W", "let's meet again to review Y", "the next time we meet is your annual review". Each lead
// captures the verb and the rest of the sentence; the verb's own rule says whether the topic is its object ("go over
// the fee schedule" → "Fee schedule") or the act itself ("sign the deed" → "Sign the deed").

import { lexiconRegExp } from "../../language/patterns";
import { ruleTable } from "../../language/rules";

// The verbs of what a meeting covers, each list written once and compiled into every pattern that reads it (through
// lexiconRegExp, which the regex-safety test checks at run time): fixed phrases, so no pattern backtracks over them.
/** Talking about something: the something is the topic ("go over the fees" → "Fees"). */
export const TALK_VERBS =
  "go over|go through|walk (?:you |them |him |her |everyone |us )?through|talk through|look at|look over|review|discuss|talk about|cover|get into|revisit|confirm|check on";
/** Acts done at the meeting: the act is the topic ("sign the deed" → "Sign the deed"). */
export const ACT_VERBS =
  "sign|finali[sz]e|decide on|decide|start|make sure|practi[cs]e|update|run|file|prepare|draft|complete|execute|go ahead with|work on|map out|put together|approve|choose|pick|lock in|fill out|sign off on";
/** Presenting, the only verbs by which "I'll ..." states a topic rather than a task. */
const PRESENT_VERBS =
  "walk (?:you |them |him |her |everyone |us )?through|take (?:you |them |him |her |everyone |us )?through|go over|show you|present";
const WE_WILL =
  "we'll|we will|we can|we're going to|we are going to|let's|I'd like us to|I want us to|we need to|we should|we want to";
const ADVERB = "(?:also\\s+|then\\s+|just\\s+|probably\\s+|finally\\s+|first\\s+|really\\s+)?";

/** Where a lead counts: any sentence near the arrangement, or only the one that plans the meeting. */
export type TopicLead = "said-for-the-meeting" | "purpose-of-the-plan" | "named-meeting";

export const TOPIC_LEADS = ruleTable<TopicLead>({
  id: "next-meeting.topic-leads",
  description:
    "Where a sentence near the arrangement says what the next meeting will do. Group 1 is the verb, group 2 the " +
    "rest of the sentence, which the topic reader cuts at the next clause and splits into short topics.",
  combine: "every lead that matches gives topics, in the order of the sentences",
  rules: [
    {
      id: "we-will-do-there",
      matches: "'we will', 'let's' and the like, an adverb at most, then a verb of what a meeting covers or does",
      pattern: lexiconRegExp(`\\b(?:${WE_WILL})\\s+${ADVERB}(${TALK_VERBS}|${ACT_VERBS}|do)\\s+(.+)`, "i"),
      effect: "said-for-the-meeting",
      examples: [
        { text: "Then we'll go over the fee schedule.", expect: true },
        { text: "At that point we can finalise the gift letters.", expect: true },
        { text: "Bring the deeds and we'll run the transfer numbers.", expect: true },
        { text: "We'll do the half-year review.", expect: true },
        { text: "We went over the fee schedule.", expect: false },
      ],
    },
    {
      id: "i-will-present-there",
      matches: "'I will' with a verb of presenting only: 'I'll file it' is a task, 'I'll walk you through it' a topic",
      pattern: lexiconRegExp(`\\b(?:I'll|I will|I can|I'm going to)\\s+${ADVERB}(${PRESENT_VERBS})\\s+(.+)`, "i"),
      effect: "said-for-the-meeting",
      examples: [
        { text: "I'll walk you through the new portal.", expect: true },
        { text: "I'll file the extension tonight.", expect: false },
      ],
    },
    {
      id: "to-do-there",
      matches: "the purpose of a planned meeting: 'to' and a verb of what a meeting covers or does",
      // Not "going to draft", "have to sign": what someone will do, not what the meeting is for.
      pattern: lexiconRegExp(
        `(?<!\\b(?:going|have|has|had|need|needs|got|want|wants|ought|used) )\\bto\\s+(${TALK_VERBS}|${ACT_VERBS})\\s+(.+)`,
        "i",
      ),
      effect: "purpose-of-the-plan",
      examples: [
        { text: "Let's meet again in spring to review the lease terms.", expect: true },
        { text: "I want to talk.", expect: false },
        { text: "I'm going to draft the deed this week, and we'll find a time.", expect: false },
      ],
    },
    {
      id: "the-meeting-kind",
      matches: "a planned meeting named by its kind: 'a quick check-in call', 'the signing', 'a review meeting'",
      pattern:
        /\b(?:a|an|the|our|your)\s+(?:quick\s+|short\s+|brief\s+|final\s+|first\s+|formal\s+)?()((?:check-in|signing|review|prep|planning|strategy|status|walk-?through)(?:\s+(?:call|meeting|session))?)\b/i,
      effect: "purpose-of-the-plan",
      examples: [
        { text: "What I'd rather do is a quick check-in call once the bank answers.", expect: true },
        { text: "Let's set the signing for the 14th.", expect: true },
        { text: "Let's meet on the 14th.", expect: false },
      ],
    },
    {
      id: "meet-before-an-event",
      matches: "meeting again before someone's event: 'I want to see you before the mediation'",
      pattern:
        /\b(?:see you|meet|talk|sit down|get together|speak|catch up)(?:\s+again)?\s+(before)\s+((?:the\s+|your\s+|our\s+)?(?:mediation|hearing|closing|signing|trial|deposition|move|surgery|filing|audit|sale|interview)s?)\b/i,
      effect: "purpose-of-the-plan",
      examples: [
        { text: "I want to see you before mediation, once the numbers are in.", expect: true },
        { text: "Let's talk before the closing.", expect: true },
        { text: "We met before the closing.", expect: false },
      ],
    },
    {
      id: "awaited-by-then",
      matches: "what will be in by then: 'the appraisals should be in'",
      pattern:
        /^()((?:the|your|our|his|her|their|\p{Lu}\p{Ll}+'s)(?: [^\s,.;?!]+){1,5}) (?:should|will) be (?:in|back|ready|done|finished|through)\b/iu,
      effect: "purpose-of-the-plan",
      examples: [
        { text: "The appraisals should be in by then.", expect: true },
        { text: "The house is in good shape.", expect: false },
      ],
    },
    {
      id: "then-we-do",
      matches: "the step after the work before it, said as the plan: 'then we sign', 'then we file it'",
      pattern: lexiconRegExp(`\\bthen,? we\\s+(${ACT_VERBS})\\b\\s*(.*)`, "i"),
      effect: "purpose-of-the-plan",
      examples: [
        { text: "The drafts go out first. Then we sign.", expect: "Then we sign." },
        { text: "Then we finalize the deed together.", expect: true },
        { text: "Then we talked.", expect: false },
      ],
    },
    {
      id: "had-by-then",
      matches: "what they will have by the meeting: 'by then we'll have the survey back'",
      pattern:
        /\bby then,? (?:we'll|we will|you'll|you will|I'll|I will|they'll|they will) (?:have |know )()((?:the|your|our|his|her|their|an?|\p{Lu}\p{Ll}+'s)(?: [^\s,.;?!]+){1,5})/iu,
      effect: "said-for-the-meeting",
      examples: [
        { text: "By then we'll have the survey back, and the bank will have answered.", expect: true },
        { text: "By then you'll have an offer on the cottage.", expect: true },
        { text: "By then I was tired.", expect: false },
      ],
    },
    {
      id: "awaited-once",
      matches: "meeting once something is in: 'once the letters are in', 'once the comparison is done'",
      pattern:
        /\b(?:once|when) ()((?:the|your|our|his|her|their|\p{Lu}\p{Ll}+'s)(?: [^\s,.;?!]+){1,5}) (?:is|are|comes?|gets?) (?:in|back|ready|done|finished|through)\b/iu,
      effect: "purpose-of-the-plan",
      examples: [
        { text: "Let's get together once the letters are in.", expect: true },
        { text: "I want to see you once the cost comparison is done.", expect: true },
        { text: "Once we sign, it's done.", expect: false },
      ],
    },
    {
      id: "you-will-sign-there",
      matches: "what the clients will sign when they come in: 'you'll each sign your will and the deed'",
      pattern: /\byou(?:'ll| will)(?: each| both| all| two)?\s+(?:also\s+|then\s+|just\s+)?(sign)\s+(.+)/i,
      effect: "said-for-the-meeting",
      examples: [
        { text: "You'll each sign your trust, your will and the deed.", expect: true },
        { text: "You signed the lease in May.", expect: false },
      ],
    },
    {
      id: "time-to-get-it-before",
      matches: "what the time until the meeting is for: 'that gives Ana time to get the statements'",
      pattern:
        /\bgives? (?:\p{Lu}\p{Ll}+|you|them|him|her|us)(?: and (?:\p{Lu}\p{Ll}+|me|you))? time to (?:get|gather|pull together|pull|finish|find|collect|build|run) ()((?:the|your|our|his|her|their|an?)(?: [^\s,.;?!]+){1,5})/u,
      effect: "said-for-the-meeting",
      examples: [
        { text: "Three weeks out. That gives Ana time to get the pension estimate.", expect: true },
        { text: "It gives you time to think.", expect: false },
      ],
    },
    {
      id: "the-meeting-named",
      matches: "the next meeting named by what it is",
      pattern: /\bnext (?:time we (?:need to )?meet|meeting) (?:is|will be)\s+()(.+)/i,
      effect: "named-meeting",
      examples: [
        { text: "The next time we meet is the year-end check.", expect: true },
        { text: "The next meeting room is free.", expect: false },
      ],
    },
  ],
});

/** Whether a verb's topic is its object ("go over X" → X) or the act ("sign X" → "Sign X"). */
export type TopicVerb = "object" | "act";

export const TOPIC_VERBS = ruleTable<TopicVerb>({
  id: "next-meeting.topic-verbs",
  description:
    "What a meeting-covering verb leaves as the topic: talking verbs leave their object, acts keep the verb (a " +
    "signing is the topic, not the papers).",
  combine: "the first rule that matches the verb",
  rules: [
    {
      id: "act-kept",
      matches: "an act done at the meeting",
      pattern: lexiconRegExp(`^(?:${ACT_VERBS})$`, "i"),
      effect: "act",
      examples: [
        { text: "sign", expect: true },
        { text: "decide on", expect: true },
        { text: "go over", expect: false },
      ],
    },
    {
      id: "object-kept",
      matches: "talking about something: the something is the topic",
      pattern: lexiconRegExp(`^(?:${TALK_VERBS}|${PRESENT_VERBS}|do)$`, "i"),
      effect: "object",
      examples: [
        { text: "walk you through", expect: true },
        { text: "discuss", expect: true },
        { text: "sign", expect: false },
      ],
    },
  ],
});
