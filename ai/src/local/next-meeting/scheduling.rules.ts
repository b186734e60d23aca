// What a sentence does in the talk that arranges a meeting: plans one, proposes or counters a day, accepts or turns
// it down, promises an invitation, leaves the day to later, says none is needed, or speaks of someone else's event.
// The day and time themselves are read by chrono-node (resolve-date.ts) and spoken-time.ts; these rules say what the
// sentence around them is doing, which chrono does not. Every pattern is fixed words and single-character classes
// without nested repetition: linear in the sentence.

import { ruleTable } from "../../language/rules";

export type SchedulingAct =
  /** Talk of meeting again; weight 2 is a plan ("let's meet again"), 1 a looser mention ("see you then"). */
  | "plan"
  /** A frame that offers the day said right after it ("how about", "that would be", "I have"). */
  | "propose"
  /** Taking the day or time on the table ("works for me", "that's fine", "I'll be there"). */
  | "accept"
  /** Turning it down ("that's tight", "I can't do"): a counter-proposal may follow. */
  | "reject"
  /** A calendar invitation promised: confirms the day on the table, or names one. */
  | "invite"
  /** The day is left to be found later ("will send some times", "will call to set it up"): a meeting, no day. */
  | "arrange-later"
  /** Keeping in touch without a meeting ("we'll be in touch", "let's reconnect sometime"): no day. */
  | "no-date"
  /** No meeting is needed. */
  | "no-meeting"
  /** Someone else's event (a hearing, a closing, a vest date, a deadline, a trip): its day is not ours. */
  | "other-event"
  /** Asking when another event is ("when's the hearing again?"): the answer's day is that event's. */
  | "event-question";

export const SCHEDULING_ACTS = ruleTable<SchedulingAct>({
  id: "next-meeting.scheduling-acts",
  description:
    "What each sentence does in the talk that arranges the next meeting. The finder follows the proposals, counters " +
    "and acceptances they mark; the day and time come from the date readers.",
  combine:
    "every rule that matches adds its act to the sentence; a plan's weight is the largest that matched; offer-a-day " +
    "is tried on the 40 characters before the day the sentence offers",
  rules: [
    {
      id: "meet-again",
      matches: "meeting again, named as such",
      pattern:
        /\b(?:next (?:meeting|session|review|call|appointment|catch-?up)|next time we (?:meet|get together|talk|sit down)|meet(?:ing)? again|get (?:back )?together again|get back together|reconvene|sit down again|check in again|regroup|(?:follow[- ]?up|check[- ]?in) (?:meeting|call|session)|set up (?:a|another|the next) (?:time|meeting|call|session)|find a time|put (?:it|that|something|us|you) (?:on|in) (?:the|my|our) (?:calendar|diary)|pencil (?:you |it |that |us |something )?in|put (?:you|it|that|us) down for|book (?:you|us) in|book (?:a|the|another|our) (?:time|meeting|call|review|slot))\b/i,
      effect: "plan",
      weight: 2,
      examples: [
        { text: "Shall we meet again once the valuation is in?", expect: "meet again" },
        { text: "Let me find a time with you both.", expect: true },
        { text: "I'll pencil you in for the morning.", expect: true },
        { text: "I'll put you down for the Tuesday slot.", expect: true },
        { text: "I'd like us to check in again after the closing.", expect: "check in again" },
        { text: "We met with the lender last spring.", expect: false },
      ],
    },
    {
      id: "booked",
      matches: "a meeting said to be booked: 'we're all set for', 'I have you down for'",
      pattern:
        /\b(?:(?:we're|you're|we are|you are) (?:all )?(?:set|booked|on|confirmed) for|(?:I've got|I have|I've put) you (?:down |in )?for|you're (?:down|in) for)\b/i,
      effect: "plan",
      weight: 2,
      examples: [
        { text: "Great, you're all set for the fourth at noon.", expect: true },
        { text: "I have you down for Monday morning.", expect: true },
        { text: "We're set for retirement, I think.", expect: true, note: "counts only with a day said" },
        { text: "You're all set.", expect: false },
      ],
    },
    {
      id: "lets-meet",
      matches: "a suggestion to meet or talk: let's meet, let's do a call, let's get together",
      pattern:
        /\b(?:let's|let us|shall we|should we|can we|could we|why don't we|we should|we'll|we will|we can|I'd like to|I want to) (?:meet|get together|sit down|do (?:a|another) (?:call|meeting|session|video call)|have (?:a|another) (?:call|meeting|session)|(?:get|hop|jump) on (?:a|the|another) (?:call|phone|video call)|schedule|set something up|touch base again|talk again|check in(?! with))\b/i,
      effect: "plan",
      weight: 2,
      examples: [
        { text: "Let's do a call when the numbers are back.", expect: "Let's do a call" },
        { text: "Could we sit down after the holidays?", expect: true },
        { text: "We should talk to the bank first.", expect: false },
        { text: "Let's check in once the survey is back.", expect: "Let's check in" },
        { text: "I'd like to check in with the lender first.", expect: false },
      ],
    },
    {
      id: "next-time",
      matches: "'next time' said as a plan, or a loose mention of meeting again",
      pattern:
        /\b(?:next time|see you (?:then|on|next|in)|(?:talk|speak) (?:to|with) you (?:then|on|next)|come (?:in|by|back) (?:on|to|and|for)|meet(?:ing)? (?:beforehand|before then|up)|catch up again|follow[- ]?up (?:meeting|visit)|talk (?:then|next)|speak (?:then|next))\b/i,
      effect: "plan",
      weight: 1,
      examples: [
        { text: "Okay, so for next time.", expect: "next time" },
        { text: "Great, see you then.", expect: true },
        { text: "Can you come in on the fifth to sign?", expect: true },
        { text: "It was good to see you.", expect: false },
      ],
    },
    {
      id: "offer-a-day",
      matches: "a frame that offers the day said right after it (read on the words before the day)",
      pattern:
        /(?:^|[\s,.])(?:how about|how's|how is|what about|would|does|can you do|could you do|can we do|could we do|can we say|shall we say|are you free|I have|I've got|you've got|you have|I could do|we could do|that would be|that'd be|let's (?:say|plan on|go with|make it|do|book|lock in|pencil in)|say|(?:is|are|am|I'm|we're|both) (?:both )?(?:open|free|available))\s+(?:on\s+|for\s+)?$/i,
      effect: "propose",
      examples: [
        { text: "How about ", expect: true },
        { text: "We could do ", expect: true },
        { text: "So let's plan on ", expect: true },
        { text: "Both partners are free on ", expect: true },
        { text: "You've got ", expect: true },
        { text: "I have the report ready by ", expect: false },
      ],
    },
    {
      id: "takes-it",
      matches: "accepting the day or time on the table",
      pattern:
        /\b(?:(?<!n't |not )works?|(?:is|that's|sounds|that sounds) (?:fine|good|great|perfect)|I can do (?:that|it|then)|we can do (?:that|it|then)|I'll be there|we'll be there|I can make (?:that|it)|see you then|(?:that|it)'s a date|book it|put (?:me|us) down|I'm (?:off|free) (?:that|then)|let's (?:do|go with|make it|plan on|lock in|book)|perfect|lovely|great|yes|yeah|sure|okay|fine)(?![\w'])/i,
      effect: "accept",
      examples: [
        { text: "Eleven works for me.", expect: true },
        { text: "Yes, I can do that.", expect: true },
        { text: "Let's go with the later one.", expect: true },
        { text: "That doesn't work at all.", expect: false },
      ],
    },
    {
      id: "turns-it-down",
      matches: "a day or time turned down",
      pattern:
        /\b(?:(?:doesn't|does not|won't|will not|wouldn't) work|(?:can't|cannot) (?:do|make)|(?:is|are|that's) (?:bad|tight|tricky|difficult)|a little tight|I'm (?:away|out|traveling|travelling)|(?:have|got) a conflict|no good)\b/i,
      effect: "reject",
      examples: [
        { text: "Mornings are bad for me that week.", expect: true },
        { text: "I can't make the Wednesday.", expect: true },
        { text: "That works well.", expect: false },
      ],
    },
    {
      id: "calendar-invite",
      matches: "a calendar invitation promised",
      pattern:
        /\b(?:send (?:you |them |everyone |us |her |him )?(?:out )?(?:an?|the) (?:calendar )?(?:invite|invitation)|calendar (?:invite|invitation|hold)|send (?:a|the) (?:meeting )?(?:hold|request))\b/i,
      effect: "invite",
      examples: [
        { text: "My colleague will send the invite.", expect: true },
        { text: "I'll send you a calendar invitation for the fourth.", expect: true },
        { text: "Did you get the invitation to the gala?", expect: false },
      ],
    },
    {
      id: "day-found-later",
      matches: "the day left to be found later, by someone named",
      pattern:
        /\b(?:send (?:out |over |you |along )?(?:some|a few|a couple of) (?:times|dates|options|slots)|(?:email|text|get back to) you (?:with )?(?:some|a few|a couple of|other|more) (?:other |more )?(?:dates|options|slots)|with (?:some|a few|a couple of) (?:times|dates|options|slots)|(?:reach out|call|email|be in touch|get in touch) (?:you |with you )?to (?:schedule|set (?:that|it|something|a time) up|book|find a time)|(?:will|'ll) schedule (?:it|that|something|the next)|to set that up)\b/i,
      effect: "arrange-later",
      examples: [
        { text: "My assistant will send out a few times.", expect: true },
        { text: "Someone from the office will call to set that up.", expect: true },
        { text: "Once the report is in, I'll get back to you with some dates.", expect: true },
        { text: "I'll email you a few other options.", expect: true },
        { text: "You'll hear from me a few times a year.", expect: false },
        { text: "I'll email you a few times before then.", expect: false, note: "how often, not when to meet" },
        { text: "I'll email you other dates.", expect: true },
        { text: "I'll send out the statements.", expect: false },
      ],
    },
    {
      id: "keep-in-touch",
      matches: "keeping in touch without a meeting",
      pattern:
        /\b(?:(?:we'll|we will|I'll|I will) be in touch|keep in touch|stay in touch|(?:reconnect|catch up|touch base|talk) (?:sometime|at some point|down the road|later on|soon)|let you know when)\b/i,
      effect: "no-date",
      examples: [
        { text: "Alright, we'll be in touch.", expect: true },
        { text: "Let's reconnect sometime in the new year.", expect: true },
        { text: "Let's talk on the fifth.", expect: false },
      ],
    },
    {
      id: "no-meeting-needed",
      matches: "no meeting needed",
      pattern:
        /\b(?:no (?:need (?:to|for) (?:meet|another|a (?:meeting|follow[- ]?up))|(?:meeting|follow[- ]?up) (?:is )?needed)|(?:don't|do not|won't) (?:think we )?need (?:to (?:meet|schedule)|another meeting|a (?:meeting|follow[- ]?up)))\b/i,
      effect: "no-meeting",
      examples: [
        { text: "Honestly, I don't think we need another meeting.", expect: true },
        { text: "No need to meet until the spring.", expect: true },
        { text: "We need to meet about it.", expect: false },
      ],
    },
    {
      id: "someone-elses-event",
      matches: "someone else's event or a date that is not a meeting",
      pattern:
        /\b(?:hearing|court|trial|deposition|mediation|arbitration|closing|settlement date|vest(?:s|ing)?(?: date)?|deadline|due date|filing date|(?:is|are|comes?) due|doctor|dentist|surgeon|surgery|hospital|funeral|wedding|birthday|flight|flying|vacation|holidays?|trip|cruise|out of town|conference|graduation|appointment with|(?:my|his|her|their) (?:own )?appointment|payment|extension|audit|inspection|recital|motion|judge|filing|arraignment|(?:expires?|renews?|matures?|closes?|settles?|pays? out|gets? paid)(?: on)?)\b/i,
      effect: "other-event",
      examples: [
        { text: "The hearing is set for the ninth.", expect: true },
        { text: "Her options vest on the first of the month.", expect: true },
        { text: "We're away on a trip until the twelfth.", expect: true },
        { text: "The second estimated payment goes in on the fifteenth.", expect: true },
        { text: "Let's meet on the ninth.", expect: false },
      ],
    },
    {
      id: "when-is-their-event",
      matches: "asking when another event is",
      pattern:
        /\b(?:when's|when is|when was|what day is|what date is|remind me when) (?:the|your|his|her|their) (?!(?:next |annual |follow-up |)(?:meeting|review|call|session|signing)\b)[a-z-]{3,20}\b/i,
      effect: "event-question",
      examples: [
        { text: "When's the inspection again?", expect: true },
        { text: "When is the next meeting?", expect: false },
      ],
    },
  ],
});
