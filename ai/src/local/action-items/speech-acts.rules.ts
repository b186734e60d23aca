// The speech acts an action item is made of, after the meeting-understanding work on the AMI and ICSI corpora
// (Purver, Ehlen and Niekrasz: an action item is a task description, an owner, a timeframe and an agreement):
//   COMMITMENT_ACTS  a task taken on (said by its owner), asked of someone (a request), or handed to someone absent;
//   AGREEMENT        a reply that accepts what was asked ("Sure", "Will do", "I can do that");
// and, in not-a-task.rules.ts, what is no task (NOT_A_TASK) and task words that are no task on their own (FRAGMENT).
// Each capturing pattern captures the task from its verb to the end of the clause (group 1, or 2 after a name).

import { ACKNOWLEDGEMENTS, alternation, HESITATIONS, lexiconRegExp, ROLE_WORDS, uncapitalise } from "../../language";
import { type RuleHit, ruleTable } from "../../language/rules";

export type Owner = "speaker" | "addressee" | "pair" | "named";

export interface CommitmentEffect {
  /** Who does the task: the one who said it, the one asked, the two addressed, or the person named. */
  owner: Owner;
  /** "commit": taken on by the speaker; "request": asked of the addressee; "advice": said to them as counsel. */
  act: "commit" | "request" | "advice" | "delegate";
}

const NOT_AFTER_YOU =
  "(?!be\\b|see\\b|hear\\b|believe\\b|imagine\\b|like\\b|mind\\b|repeat\\b|explain\\b|tell me\\b|say\\b|remind me what\\b|read\\b)";
const NOT_AFTER_I_WILL =
  "(?!be\\b|have a\\b|think\\b|see\\b|just say\\b|say\\b|tell you what\\b|admit\\b|bet\\b|probably\\b|never\\b|not\\b|need\\b|want\\b|let\\b|hear\\b|miss\\b|remember\\b|take that\\b|keep that\\b|get back to that\\b|know\\b)";

// "Sure", "Will do", "Got it", "Sounds good": the lexicon's acknowledgements, and the promises of a reply.
export const ACCEPTS = lexiconRegExp(
  `^(?:(?:oh|well|${alternation(HESITATIONS)}),?\\s+)?(?:${alternation(ACKNOWLEDGEMENTS)}|yup|certainly|definitely|will do|on it|can do|happy to|right away)\\b`,
  "i",
);
// "Have your accountant send…": someone of the addressee's, absent, does the task the addressee arranges.
const ADVISERS_OF_THE_CLIENT = [
  ...(ROLE_WORDS.attorney ?? []),
  ...(ROLE_WORDS.accountant ?? []),
  ...(ROLE_WORDS.advisor ?? []),
  "broker",
  "agent",
  "employer",
];
const HAVE_YOUR_ADVISER = lexiconRegExp(
  `^(?:(?:so|and|then|also),?\\s+)*(?:have|get|ask) (your ${alternation(ADVISERS_OF_THE_CLIENT)}) (?:to )?(\\p{Ll}.+)`,
  "iu",
);

// "The engagement letter will go out this afternoon": a delivery promised in the passive, by whoever says it.
const PASSIVE_DELIVERY =
  /\b((?:the|your|our) (?:[\w'-]+ ){0,3}?[\w'-]+) will (?:go out|go over|go(?= to\b)|be sent|be out|be in the mail|be emailed|be mailed)\b([^,;]*)/i;

/** The task a passive delivery promises: "the letter will go to Ann by Friday" → "Send the letter to Ann by Friday". */
function passiveDelivery(text: string): RuleHit | null {
  const match = PASSIVE_DELIVERY.exec(text);
  if (!match?.[1]) return null;
  const rest = (match[2] ?? "").trim();
  const thing = uncapitalise(match[1]);
  return { text: match[0], index: match.index, captures: [rest ? `send ${thing} ${rest}` : `send ${thing}`] };
}

export const COMMITMENT_ACTS = ruleTable<CommitmentEffect>({
  id: "action-items.commitment-acts",
  description:
    "A clause that takes on, asks for or advises a task: who owns it (the speaker, the one asked, the two addressed) and the act. Group 1 (or 2) is the task from its verb.",
  combine: "The first that matches; a weight below 1 marks a weak act, a feature of the fitted confidence.",
  rules: [
    {
      id: "request-can-you",
      pattern: lexiconRegExp(
        `\\b(?:can|could|would|will) you(?: please)?(?: be (?:able|willing) to)?\\s+${NOT_AFTER_YOU}(.+)`,
        "i",
      ),
      effect: { owner: "addressee", act: "request" },
      weight: 1,
      examples: [
        { text: "Could you mail me the signed lease?", expect: true },
        { text: "Would you be able to book the notary this week?", expect: true },
        { text: "Would you be willing to sign a short consent letter?", expect: true },
        { text: "Can you hear me now?", expect: false },
        { text: "Could you repeat the figure?", expect: false },
      ],
    },
    {
      id: "request-do-you-think-you-could",
      pattern: lexiconRegExp(`\\bdo you think you (?:could|can|might)(?: please)?\\s+${NOT_AFTER_YOU}(.+)`, "i"),
      effect: { owner: "addressee", act: "request" },
      weight: 1,
      examples: [{ text: "Do you think you could dig up the old deed for the lake lot?", expect: true }],
    },
    {
      id: "request-want-you-to",
      pattern:
        /\bI(?:'d like| would like|'d love| want| need)(?: you| the two of you| you two| you both) to\s+(?!be\b|know\b|hear\b|understand\b|feel\b|think\b|see\b|remember\b|make (?:it|that)\b)(.+)/i,
      effect: { owner: "addressee", act: "request" },
      weight: 1,
      examples: [
        { text: "Priscilla, I'd like you to open the custodial account.", expect: true },
        { text: "I want you to know the plan works.", expect: false },
      ],
    },
    {
      id: "request-please",
      pattern:
        /^(?:so |and |but |then |ok(?:ay)?,? |also,? |yes,? )*(?:\p{L}+,\s+)?please\s+(?!note\b|bear\b|don't hesitate\b|go on\b|continue\b)(.+)/iu,
      effect: { owner: "addressee", act: "request" },
      weight: 1,
      examples: [
        { text: "Please send the signed consent form to the office.", expect: true },
        { text: "Greta, please book the courier.", expect: true },
        { text: "Please note the fee changed.", expect: false },
      ],
    },
    {
      id: "request-you-need-to",
      pattern: /\byou(?:'ll| will|'d| would)? (?:need to|have to|must)\s+(?!be\b|have\b|wait\b)(.+)/i,
      effect: { owner: "addressee", act: "request" },
      weight: 1,
      examples: [
        { text: "You'll need to sign the transfer form by Monday.", expect: true },
        { text: "You'd need to sign it in front of a notary.", expect: true },
        { text: "You have to be sixty to qualify.", expect: false },
      ],
    },
    {
      id: "advice-you-should",
      pattern: /\byou should\s+(?!be\b|have been\b)(.+)/i,
      effect: { owner: "addressee", act: "advice" },
      weight: 0.5,
      examples: [{ text: "You should call the insurer by Friday.", expect: true }],
    },
    {
      id: "request-you-two-will",
      pattern:
        /\byou (?:two|both) (?:will|are going to)\s+(?!be\b|get\b|have\b|see\b|hear\b|need\b|want\b|like\b|love\b|find\b)(.+)|\byou(?:'ll| will) both\s+(?!be\b|get\b|have\b|see\b|hear\b|need\b|want\b|like\b|love\b|find\b)(.+)/i,
      effect: { owner: "pair", act: "request" },
      weight: 1,
      examples: [{ text: "You two will sign the gift letters at the bank.", expect: true }],
    },
    {
      id: "advice-i-suggest-you",
      pattern: /\bI(?:'d| would)? (?:suggest|recommend|advise)(?: that)? you\s+(.+)/i,
      effect: { owner: "addressee", act: "advice" },
      weight: 1,
      examples: [{ text: "I'd suggest you move the bonds into the trust account.", expect: true }],
    },
    {
      id: "commit-i-will",
      pattern: lexiconRegExp(
        `\\bI(?:'ll| will| shall|'m going to| am going to|'m gonna)\\s+${NOT_AFTER_I_WILL}(.+)`,
        "i",
      ),
      effect: { owner: "speaker", act: "commit" },
      weight: 1,
      examples: [
        { text: "I'll file the amended return next week.", expect: true },
        { text: "I'm going to order the appraisal.", expect: true },
        { text: "I'll be honest with you.", expect: false },
        { text: "I'll think about the boat.", expect: false },
      ],
    },
    {
      id: "commit-i-am-doing",
      pattern:
        /\bI(?:'m| am) (?:also |still |just )?((?:getting|sending|calling|ordering|booking|scheduling|emailing|filing|preparing|drafting|pulling|requesting|writing up|setting up|mailing|faxing|printing|opening|closing) .+)/i,
      effect: { owner: "speaker", act: "commit" },
      weight: 1,
      examples: [
        { text: "I'm getting three quotes for the fence so we can compare.", expect: true },
        { text: "I'm putting in ten percent.", expect: false },
      ],
    },
    {
      id: "commit-i-can",
      pattern:
        /\bI(?: can| should|(?: still| also| just)? (?:need to|have to))\s+(?!be\b|see\b|think\b|tell\b|say\b|imagine\b|hear\b)(.+)/i,
      effect: { owner: "speaker", act: "commit" },
      weight: 0.5,
      examples: [
        { text: "I can drop the checks off tomorrow.", expect: true },
        { text: "I still need to dig out the title papers.", expect: true, note: "a word of time before the need" },
      ],
    },
    {
      id: "commit-i-would-like-to",
      pattern:
        /\bI(?:'d| would) like to\s+(?!be\b|do is\b|think\b|know\b|hear\b|see\b|say\b|talk\b|ask\b|start\b|go\b|get a sense\b|make sure\b|understand\b|leave\b|keep\b|thank\b|add\b|check in\b|take a\b)(.+)/i,
      effect: { owner: "speaker", act: "commit" },
      weight: 0.5,
      examples: [
        { text: "So I'd like to draft a new will for you now.", expect: true },
        { text: "I'd like to hear what Dana thinks.", expect: false },
      ],
    },
    {
      id: "commit-we-will",
      pattern:
        /\bwe(?:'ll| will|'re going to| are going to)\s+(?!be\b|see\b|have to see\b|talk\b|never\b|not\b|probably\b|need\b|have\b|deal\b|revisit\b|come back\b|cross that\b|figure\b|look at\b|go through\b|go over\b|get into\b|go with\b|stick with\b|keep\b|know\b|cover\b|discuss\b|want\b|save\b|leave\b)(.+)/i,
      effect: { owner: "speaker", act: "commit" },
      weight: 1,
      examples: [
        { text: "We'll send the transfer paperwork to the custodian.", expect: true },
        { text: "We'll know more in March.", expect: false },
        { text: "We'll go over the ladder next time.", expect: false },
        // What we will want is no task; an agenda item saved for later is the meeting's own order.
        { text: "We'll want the exact figure at some point.", expect: false },
        { text: "The boat, which we'll save for the end.", expect: false },
      ],
    },
    {
      id: "commit-passive-delivery",
      matches:
        "a delivery promised in the passive: 'the letter will go out this afternoon', 'the draft will go to Ann'",
      pattern: passiveDelivery,
      effect: { owner: "speaker", act: "commit" },
      weight: 1,
      examples: [
        { text: "The fee letter will go out this afternoon.", expect: true },
        { text: "The revised schedule will go to the trustee by Monday.", expect: true },
        { text: "The market will go up.", expect: false },
      ],
    },
    {
      id: "commit-we-need-to",
      pattern: /\bwe(?: need to| have to| must| should)\s+(.+)/i,
      effect: { owner: "speaker", act: "commit" },
      weight: 0.5,
      examples: [{ text: "We need to retitle the brokerage account by the end of the month.", expect: true }],
    },
  ],
});

/** "I'll have Tariq draft the letter": Tariq does it, speaking in the meeting or not. Group 1 the name, 2 the task. */
export const DELEGATED_ACTS = ruleTable<CommitmentEffect>({
  id: "action-items.delegated-acts",
  description: "A task handed to someone absent or named: group 1 is who, group 2 the task.",
  combine: "The first that matches.",
  rules: [
    {
      id: "delegate-i-will-have",
      pattern:
        /\bI(?:'ll| will|'m going to| am going to) (?:have|get|ask) (\p{Lu}\p{Ll}+) (?:in our office |from our office )?(?:to )?(\p{Ll}.+)/u,
      effect: { owner: "named", act: "delegate" },
      weight: 1,
      examples: [{ text: "I'll have Imogen book the courier for the originals.", expect: true }],
    },
    {
      id: "delegate-have-your",
      pattern: HAVE_YOUR_ADVISER,
      effect: { owner: "addressee", act: "delegate" },
      weight: 1,
      examples: [{ text: "Have your bookkeeper send the payroll reports to Imogen.", expect: true }],
    },
    {
      id: "named-will",
      pattern:
        /\b(\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?),?(?: will|'ll| is going to| needs to| has to| has agreed to| agreed to)\s+(?!(?:eventually |usually |likely |still |also |just |really )?(?:be|see|probably|never|not|want|need|love|like|have|know)\b)(.+)/u,
      effect: { owner: "named", act: "delegate" },
      weight: 1,
      examples: [
        { text: "Imogen will send the courier label.", expect: true },
        { text: "The bank will eventually want a signed copy.", expect: false },
      ],
    },
  ],
});

export type AgreementEffect = "accept" | "decline";

// A reply to a request: who accepts it owns the task (the AMI "agreement" act).
export const AGREEMENT = ruleTable<AgreementEffect>({
  id: "action-items.agreement",
  description: "The first reply of someone else to a request: accepting makes the task theirs.",
  combine: "The first that matches; decline is tried first.",
  rules: [
    {
      id: "agree-decline",
      pattern: /^(?:(?:no|nope|well|um|uh),?\s+)*(?:I can't|I cannot|I won't|I don't think|not (?:really|yet|me))\b/i,
      effect: "decline",
      weight: 1,
      examples: [{ text: "I can't get into that account anymore.", expect: true }],
    },
    {
      id: "agree-accept-word",
      pattern: ACCEPTS,
      effect: "accept",
      weight: 1,
      examples: [
        { text: "Sure, it's in my inbox.", expect: true },
        { text: "Will do.", expect: true },
      ],
    },
    {
      id: "agree-i-can-do",
      pattern: /^(?:(?:oh|um|uh|well|and),?\s+)?I(?:'ll| will| can)\s+(?:do|handle|manage|take care of|sort)\b/i,
      effect: "accept",
      weight: 1,
      examples: [{ text: "I can do that on Monday.", expect: true }],
    },
  ],
});
