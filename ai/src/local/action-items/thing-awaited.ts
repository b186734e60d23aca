// "When the closing statement comes in, can you forward it to me?": the "it" is the thing the sentence is waiting
// for, not the thing the sentences before were about (the Treasury ladder just promised). The sentence's own clause
// of when names it.

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
