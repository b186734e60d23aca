// Whose a figure is, from the possessive said right before it: a share someone owns ("Reggie's twenty-five percent
// is $200,000"), and the owner said again for a thing named once ("Vincent's IRA is 780,000, and Giulia's is 210").
// Read by ./read-figures.ts.

import { ROLE_WORDS } from "../../language/lexicon";
import { lexiconRegExp } from "../../language/patterns";
import type { Sentence } from "../../language/sentences";
import type { FigureContext } from "./figure-subjects";
import type { Found } from "./figures-in-sentence";

/** "Ray's 90%, at that value, is about", "My sixty percent is": the owner and the share, no other figure between. */
const SHARE_THEN_AMOUNT = /\b(\p{Lu}\p{Ll}+['’]s|[Mm]y)\s+(\d{1,3}(?:\.\d+)?%)[^%$\d]{0,60}$/u;
/** "Reggie's" or "my" right before a percentage: the share is theirs. */
const SHARE_OWNER = /\b(\p{Lu}\p{Ll}+['’]s|[Mm]y)\s*$/u;
/** "Dana owns sixty percent": a name said as the owner of a percentage. */
const OWNS = /\b(\p{Lu}\p{Ll}+)\s+own(?:s|ed)?\s+(?:about\s+|around\s+|roughly\s+)?$/u;
/** The name said last, right before the figure. */
const NAME_LAST = /(?:^|\s)(\p{Lu}\p{Ll}+)\s+$/u;
/** Characters at most between "ownership" and the owner's name ("the ownership now is Dana sixty percent"). */
const OWNERSHIP_GAP = 40;

/** The owner a name said before a percentage makes it: "Dana owns …", "the ownership now is Dana …"; or none. */
function namedOwner(before: string): string | undefined {
  const owns = OWNS.exec(before)?.[1];
  if (owns) return owns;
  // Read by position rather than one pattern: a bounded gap of any words before a name is slow to prove linear.
  const at = before.toLowerCase().lastIndexOf("ownership");
  if (at < 0) return undefined;
  const after = before.slice(at + "ownership".length);
  if (/^\w/.test(after) || /[.?!%$]/.test(after)) return undefined;
  const name = NAME_LAST.exec(after);
  return name && name.index <= OWNERSHIP_GAP ? name[1] : undefined;
}

/** Whose a possessive said before a figure means: a name's own ("Reggie's"), the speaker's for "my", or none. */
export type OwnerOf = (possessive: string) => string | null;
export function ownerOf(sentence: Sentence, context: FigureContext): OwnerOf {
  return (possessive) => {
    if (/^my$/i.test(possessive)) return sentence.speaker ? `${context.nameOf(sentence.speaker)}'s` : null;
    return NOT_OWNERS.has(possessive.replace(/['’]s$/, "")) ? null : possessive.replace("’", "'");
  };
}

/** The subject of a figure that is, or is the worth of, someone's share ("Reggie's share", "Ray's 90% share"). */
export function ownedShare(before: string, figure: Found, owner: OwnerOf): string | null {
  if (figure.percent) {
    const named = namedOwner(before);
    const said = SHARE_OWNER.exec(before)?.[1] ?? (named ? `${named}'s` : undefined);
    const whose = said ? owner(said) : null;
    return whose ? `${whose} share` : null;
  }
  const owned = figure.money ? SHARE_THEN_AMOUNT.exec(before) : null;
  const whose = owned ? owner(owned[1]!) : null;
  return whose ? `${whose} ${owned![2]} share` : null;
}

/** Words before "'s" that are no owner: "It's", "That's". */
const NOT_OWNERS = new Set("It That There Here What Who Where When How Why She He Let".split(" "));
/**
 * A possessive with no thing after it, right before the figure: "and Giulia's is about", "and mine is" ("It's" is
 * none).
 */
const ELIDED_OWNER =
  /\b(?!(?:It|That|There|Here|What|Who|Where|When|How|Why|She|He|Let)['’])(\p{Lu}\p{Ll}+['’]s|mine|his|hers|theirs)\s+(?:is|was)(?:\s+(?:about|around|roughly|only|just))?\s*$/u;
/** A subject's owner named first ("Vincent's IRA"). */
const OWNED = /^\p{L}+['’]s\s+/u;

/**
 * The subject with the owner said right before the figure: "…, and Giulia's is 210" is Giulia's; "…, and mine is 190"
 * the speaker's; "his is" or "hers is" someone's, never the owner named before.
 */
export function withOwnerSaidAgain(subject: string, before: string, owner: OwnerOf): string {
  const elided = ELIDED_OWNER.exec(before)?.[1];
  if (!elided) return subject;
  const whose = /^mine$/i.test(elided) ? owner("my") : /['’]s$/.test(elided) ? elided : null;
  return `${whose ? `${whose.replace("’", "'")} ` : ""}${subject.replace(OWNED, "")}`;
}

/** People a speaker tells of by kinship or acquaintance ("my sister", "my neighbor"): what is said of them is theirs. */
const TOLD_OF = [
  ...(ROLE_WORDS.family ?? []),
  ..."friend neighbor neighbour cousin aunt uncle coworker colleague boss".split(" "),
];
// Not one said as company ("she did it with my father"): the thing is not theirs for that.
const MY_KIN = lexiconRegExp(`(?<!\\bwith\\s)\\bmy\\s+(${TOLD_OF.join("|")})(?:['’]s)?\\b`, "gi");
/** The speaker or the household said after the person told of: the figure is the speaker's again ("… and we pay"). */
const FIRST_PERSON_WORD = /(?:^|[^\p{L}'’])(?:I|me|my|mine|we|us|our|ours)(?![\p{L}])/iu;
/** "Her premium went up …", "it's eleven thousand": the figure's sentence speaks of someone, or something, named before. */
const THIRD_PERSON_WORD = /(?:^|[^\p{L}'’])(?:she|he|her|his|they|their|it)(?![\p{L}])/iu;
/** "my" right before the subject: the speaker's ("My 403(b) is about 400,000"). */
const MY_BEFORE = /\bmy\s+$/i;

/** The last person the text tells of as the speaker's ("my sister"), with nobody first-person said after them. */
function toldOfIn(text: string): string | undefined {
  let kin: string | undefined;
  let end = -1;
  for (const m of text.matchAll(MY_KIN)) [kin, end] = [m[1]!.toLowerCase(), m.index + m[0].length];
  return kin && !FIRST_PERSON_WORD.test(text.slice(end)) ? kin : undefined;
}

/**
 * Whose a figure is when its subject carries no owner: the speaker's for "my" right before the subject; the speaker's
 * relative's or acquaintance's when the sentence, or the speaker's sentence just before with "she", "her" or "it"
 * pointing back, tells of them ("My brother's in a facility now and it's eleven thousand a month" is Walt's brother's;
 * "my sister got hit with that. Her premium went up a hundred dollars" is June's sister's).
 */
export function ownerNotInSubject(
  subject: string,
  before: string,
  sentence: Sentence,
  previous: Sentence | undefined,
  context: FigureContext,
): string | undefined {
  const speaker = sentence.speaker;
  if (!speaker || !subject) return undefined;
  const subjectAt = before.lastIndexOf(subject);
  if (subjectAt > 0 && MY_BEFORE.test(before.slice(0, subjectAt))) return `${context.nameOf(speaker)}'s`;
  if (/['’]s\b/.test(subject)) return undefined;
  const pointsBack = previous?.speaker === speaker && THIRD_PERSON_WORD.test(before) && !FIRST_PERSON_WORD.test(before);
  const kin = toldOfIn(before) ?? (pointsBack ? toldOfIn(previous.text) : undefined);
  return kin ? `${context.nameOf(speaker)}'s ${kin}'s` : undefined;
}
