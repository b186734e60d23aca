// The follow-up is the advisor writing to the client: the summary speaks of both in the third person ("Morgan will
// send the forms to the Hendricks Family Trust"), the e-mail says "I will send the forms to you". Only names the
// draft knows are rewritten (the advisor's full and first name, "the advisor", the client's name, "the client", a
// household's people who spoke in the meeting), in
// the forms that read well either way; a name in any other place stays as written. Every step is one regex pass of
// literal alternatives (no nested quantifiers) or a walk over the words: linear in the text.

/** Who a name in the summary stands for, from the advisor's point of view. */
export interface Voice {
  /** The advisor's names, longest first ("Morgan Reyes", "Morgan"). */
  advisor: string[];
  /** The client's names ("Hendricks Family Trust"). */
  client: string[];
  /** A household's people who were in the meeting ("Tomasz Wójcik", "Tomasz"): "you" as the client is (./client-people.ts). */
  people?: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Words after which a person is the object: "with Morgan" → "with me", "to the client" → "to you". */
const OBJECT_BEFORE = new Set(
  (
    "to for with from about at on by of send sent give gave tell told show showed call called email emailed ask " +
    "asked help helped thank thanked remind reminded update updated let introduce introduced meet met join joined " +
    "get bring forward mail pay hand copy write wrote text texted phone phoned contact contacted"
  ).split(" "),
);

/** The verb after a subject that changes with it ("Morgan is" → "I am", "the client has" → "you have"). */
const FIRST_PERSON_VERB: Record<string, string> = { is: "am", was: "was", has: "have", does: "do", "isn't": "am not" };
const SECOND_PERSON_VERB: Record<string, string> = {
  is: "are",
  was: "were",
  has: "have",
  does: "do",
  "isn't": "aren't",
  "wasn't": "weren't",
  "hasn't": "haven't",
  "doesn't": "don't",
};
/** Third-person present forms that are not a verb taking -s off ("news", "always" never follow a name as a verb). */
const NOT_A_VERB = new Set(["as", "is", "his", "this", "was", "has", "does", "always", "perhaps", "plus", "across"]);

/** "recommends" → "recommend", "discusses" → "discuss", "carries" → "carry", "goes" → "go"; null when not such a form. */
function presentWithoutS(word: string): string | null {
  const lower = word.toLowerCase();
  if (NOT_A_VERB.has(lower) || lower.length < 3 || !/^[a-z]+s$/.test(lower) || lower.endsWith("ss")) return null;
  if (lower.endsWith("ies") && lower.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ches|shes|sses|xes|zes|oes)$/.test(lower)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** The verb that follows a new subject, agreed with it; the word unchanged when it needs no change. */
function agree(word: string, person: "first" | "second"): string {
  const table = person === "first" ? FIRST_PERSON_VERB : SECOND_PERSON_VERB;
  const lower = word.toLowerCase();
  if (table[lower]) return table[lower];
  return presentWithoutS(word) ?? word;
}

/** Words a subject of one person or of several leads: a verb whatever the subject's number. */
const FINITE_AFTER_ANY = new Set(
  "can could will would should may might must can't couldn't won't wouldn't shouldn't did didn't had hadn't".split(" "),
);
/** Words only a subject of several leads ("Vincent and Miriam are"). */
const FINITE_AFTER_SEVERAL = new Set("are were have do don't aren't weren't haven't".split(" "));

/**
 * True when the word after a name is a verb the name is the subject of: one person's "is", "has", "signs" (a present
 * form in -s), several people's "are", "have", and a modal after either.
 */
function leadsVerb(name: string, nextWord: string): boolean {
  if (FINITE_AFTER_ANY.has(nextWord)) return true;
  if (/\s(?:and|&)\s/i.test(name)) return FINITE_AFTER_SEVERAL.has(nextWord);
  return SECOND_PERSON_VERB[nextWord] !== undefined || presentWithoutS(nextWord) !== null;
}

/** A capitalised word that is not "I": after a first name, most likely a surname. */
const SURNAME_LIKE = /^\p{Lu}\p{Ll}/u;

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The word just before `offset` (lower case), or "" at the start of the text. */
function wordBefore(text: string, offset: number): string {
  let end = offset;
  while (end > 0 && text[end - 1] === " ") end--;
  let start = end;
  // A word is at most a few dozen letters: bounded look-back, whatever the text's length.
  while (start > 0 && end - start < 40 && /[\p{L}'’]/u.test(text[start - 1]!)) start--;
  return text.slice(start, end).toLowerCase();
}

/** True when the name at `offset` opens a sentence (or the text, or a list item). */
function opensSentence(text: string, offset: number): boolean {
  let i = offset;
  while (i > 0 && text[i - 1] === " ") i--;
  return i === 0 || ".!?:\n-".includes(text[i - 1]!);
}

/**
 * The text with the advisor in the first person and the client in the second: "Morgan Reyes recommends a review"
 * → "I recommend a review", "the client's pension" → "your pension", "Morgan will call the client" → "I will call
 * you".
 */
export function inAdvisorVoice(text: string, voice: Voice): string {
  const advisor = voice.advisor.filter((name) => name.trim().length >= 2);
  const client = [...voice.client, ...(voice.people ?? [])].filter((name) => name.trim().length >= 2);
  const names = [
    ...advisor.map((name) => ({ name, person: "first" as const })),
    ...client.map((name) => ({ name, person: "second" as const })),
    { name: "the advisor", person: "first" as const },
    { name: "the client", person: "second" as const },
  ].sort((a, b) => b.name.length - a.name.length);
  const personOf = new Map(names.map(({ name, person }) => [name.toLowerCase(), person]));
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(${names.map(({ name }) => escapeRegExp(name)).join("|")})(['’]s)?(?![\\p{L}\\p{N}])( +[\\p{L}'’]+)?`,
    "giu",
  );
  return text.replace(
    pattern,
    (match, name: string, possessive: string | undefined, next: string | undefined, offset: number) => {
      const person = personOf.get(name.toLowerCase());
      if (!person) return match;
      // "Send Ruth Priya's notes": a name of the letter after this one is no surname; it is "my" or "your" in turn.
      const nextPerson = personOf.get(
        (next ?? "")
          .trim()
          .replace(/['’]s$/, "")
          .toLowerCase(),
      );
      const nextIsName = nextPerson !== undefined;
      // "Tomasz Nowak" is not the Tomasz of "Tomasz Wójcik": a one-word name before a surname is someone else's.
      if (!possessive && !nextIsName && !name.includes(" ") && SURNAME_LIKE.test((next ?? "").trim())) return match;
      const start = opensSentence(text, offset);
      const nextOwn = /['’]s$/.test(next ?? "") ? { first: " my", second: " your" } : { first: " me", second: " you" };
      const following = nextPerson ? nextOwn[nextPerson] : (next ?? "");
      if (possessive) {
        const own = person === "first" ? "my" : "your";
        return `${start ? capitalise(own) : own}${following}`;
      }
      const before = wordBefore(text, offset);
      if (!start && OBJECT_BEFORE.has(before)) {
        return `${person === "first" ? "me" : "you"}${following}`;
      }
      const nextWord = following.trim().toLowerCase();
      if (start && nextWord && nextWord !== "and" && nextWord !== "or") {
        const subject = person === "first" ? "I" : "You";
        return `${subject} ${agree(following.trim(), person)}`;
      }
      // Mid-sentence before a verb it leads, the subject of a clause: "if Marcus is okay" → "if you are okay", "the
      // forms Marcus signs" → "the forms you sign".
      if (nextWord && leadsVerb(name, nextWord)) {
        return `${person === "first" ? "I" : "you"} ${agree(following.trim(), person)}`;
      }
      // Mid-sentence and not after a word that takes an object: left as written, the safe reading.
      return match;
    },
  );
}

const normalise = (name: string) => name.replace(/\s+/g, " ").trim().toLowerCase();

/** Words of a client's name that identify a person of it ("Hendricks" in "Hendricks Family Trust"), not its kind. */
const GENERIC_NAME_WORDS = new Set(
  "the and of family trust estate group llc inc ltd company co partners holdings foundation fund corp".split(" "),
);

/** Who an action item's assignee is: the advisor, the client (or one of its people), or someone else. */
export function assigneeRole(assignee: string | undefined, voice: Voice): "advisor" | "client" | "other" {
  const who = normalise(assignee ?? "");
  if (!who) return "other";
  if (["me", "i", "advisor", "the advisor", "myself"].includes(who)) return "advisor";
  if (voice.advisor.some((name) => normalise(name) === who)) return "advisor";
  if (["client", "the client", "you"].includes(who)) return "client";
  if ([...voice.client, ...(voice.people ?? [])].some((name) => normalise(name) === who)) return "client";
  const clientWords = new Set(
    voice.client
      .flatMap((name) => normalise(name).split(" "))
      .filter((w) => w.length > 2 && !GENERIC_NAME_WORDS.has(w)),
  );
  return who.split(" ").some((word) => clientWords.has(word)) ? "client" : "other";
}

/** The advisor's names as the summary may use them: the full name, and the first name when there is a last one. */
export function advisorNames(fullName: string): string[] {
  const name = fullName.replace(/\s+/g, " ").trim();
  const first = name.split(" ")[0] ?? "";
  return first && first !== name && first.length >= 3 ? [name, first] : [name];
}
