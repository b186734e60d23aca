// People as the transcript names them: a first name said in the text is matched to a speaker's full name, and a
// name of someone who is not speaking ("Kenji will send the invite") is kept as said.

import {
  capitalise,
  HESITATIONS,
  MONTHS,
  MONTHS_THAT_ARE_NAMES,
  NUMBER_UNITS,
  ORDINAL_UNITS,
  RELATIVE_DAYS,
  WEEKDAYS,
} from "../../language";

/**
 * Capitalised words that open sentences and are not people. Months that are also first names (April, May, June,
 * August) are left out: a speaker called June is addressed as "June, …".
 */
export const NOT_A_NAME: ReadonlySet<string> = new Set([
  ...(
    "There It That This We You I They He She Which What Who Everything Nothing Something Someone And " +
    "But So Then Also If When That's Yes No Okay Ok Well Now Please Thanks Sure Great Perfect Right Maybe Everyone " +
    "Anyone Somebody Nobody Everybody Decisions Decision Next Last Both Each Our Your My His Her Their Its Us Me " +
    "Plus Once After Before Until Unless Here Where Why How Just Still Even Actually Honestly Exactly Correct Good " +
    "Fine Absolutely Definitely Otherwise Meanwhile Let Action To-dos Todos Recap Oh Hmm Mhm Yeah Yep Nope Hey Hi " +
    "Hello Thank Sorry Anyway Again The A An All Dr Mr Mrs Ms"
  ).split(" "),
  ...[
    ...Object.keys(NUMBER_UNITS).slice(1, 11),
    ...ORDINAL_UNITS.slice(0, 3),
    ...RELATIVE_DAYS,
    ...WEEKDAYS,
    ...HESITATIONS,
    ...MONTHS.filter((month) => !MONTHS_THAT_ARE_NAMES.includes(month)),
  ].map(capitalise),
]);

export function firstName(name: string): string {
  return name.split(" ")[0] ?? name;
}

/** The speaker whose first name (or label's first word) this is, else the name as said. */
export function fullName(name: string, speakers: string[]): string {
  return speakers.find((speaker) => speaker === name || speaker.startsWith(`${name} `)) ?? name;
}

/** Whether a capitalised word can be a person: not a sentence opener, not an "-ing" or "-tion" noun. */
export function isPersonName(word: string, speakers: string[]): boolean {
  if (NOT_A_NAME.has(word)) return false;
  if (speakers.some((speaker) => firstName(speaker) === word)) return true;
  return !/(?:ing|tion|ment|ness|ance|ence|ity|ship|ly)$/.test(word);
}

const WORD_CHARACTER = /\w/; // what \b tells apart (no u or i flag)
const isWordCharacter = (ch: string | undefined) => ch !== undefined && WORD_CHARACTER.test(ch);

/** Whether the first name occurs between word boundaries: `\bName\b`, by string search, not a regex built from a name. */
export function mentionsName(text: string, fullNameText: string): boolean {
  const first = firstName(fullNameText);
  if (!first) return WORD_CHARACTER.test(text);
  const startsWord = isWordCharacter(first[0]);
  const endsWord = isWordCharacter(first[first.length - 1]);
  for (let at = text.indexOf(first); at >= 0; at = text.indexOf(first, at + 1)) {
    if (isWordCharacter(text[at - 1]) !== startsWord && isWordCharacter(text[at + first.length]) !== endsWord)
      return true;
  }
  return false;
}

/**
 * Who "you two" / "you both" are, for a sentence said by `speaker`: two other speakers sharing a family name (a
 * couple), else the last pair named together ("Tom and Luis will…"), else null.
 */
export function pairAddressed(speaker: string | null, speakers: string[], lastNamedPair: string | null): string | null {
  const others = speakers.filter((name) => name !== speaker);
  for (let i = 0; i < others.length; i++) {
    const family = others[i]!.split(" ").slice(1).join(" ");
    if (!family) continue;
    const partner = others.slice(i + 1).find((name) => name.split(" ").slice(1).join(" ") === family);
    if (partner) return `${others[i]} and ${partner}`;
  }
  return lastNamedPair;
}

/**
 * Who "you two" are when no couple shares a family name: the client as typed ("Tom Brennan and Luis Ortiz"), when
 * exactly two speakers are named in it by first name.
 */
export function pairOfClient(clientName: string | undefined, speakers: string[]): string | null {
  if (!clientName) return null;
  const inClient = speakers.filter((speaker) => mentionsName(clientName, speaker));
  return inClient.length === 2 ? `${inClient[0]} and ${inClient[1]}` : null;
}
