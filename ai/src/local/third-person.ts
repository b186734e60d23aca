// Reported speech for summaries: "I recommend we rebalance" said by Dana Whitfield → "Dana recommended we rebalance".
// Only the simple cases are rewritten (the sentence opens with "I" and a verb this module knows, and has no other
// first-person word); anything else is returned as null and the caller keeps the sentence as said.

const REPORTING_PAST: Record<string, string> = {
  recommend: "recommended",
  suggest: "suggested",
  propose: "proposed",
  think: "thought",
  believe: "believed",
  agree: "agreed",
  want: "wanted",
  need: "needed",
  prefer: "preferred",
  expect: "expected",
  feel: "felt",
  plan: "planned",
  hope: "hoped",
  know: "knew",
  understand: "understood",
  guess: "guessed",
  worry: "worried",
  like: "liked",
  reckon: "reckoned",
  doubt: "doubted",
  intend: "intended",
  advise: "advised",
};

// Already past or modal: the verb stays, only the subject changes.
const KEPT_AFTER_SUBJECT = new Set(
  (
    "will would can could should must might may was had did didn't wasn't couldn't wouldn't shouldn't " +
    "bought sold sent said told went got made met saw found took gave spoke thought looked talked called emailed " +
    "reviewed checked ran moved paid received signed filed opened closed asked mentioned noticed learned decided " +
    "agreed recommended suggested proposed finished started prepared updated spent tried wanted needed used"
  ).split(" "),
);

const CONTRACTIONS: Record<string, string> = {
  "i'm": "is",
  "i've": "has",
  "i'll": "will",
  "i'd": "would",
};
const AFTER_I: Record<string, string> = { am: "is", have: "has", "don't": "doesn't", do: "does" };

const FIRST_PERSON = /\b(?:I|me|my|mine|myself)\b|\bI['’]/;
const SECOND_PERSON = /\byou|\byour/i;
const WORD_RUN = /\S+/g;
const LETS = /^let(?:['’]s| us)\s/i;

// What "you" can be replaced by the addressee's name before or after.
const OBJECT_BEFORE = new Set(
  (
    "to for with from about at on by send sent give gave tell told show showed call called email emailed ask asked " +
    "help helped thank thanked remind reminded update updated pay paid let suggest suggested recommend recommended " +
    "propose proposed advise advised owe owes get got see saw meet met introduce introduced"
  ).split(" "),
);
const YOU_VERB: Record<string, string> = {
  are: "is",
  were: "was",
  have: "has",
  "don't": "doesn't",
  do: "does",
  need: "needs",
  want: "wants",
  will: "will",
  would: "would",
  can: "can",
  could: "could",
  should: "should",
  must: "must",
  might: "might",
  may: "may",
  had: "had",
  did: "did",
  "didn't": "didn't",
  "won't": "won't",
  "can't": "can't",
  mentioned: "mentioned",
  said: "said",
  asked: "asked",
  wanted: "wanted",
  told: "told",
};
const YOU_CONTRACTIONS: Record<string, string> = {
  "you're": "is",
  "you've": "has",
  "you'll": "will",
  "you'd": "would",
};

/** How a speaker is named in a summary: a first name for "Dana Whitfield", a role label ("Project Manager") whole. */
export function displayName(speaker: string): string {
  const words = speaker.trim().split(/\s+/);
  if (words.length !== 2) return speaker.trim();
  const [first, last] = words as [string, string];
  const looksLikeName = /^\p{Lu}\p{Ll}+$/u.test(first) && /^\p{Lu}[\p{Ll}'’-]+$/u.test(last);
  return looksLikeName && !ROLE_WORDS.has(first.toLowerCase()) && !ROLE_WORDS.has(last.toLowerCase())
    ? first
    : speaker.trim();
}

const ROLE_WORDS = new Set(
  (
    "project manager marketing user interface industrial designer professor grad phd postdoc undergrad speaker " +
    "client advisor adviser team lead chair host guest member participant interviewer interviewee moderator"
  ).split(" "),
);

/**
 * "I recommend we rebalance to sixty forty." → "Dana recommended we rebalance to sixty forty." Null when the sentence
 * is not one the rules rewrite reliably. `addressee` is whom "you" means (only when the meeting has two people).
 */
export function toThirdPerson(sentence: string, speaker: string, addressee: string | null): string | null {
  const words = sentence.match(WORD_RUN);
  if (!words || words.length < 3) return null;
  const name = displayName(speaker);
  const [first, second] = words as [string, string];
  const firstLower = first.toLowerCase().replace(/’/g, "'");
  let opening: string[];
  let rest: string[];
  if (CONTRACTIONS[firstLower]) {
    opening = [name, CONTRACTIONS[firstLower]];
    rest = words.slice(1);
  } else if (first === "I") {
    const verb = second.toLowerCase().replace(/’/g, "'");
    if (/[,.;:!?]$/.test(verb)) return null; // "I see." is not a verb phrase to report
    const replaced = REPORTING_PAST[verb] ?? AFTER_I[verb] ?? (KEPT_AFTER_SUBJECT.has(verb) ? verb : undefined);
    if (!replaced) return null;
    opening = [name, replaced];
    rest = words.slice(2);
  } else if (LETS.test(`${first} ${second}`)) {
    // "Let's meet again on the 12th" → "Dana suggested they meet again on the 12th".
    const skip = firstLower === "let" ? 2 : 1;
    opening = [name, "suggested", "they"];
    rest = words.slice(skip);
  } else {
    // Not first person: only "you" needs a name ("You're at seventy-two percent" → "Marcus is at …").
    opening = [];
    rest = words;
    if (!SECOND_PERSON.test(sentence)) return null;
  }
  const restText = rest.join(" ");
  if (FIRST_PERSON.test(restText)) return null;
  let body = restText;
  if (SECOND_PERSON.test(restText)) {
    if (!addressee) return null;
    const replaced = replaceYou(rest, opening, displayName(addressee));
    if (replaced === null) return null;
    body = replaced;
  }
  const text = `${opening.join(" ")}${opening.length > 0 && body ? " " : ""}${body}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "you" → the addressee's name where the grammar stays right; null when a "you" cannot be placed. */
function replaceYou(rest: string[], opening: string[], name: string): string | null {
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    const match = /^([("']?)(you|your|yours|you're|you've|you'll|you'd|yourself)(['’]?[^\p{L}]*)$/iu.exec(
      word.replace(/’/g, "'"),
    );
    if (!match) {
      if (/you/i.test(word)) return null; // "you'all", "youth" and the like: not worth the risk
      out.push(word);
      continue;
    }
    const [, lead = "", pronoun = "", trail = ""] = match;
    const lower = pronoun.toLowerCase();
    const previous = (i > 0 ? rest[i - 1]! : (opening.at(-1) ?? "")).toLowerCase().replace(/[^\p{L}']/gu, "");
    const next = (rest[i + 1] ?? "").toLowerCase().replace(/[^\p{L}']/gu, "");
    if (lower === "your" || lower === "yours") {
      out.push(`${lead}${name}'s${trail}`);
    } else if (lower === "yourself") {
      return null;
    } else if (YOU_CONTRACTIONS[lower]) {
      out.push(`${lead}${name} ${YOU_CONTRACTIONS[lower]}${trail}`);
    } else if (trail === "" && YOU_VERB[next] !== undefined) {
      out.push(`${lead}${name}`);
      rest = [...rest];
      rest[i + 1] = rest[i + 1]!.replace(/^[\p{L}']+/u, YOU_VERB[next]);
    } else if (OBJECT_BEFORE.has(previous)) {
      out.push(`${lead}${name}${trail}`);
    } else {
      return null;
    }
  }
  return out.join(" ");
}
