// Who the follow-up's "you" may stand for besides the client's own name. A household or family is people: the
// summary speaks of them by name ("Priya will send Tomasz the forms"), and the e-mail to the household says "I will
// send you the forms". Only a person who spoke in the meeting and carries the family's name is one of them; an
// accountant, or a relative who was only talked about, keeps their name. When a name could be someone else's (a
// first name another speaker or the advisor shares) it is left out: the name as written is the safe reading.

/** Words of a client's name that say it is a group of people rather than a company or a trust's trustees. */
const HOUSEHOLD_WORDS = new Set(["household", "family", "families"]);

/** Words of a household's name that are not a family name ("the Okafor family" → "okafor"). */
const NOT_A_FAMILY_NAME = new Set(["the", "and", "of", "household", "family", "families", "trust", "estate"]);

/** Lower case, spaces collapsed and accents dropped: "Wojcik" in a transcript is the "Wójcik" of the client list. */
const fold = (name: string) => name.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim().toLowerCase();

/** A first name proper: letters (and an apostrophe or hyphen), not a title such as "Dr." or a label. */
const LETTERS_ONLY = /^[\p{L}'’-]+$/u;

const wordsOf = (name: string) => fold(name).split(" ").filter(Boolean);

/** The family names of a household or family client ("Wójcik Household" → ["wojcik"]); [] for any other client. */
export function familyNames(clientName: string): string[] {
  const words = wordsOf(clientName);
  if (!words.some((word) => HOUSEHOLD_WORDS.has(word))) return [];
  return words.filter((word) => word.length > 2 && !NOT_A_FAMILY_NAME.has(word));
}

/**
 * The names that address the client as "you": each speaker of the meeting with a first name and the household's
 * family name who is not the advisor, by full name and by first name where no other speaker or the advisor shares
 * it ("Tomasz Wójcik", "Tomasz"). [] when the client is not a household or family.
 */
export function clientPeople(clientName: string, speakers: string[], advisor: string[]): string[] {
  const families = new Set(familyNames(clientName));
  if (families.size === 0) return [];
  const advisorNames = new Set(advisor.map(fold));
  const advisorFirst = new Set(advisor.map((name) => wordsOf(name)[0]).filter(Boolean));
  const named = speakers.map((speaker) => speaker.replace(/\s+/g, " ").trim()).filter(Boolean);
  const isFamily = (speaker: string) => {
    const [first, ...rest] = wordsOf(speaker);
    if (!first || advisorNames.has(fold(speaker)) || advisorFirst.has(first)) return false;
    return rest.some((word) => families.has(word));
  };
  const family = named.filter(isFamily);
  const firstNameUses = new Map<string, number>();
  for (const speaker of named) {
    const first = wordsOf(speaker)[0]!;
    firstNameUses.set(first, (firstNameUses.get(first) ?? 0) + 1);
  }
  const names = new Set<string>();
  for (const speaker of family) {
    names.add(speaker);
    const first = speaker.split(" ")[0]!;
    const folded = fold(first);
    if (LETTERS_ONLY.test(first) && first.length >= 3 && firstNameUses.get(folded) === 1 && !families.has(folded)) {
      names.add(first);
    }
  }
  return [...names];
}

/**
 * The speakers who carry a family name of the client's, whatever the client is ("Daniel Finch" and "Lorraine
 * Finch-Haddad" of "Estate of Walter Finch"; "Dale Hollis" of "Hollis Machine Works"), the advisor's side left out:
 * the people a letter about the client's affairs is written to when none of them is named in the client's name.
 */
export function speakersOfTheClientsFamily(clientName: string, speakers: string[], advisor: string[]): string[] {
  const names = new Set(
    wordsOf(clientName.replace(/[()]/g, " ")).filter((w) => w.length > 2 && !NOT_A_FAMILY_NAME.has(w)),
  );
  const advisorSide = new Set(advisor.map(fold));
  return speakers.filter((speaker) => {
    const [first, ...rest] = wordsOf(speaker);
    if (!first || !LETTERS_ONLY.test(first) || advisorSide.has(fold(speaker)) || advisorSide.has(first)) return false;
    return rest.flatMap((word) => word.split(/[-‐]/)).some((word) => names.has(word));
  });
}
