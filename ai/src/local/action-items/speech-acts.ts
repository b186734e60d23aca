// The speech acts an action item is made of, after the meeting-understanding work on the AMI and ICSI corpora
// (Purver, Ehlen and Niekrasz: an action item is a task description, an owner, a timeframe and an agreement):
//   COMMITMENT_ACTS  a task taken on (said by its owner), asked of someone (a request), or handed to someone absent;
//   NOT_A_TASK       advice, hypotheticals, worries, deferrals, negations, musings, things done in the meeting;
//   AGREEMENT        a reply that accepts what was asked ("Sure", "Will do", "I can do that");
//   FRAGMENT         task words that are no task on their own: no object, a thought, a message with no content.
// Each capturing pattern captures the task from its verb to the end of the clause (group 1, or 2 after a name).

import type { RuleTable } from "./rule-table";

export type Owner = "speaker" | "addressee" | "pair" | "named";

export interface CommitmentEffect {
  /** Who does the task: the one who said it, the one asked, the two addressed, or the person named. */
  owner: Owner;
  /** "commit": taken on by the speaker; "request": asked of the addressee; "advice": said to them as counsel. */
  act: "commit" | "request" | "advice" | "delegate";
}

/** A task counts when its act's weight, plus a deadline or an agreement, reaches this. */
export const TASK_THRESHOLD = 1;
/** What a deadline said for the task, or an accepting reply, adds to a weak act. */
export const DEADLINE_WEIGHT = 0.5;
export const AGREEMENT_WEIGHT = 0.5;

const NOT_AFTER_YOU =
  "(?!be\\b|see\\b|hear\\b|believe\\b|imagine\\b|like\\b|mind\\b|repeat\\b|explain\\b|tell me\\b|say\\b|remind me what\\b|read\\b)";
const NOT_AFTER_I_WILL =
  "(?!be\\b|have a\\b|think\\b|see\\b|just say\\b|say\\b|tell you what\\b|admit\\b|bet\\b|probably\\b|never\\b|not\\b|need\\b|want\\b|let\\b|hear\\b|miss\\b|remember\\b|take that\\b|keep that\\b|get back to that\\b|know\\b)";

export const COMMITMENT_ACTS: RuleTable<CommitmentEffect> = [
  {
    id: "request.can-you",
    pattern: new RegExp(`\\b(?:can|could|would|will) you(?: please)?(?: be able to)?\\s+${NOT_AFTER_YOU}(.+)`, "i"),
    effect: { owner: "addressee", act: "request" },
    weight: 1,
    examples: ["Could you mail me the signed lease?", "Would you be able to book the notary this week?"],
    counterExamples: ["Can you hear me now?", "Could you repeat the figure?"],
  },
  {
    id: "request.do-you-think-you-could",
    pattern: new RegExp(`\\bdo you think you (?:could|can|might)(?: please)?\\s+${NOT_AFTER_YOU}(.+)`, "i"),
    effect: { owner: "addressee", act: "request" },
    weight: 1,
    examples: ["Do you think you could dig up the old deed for the lake lot?"],
  },
  {
    id: "request.want-you-to",
    pattern:
      /\bI(?:'d like| would like|'d love| want| need)(?: you| the two of you| you two| you both) to\s+(?!be\b|know\b|hear\b|understand\b|feel\b|think\b|see\b|remember\b|make (?:it|that)\b)(.+)/i,
    effect: { owner: "addressee", act: "request" },
    weight: 1,
    examples: ["Priscilla, I'd like you to open the custodial account."],
    counterExamples: ["I want you to know the plan works."],
  },
  {
    id: "request.please",
    pattern:
      /^(?:so |and |but |then |ok(?:ay)?,? |also,? |yes,? )*(?:\p{L}+,\s+)?please\s+(?!note\b|bear\b|don't hesitate\b|go on\b|continue\b)(.+)/iu,
    effect: { owner: "addressee", act: "request" },
    weight: 1,
    examples: ["Please send the signed consent form to the office.", "Greta, please book the courier."],
    counterExamples: ["Please note the fee changed."],
  },
  {
    id: "request.you-need-to",
    pattern: /\byou(?:'ll| will)? (?:need to|have to|must)\s+(?!be\b|have\b|wait\b)(.+)/i,
    effect: { owner: "addressee", act: "request" },
    weight: 1,
    examples: ["You'll need to sign the transfer form by Monday."],
    counterExamples: ["You have to be sixty to qualify."],
  },
  {
    id: "advice.you-should",
    pattern: /\byou should\s+(?!be\b|have been\b)(.+)/i,
    effect: { owner: "addressee", act: "advice" },
    weight: 0.5,
    examples: ["You should call the insurer by Friday."],
  },
  {
    id: "request.you-two-will",
    pattern:
      /\byou (?:two|both) (?:will|are going to)\s+(?!be\b|get\b|have\b|see\b|hear\b|need\b|want\b|like\b|love\b|find\b)(.+)|\byou(?:'ll| will) both\s+(?!be\b|get\b|have\b|see\b|hear\b|need\b|want\b|like\b|love\b|find\b)(.+)/i,
    effect: { owner: "pair", act: "request" },
    weight: 1,
    examples: ["You two will sign the gift letters at the bank."],
  },
  {
    id: "advice.i-suggest-you",
    pattern: /\bI(?:'d| would)? (?:suggest|recommend|advise)(?: that)? you\s+(.+)/i,
    effect: { owner: "addressee", act: "advice" },
    weight: 1,
    examples: ["I'd suggest you move the bonds into the trust account."],
  },
  {
    id: "commit.i-will",
    pattern: new RegExp(`\\bI(?:'ll| will| shall|'m going to| am going to|'m gonna)\\s+${NOT_AFTER_I_WILL}(.+)`, "i"),
    effect: { owner: "speaker", act: "commit" },
    weight: 1,
    examples: ["I'll file the amended return next week.", "I'm going to order the appraisal."],
    counterExamples: ["I'll be honest with you.", "I'll think about the boat."],
  },
  {
    id: "commit.i-am-doing",
    pattern:
      /\bI(?:'m| am) (?:also |still |just )?((?:getting|sending|calling|ordering|booking|scheduling|emailing|filing|preparing|drafting|pulling|requesting|writing up|setting up|mailing|faxing|printing|opening|closing) .+)/i,
    effect: { owner: "speaker", act: "commit" },
    weight: 1,
    examples: ["I'm getting three quotes for the fence so we can compare."],
    counterExamples: ["I'm putting in ten percent."],
  },
  {
    id: "commit.i-can",
    pattern: /\bI(?: can| need to| have to| should)\s+(?!be\b|see\b|think\b|tell\b|say\b|imagine\b|hear\b)(.+)/i,
    effect: { owner: "speaker", act: "commit" },
    weight: 0.5,
    examples: ["I can drop the checks off tomorrow."],
  },
  {
    id: "commit.we-will",
    pattern:
      /\bwe(?:'ll| will|'re going to| are going to)\s+(?!be\b|see\b|have to see\b|talk\b|never\b|not\b|probably\b|need\b|have\b|deal\b|revisit\b|come back\b|cross that\b|figure\b|look at\b|go through\b|go over\b|get into\b|go with\b|stick with\b|keep\b|know\b|cover\b|discuss\b)(.+)/i,
    effect: { owner: "speaker", act: "commit" },
    weight: 1,
    examples: ["We'll send the transfer paperwork to the custodian."],
    counterExamples: ["We'll know more in March.", "We'll go over the ladder next time."],
  },
  {
    id: "commit.we-need-to",
    pattern: /\bwe(?: need to| have to| must| should)\s+(.+)/i,
    effect: { owner: "speaker", act: "commit" },
    weight: 0.5,
    examples: ["We need to retitle the brokerage account by the end of the month."],
  },
];

/** "I'll have Tariq draft the letter": Tariq does it, speaking in the meeting or not. Group 1 the name, 2 the task. */
export const DELEGATED_ACTS: RuleTable<CommitmentEffect> = [
  {
    id: "delegate.i-will-have",
    pattern:
      /\bI(?:'ll| will|'m going to| am going to) (?:have|get|ask) (\p{Lu}\p{Ll}+) (?:in our office |from our office )?(?:to )?(\p{Ll}.+)/u,
    effect: { owner: "named", act: "delegate" },
    weight: 1,
    examples: ["I'll have Imogen book the courier for the originals."],
  },
  {
    id: "delegate.have-your",
    pattern:
      /^(?:(?:so|and|then|also),?\s+)*(?:have|get|ask) (your (?:accountant|lawyer|attorney|broker|banker|agent|CPA|bookkeeper|employer|HR department)) (?:to )?(\p{Ll}.+)/iu,
    effect: { owner: "addressee", act: "delegate" },
    weight: 1,
    examples: ["Have your bookkeeper send the payroll reports to Imogen."],
  },
  {
    id: "named.will",
    pattern:
      /\b(\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?),?(?: will|'ll| is going to| needs to| has to| has agreed to| agreed to)\s+(?!be\b|see\b|probably\b|never\b|not\b|want\b|need\b|love\b|like\b|have\b|know\b)(.+)/u,
    effect: { owner: "named", act: "delegate" },
    weight: 1,
    examples: ["Imogen will send the courier label."],
  },
];

export type NotATaskKind =
  | "condition"
  | "question"
  | "negation"
  | "hedge"
  | "hypothetical"
  | "deferral"
  | "worry"
  | "in-meeting"
  | "perception"
  | "rule"
  | "report"
  | "aside"
  | "purpose";

// A clause any of these find is not a task, whatever commitment words it holds.
export const NOT_A_TASK: RuleTable<NotATaskKind> = [
  {
    id: "not-task.condition",
    pattern: /^(?:(?:and|but|so),?\s+)?(?:if|when|unless|whether|once)\b/i,
    effect: "condition",
    weight: 1,
    examples: ["If rates fall, we'll refinance the cottage."],
  },
  {
    id: "not-task.open-question",
    pattern: /^(?:what|how|why|where)\b|\bwhether\b|\bwonder\b/i,
    effect: "question",
    weight: 1,
    examples: ["What I'll do with the bonus is anyone's guess."],
  },
  {
    id: "not-task.negation",
    pattern:
      /\b(?:won't|will not|wouldn't|can't|cannot|couldn't|never|don't|didn't|doesn't|shouldn't|not|no longer)\b/i,
    effect: "negation",
    weight: 1,
    examples: ["I won't sell the shares until the spring.", "We're not opening the account yet."],
  },
  {
    id: "not-task.hedge",
    pattern:
      /\b(?:we'll|we will|I'll|I will) (?:see|have to see)\b|\bmaybe\b|\bperhaps\b|\bnot sure\b|\bunsure\b|\bdoubt\b/i,
    effect: "hedge",
    weight: 1,
    examples: ["Maybe I'll ring the broker."],
  },
  {
    id: "not-task.hypothetical",
    pattern:
      /\bif (?:we|you|I|they|he|she) (?:ever|wanted|decided|had|were|did|sold|bought)\b|\bif (?:anything|something|that|it|things?|the \w+) (?:changes?|happens?|comes up|goes wrong|falls through)\b|\b(?:we|you|I|they)'d (?:sell|buy|move|redo|look|have)\b/i,
    effect: "hypothetical",
    weight: 1,
    examples: ["If we ever sold the farm we'd owe a lot of tax.", "We'd sell the boat and the trailer."],
  },
  {
    id: "not-task.deferral",
    pattern:
      /\b(?:at some point|someday|one day|down the road|later conversation|(?:park|table|shelve) (?:that|it|this)|no decision today|hold off|(?:sort|deal with|catch up on) [^.]{0,40}\blater)\b/i,
    effect: "deferral",
    weight: 1,
    examples: ["Let's park that until the summer.", "I'll catch up on savings later."],
  },
  {
    id: "not-task.worry",
    pattern: /\b(?:I'm|I am|we're|we are) (?:worried|nervous|afraid|scared|anxious)\b|\bkeeps? me up\b/i,
    effect: "worry",
    weight: 1,
    examples: ["I'm worried we'll have to sell the house."],
  },
  {
    id: "not-task.in-meeting",
    pattern:
      /\b(?:let me|I'll just|I'm going to|I'll) (?:pull up|grab|look|check|share my screen|find|open|write (?:that|this|it) down|note|make a note|jot)\b|^(?:oh,?\s+)?sorry,?\s+(?:I'm|I am)\b/i,
    effect: "in-meeting",
    weight: 1,
    examples: ["Let me pull up the statement.", "Sorry, I'm going to move to the kitchen."],
  },
  {
    id: "not-task.perception",
    pattern: /\b(?:need|want|have) to (?:hear|see|know|understand)\b/i,
    effect: "perception",
    weight: 1,
    examples: ["I need to know what you paid for it."],
  },
  {
    id: "not-task.rule",
    pattern: /\b(?:you|they) (?:have to|must|need to) be\b/i,
    effect: "rule",
    weight: 1,
    examples: ["You have to be over fifty-nine to avoid the penalty."],
  },
  {
    id: "not-task.report",
    pattern: /\bI (?:said|told|thought) I(?:'d| would)\b|\btell \p{Lu}\p{Ll}+ (?:you|I|we|they) said\b/iu,
    effect: "report",
    weight: 1,
    examples: ["I said I'd look into it last spring."],
  },
  {
    id: "not-task.defers-to-others",
    pattern:
      /\b(?:whatever|whichever) (?:\p{L}+ )?(?:you|they|he|she|\p{Lu}\p{Ll}+) (?:give|send|say|tell|decide|want|pick|choose|recommend)s?\b/u,
    effect: "aside",
    weight: 1,
    examples: ["I'll use whatever template you send."],
  },
  {
    id: "not-task.purpose",
    pattern: /^so (?:that )?(?:I|we|you|he|she|they) (?:can|could)\b/i,
    effect: "purpose",
    weight: 1,
    examples: ["so I can check it against the ledger"],
  },
];

export type AgreementEffect = "accept" | "decline";

// A reply to a request: who accepts it owns the task (the AMI "agreement" act).
export const AGREEMENT: RuleTable<AgreementEffect> = [
  {
    id: "agree.decline",
    pattern: /^(?:(?:no|nope|well|um|uh),?\s+)*(?:I can't|I cannot|I won't|I don't think|not (?:really|yet|me))\b/i,
    effect: "decline",
    weight: 1,
    examples: ["I can't get into that account anymore."],
  },
  {
    id: "agree.accept-word",
    pattern:
      /^(?:(?:oh|um|uh|well),?\s+)?(?:yes|yeah|yep|yup|sure|okay|ok|absolutely|of course|certainly|definitely|no problem|will do|got it|on it|can do|happy to|sounds good|perfect|right away)\b/i,
    effect: "accept",
    weight: 1,
    examples: ["Sure, it's in my inbox.", "Will do."],
  },
  {
    id: "agree.i-can-do",
    pattern: /^(?:(?:oh|um|uh|well|and),?\s+)?I(?:'ll| will| can)\s+(?:do|handle|manage|take care of|sort)\b/i,
    effect: "accept",
    weight: 1,
    examples: ["I can do that on Monday."],
  },
];

export type FragmentKind = "pronoun-object" | "thought" | "no-content" | "generic";

// Task words (an imperative from its verb) that are no task on their own.
export const FRAGMENT: RuleTable<FragmentKind> = [
  {
    id: "fragment.pronoun-object",
    pattern:
      /^\p{L}+(?: (?:up|out|back|over|off|in|down))? (?:(?:it|them)\b|(?:that|this|those|these)(?:$| (?:up|out|over|back|to|for|by|with|in|on|at|today|tonight|tomorrow|now|again|a little)\b))/iu,
    effect: "pronoun-object",
    weight: 1,
    examples: ["Make it work", "Round it up a little for taxes"],
    counterExamples: ["Send the deed to Imogen", "Start those forms tomorrow"],
  },
  {
    id: "fragment.thought",
    pattern: /^(?:think|know|consider|understand|remember|wonder|feel|hope|worry|keep in mind|figure out whether)\b/i,
    effect: "thought",
    weight: 1,
    examples: ["Think about a new car", "Know the exact basis"],
  },
  {
    id: "fragment.no-content",
    pattern: /^(?:tell|ask|let|ping)\s+\S+(?:\s+know)?(?:\s+(?:first|today|tomorrow|again|then))?$/i,
    effect: "no-content",
    weight: 1,
    examples: ["Tell Imogen", "Let him know"],
    counterExamples: ["Tell Imogen about the new trustee"],
  },
  {
    id: "fragment.generic",
    pattern:
      /^\p{L}+(?: (?:up|out|back))? (?:for|on|about|with|into) (?!the\b|a\b|an\b|my\b|your\b|his\b|her\b|their\b|our\b|\p{Lu})\p{Ll}+(?: later)?$/u,
    effect: "generic",
    weight: 1,
    examples: ["Adjust for inflation", "Plan for retirement"],
    counterExamples: ["Apply for the survivor pension"],
  },
];
