// What makes a sentence small talk rather than substance: greetings, thanks, goodbyes, pleasantries and bare
// acknowledgements (read by sentences.ts's isSmallTalk). Each pattern is anchored or a plain alternation, so each
// runs in linear time.

import { ACKNOWLEDGEMENTS, alternation } from "./lexicon";
import { lexiconRegExp } from "./patterns";
import { ruleTable } from "./rules";

const COURTESY_START =
  /^(?:hi|hello|hey|good (?:morning|afternoon|evening|to see you)|morning|afternoon|evening|welcome|thanks|thank you|cheers|bye|goodbye|see you|take care|have a (?:good|great|nice|lovely)|nice to|great to|lovely to|good to|pleasure|how are you|how's it going|how have you been)\b/i;
const COURTESY_ANYWHERE =
  /\b(?:how are you|how (?:was|were) (?:your|the) (?:weekend|trip|holiday|vacation|flight|summer|break)|the weather|thanks for (?:coming|making|having|joining|your time|the time|taking)|thank you for (?:coming|making|having|joining|your time|the time|taking)|can you (?:hear|see) me|you're on mute|(?:nice|good|great|lovely) to (?:see|meet|hear from) you|have a (?:good|great|nice|lovely) (?:day|weekend|evening|one))\b/i;
// Matched against the sentence without its closing punctuation (trimEnding), so no run of "!" is read twice.
const ACKNOWLEDGEMENT = lexiconRegExp(
  `^${alternation(ACKNOWLEDGEMENTS)}(?:[,.!]?\\s*(?:thanks|thank you))?(?:,\\s*[A-Z][a-z]+)?$`,
  "i",
);
const CLOSING_PUNCTUATION = /[\s.,!?;:]/;

function trimEnding(text: string): string {
  let end = text.length;
  while (end > 0 && CLOSING_PUNCTUATION.test(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** The whole sentence is an acknowledgement ("Okay, great.", "Sounds good, thanks!"), perhaps with a name. */
function bareAcknowledgement(text: string): boolean {
  return ACKNOWLEDGEMENT.test(trimEnding(text.trim()));
}

export const smallTalk = ruleTable({
  id: "sentences.small-talk",
  description:
    "Sentences a summary reader does not need: greetings, thanks, goodbyes, pleasantries and bare " +
    "acknowledgements. Such a sentence is never a key point, a summary sentence or a key fact.",
  combine: "Small talk when any rule matches.",
  rules: [
    {
      id: "courtesy-opening",
      matches: "a sentence that opens with a greeting, thanks, a goodbye or a pleasantry",
      pattern: COURTESY_START,
      effect: "small talk",
      examples: [
        { text: "Good morning, everyone.", expect: "Good morning" },
        { text: "Thanks, that helps a lot.", expect: true },
        { text: "Goodness, the premium doubled.", expect: false, note: "a word that only starts like one" },
      ],
    },
    {
      id: "courtesy-phrase",
      matches: "a pleasantry anywhere: how a trip went, the weather, thanks for coming, being on mute",
      pattern: COURTESY_ANYWHERE,
      effect: "small talk",
      examples: [
        { text: "How was the quarter for the bond fund?", expect: false, note: "the client's affairs" },
        { text: "And how was your weekend?", expect: "how was your weekend" },
        { text: "Sorry, I think you're on mute.", expect: true },
        { text: "The weather delayed the closing by a week.", expect: true, note: "an over-reach: any weather" },
      ],
    },
    {
      id: "bare-acknowledgement",
      matches:
        "the whole sentence is an acknowledgement (the lexicon's ACKNOWLEDGEMENTS), perhaps with thanks or a name",
      pattern: bareAcknowledgement,
      effect: "small talk",
      examples: [
        { text: "Sounds good, thanks!", expect: true },
        { text: "Perfect, Dana.", expect: true },
        { text: "Okay, so the fee is one percent.", expect: false },
      ],
    },
  ],
});
