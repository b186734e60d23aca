// "When the closing statement comes in, can you forward it to me?": the "it" is the thing the sentence is waiting
// for, not the thing the sentences before were about (the Treasury ladder just promised). The sentence's own clause
// of when names it. And "Keisha emailed you the bond application on Monday. … Could you fill it out?": a paper
// reported as handed over is what the next "it" means.

/** "when/once/as soon as/after/if" and a thing with its determiner, then a verb of its arriving or being done. */
const AWAITED =
  /\b(?:when|once|as soon as|after|if)\s+(the|your|that|his|her|their)\s+(\p{L}[\p{L}'’-]*(?:\s\p{L}[\p{L}'’-]*){0,3}?)\s(?:comes?\sin|arrives?|lands?|gets?\shere|shows?\sup|is\s(?:ready|done|signed|final|back)|comes?\sback)\b/iu;

/** The thing a sentence's clause of when waits for ("the closing statement"), or null. */
export function thingAwaited(text: string): string | null {
  const found = AWAITED.exec(text);
  if (!found?.[2]) return null;
  const determiner = found[1]!.toLowerCase() === "that" ? "that" : "the";
  return `${determiner} ${found[2]}`;
}

// "emailed you the bond application", "sent Dana the draft": a verb of handing over in the past, to a person, then
// the thing with its determiner, up to where the phrase ends.
const HANDED =
  /\b(?:sent|emailed|e-mailed|mailed|faxed|forwarded|gave|handed|dropped off)\s+(?:you|me|him|her|them|us|\p{Lu}\p{Ll}+)\s+((?:the|your|his|her|their|a|an)\s\p{L}[\p{L}'’-]*(?:\s\p{L}[\p{L}'’-]*){0,3}?)(?=\s+(?:on|last|this|yesterday|today|by|to|for|with|from|in|at|and|before|after|when|about)\b|\s*[,.;!?]|\s*$)/u;

/** The paper a sentence reports as handed to someone ("the bond application"), or null. */
export function thingHanded(text: string): string | null {
  const found = HANDED.exec(text)?.[1];
  return found ? found.replace(/^(?:your|his|her|their|a|an)\s/, "the ") : null;
}

// "The projection I sent assumed the old rate, so I'll redo it this week": a sentence that opens with a thing and
// then, after "so", promises to do something to "it" means that thing. Anchored at the sentence's start, with the
// thing's words and what is said of it bounded: linear.
const OPENED =
  /^(?:(?:okay|so|and|well|now|right)[,.]?\s+)*(?:the|that|your|our|my)\s+(\p{L}[\p{L}'’-]*(?:\s\p{L}[\p{L}'’-]*){0,2}?)\s+(?:(?:I|we|you)\s+\p{L}+\s+)?(?:is|was|has|had|needs?|came|assumed|used|left|includ(?:es|ed)|list(?:s|ed)|shows?|showed|says?|said|looks?|missed|got)\b[^.?!;]{0,160}?,?\s+so\s+(?:I|we)(?:'ll|\s+will)\s+\p{L}+\s+it\b/iu;

/** The thing a sentence opens with when a clause after "so" promises to do something to "it" ("the projection"). */
export function thingOpened(text: string): string | null {
  const found = OPENED.exec(text)?.[1];
  return found ? `the ${found}` : null;
}
