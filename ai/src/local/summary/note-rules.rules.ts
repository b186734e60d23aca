// Rewriting a spoken sentence into a note, as a rule table (../../language/rules.ts): each rule has an id, a pattern,
// an effect and examples in our own words, which are its tests (ai/src/language/rule-tables.test.ts) and its entry
// in docs/rules.md. The rules run in order on a sentence that has already lost its opening fillers, stutters and
// corrected figures and has its spoken numbers written as figures (see write-note.ts). Every pattern is a plain
// alternation or a bounded run read from a word boundary, with no nested quantifier, and every effect looks at a
// bounded number of words: each rule is one linear pass over the sentence (note-rules.test.ts times them).

import { alternation, FILLER_PHRASES, lexiconRegExp } from "../../language";
import { type Rule, ruleTable } from "../../language/rules";
import { AGREEING_VERBS, INNER_ADVERBS, NOTE_ASIDES, TAG_QUESTIONS, YOU_PLURAL } from "./note-words";

/** Who said the sentence and who the people around it are (see note-people.ts). */
export interface NoteContext {
  /** The speaker as a note names them ("Priya"), or null when the transcript has no speaker names. */
  speaker: string | null;
  /** True when the speaker is one of the client's people. */
  speakerIsClient: boolean;
  /** Whom "you" means here ("Tom and Ada", "Priya"), or null when that is not known. */
  addressee: string | null;
  addresseePlural: boolean;
  /** The client side, for "we" said by one of its people ("Tom and Ada"), or null. */
  household: string | null;
  /** Lower-cased first names of the meeting's speakers. */
  firstNames: ReadonlySet<string>;
}

const FILLERS = alternation([...NOTE_ASIDES, ...FILLER_PHRASES]);
const TAGS = alternation(TAG_QUESTIONS);
const ADVERBS = alternation(INNER_ADVERBS);

/** Third-person present of a verb after "I" or a singular "you": "think" → "thinks", "carry" → "carries". */
const AGREEING: Record<string, string> = {
  am: "is",
  are: "is",
  were: "was",
  have: "has",
  do: "does",
  "don't": "doesn't",
  "haven't": "hasn't",
  "aren't": "isn't",
  "weren't": "wasn't",
  go: "goes",
  be: "is",
};
/** Words after a subject that stay as they are: modals and the past. */
const KEPT =
  /^(?:will|would|can|could|should|must|might|may|shall|was|had|did|won't|wouldn't|can't|couldn't|shouldn't|didn't|wasn't|hadn't|mustn't|saw|got|went|made|took|gave|said|told|thought|knew|bought|sold|paid|put|sent|spent|left|felt|found|kept|met|ran|came|became|began|brought|heard|held|lost|meant|wrote|[a-z]+ed)$/;

const AGREES = new Set(AGREEING_VERBS);
const PLURAL_YOU = new Set(YOU_PLURAL);

/** The verb after a singular third-person subject ("think" → "thinks"); null for a word the table does not know. */
export function agreeVerb(verb: string): string | null {
  const lower = verb.toLowerCase().replace(/’/g, "'");
  if (AGREEING[lower]) return AGREEING[lower];
  if (KEPT.test(lower)) return verb;
  if (!AGREES.has(lower)) return null;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

const CONTRACTION: Record<string, string> = { m: "is", ve: "has", ll: "will", d: "would", re: "is" };
const PLURAL_CONTRACTION: Record<string, string> = { re: "are", ve: "have", ll: "will", d: "would", m: "are" };
/** Words after which "you" is a subject ("…, so you pay") rather than an object ("send you"). */
const SUBJECT_BEFORE =
  /(?:^|[,;:.!?]\s*|\b(?:and|but|so|if|when|because|that|since|once|before|after|until|unless|whether|where|then|or|as)\s+)$/i;
/** Characters looked back over for a "we" or "us" that already named the household before an "our". */
const OUR_LOOK_BACK = 120;
/** Characters looked back over for what comes before a "you". */
const LOOK_BACK = 12;

const possessive = (name: string) => (name.endsWith("s") ? `${name}'` : `${name}'s`);

/** What a rule does to each match, in its sentence's context; `saidBy` is who says the rule's examples. */
export interface NoteEffect {
  /** For the docs: what the rule does to its match (drop it, restate the sentence, name a person). */
  kind: "drop" | "restate" | "name";
  write: (match: RegExpExecArray, context: NoteContext) => string;
  saidBy?: "client" | "advisor";
}

export type NoteRule = Rule<NoteEffect, string>;

export const noteRules = ruleTable<NoteEffect, string>({
  id: "notes.spoken-to-note",
  description:
    "A spoken sentence rewritten as a note: fillers, vocatives and tags go, the speaker's I and a client's we become " +
    "names, you becomes whom it addresses.",
  combine: "Every rule in table order, each over the whole sentence; a rule's effect replaces each of its matches.",
  apply: (rule, text) => applyRule(rule, text, exampleContext(rule.effect.saidBy)),
  rules: [
    {
      id: "drop-vocative-opening",
      matches: 'A speaker\'s name said to address them ("Tom, …") is not part of the note.',
      pattern: /^(\p{Lu}\p{Ll}+),\s+(\S)/gu,
      effect: {
        kind: "drop",
        write: (m, c) => (c.firstNames.has(m[1]!.toLowerCase()) ? m[2]!.toUpperCase() : m[0]),
      },
      examples: [{ text: "Ada, the roof cost 14,000.", expect: "The roof cost 14,000." }],
    },
    {
      id: "drop-vocative-closing",
      matches: 'A name said at the end to address someone ("…, Tom?") goes.',
      pattern: /,\s*(\p{Lu}\p{Ll}+)(?=[.?!]$)/gu,
      effect: {
        kind: "drop",
        write: (m, c) => (c.firstNames.has(m[1]!.toLowerCase()) ? "" : m[0]),
      },
      examples: [{ text: "The lease ends in March, Tom.", expect: "The lease ends in March." }],
    },
    {
      id: "drop-filler-opening",
      matches: 'A filler opening the sentence, set off by a comma ("Honestly, …"), goes.',
      pattern: lexiconRegExp(`^${FILLERS},\\s+(\\S)`, "gi"),
      effect: {
        kind: "drop",
        write: (m) => m[1]!.toUpperCase(),
      },
      examples: [{ text: "Honestly, the fees are too high.", expect: "The fees are too high." }],
    },
    {
      id: "drop-filler-aside",
      matches: 'Fillers and asides set off by commas ("you know", "I mean", "honestly") go.',
      pattern: lexiconRegExp(`,\\s*${FILLERS}(?:,\\s*|(?=[.!?]|$))`, "gi"),
      effect: {
        kind: "drop",
        write: (m) => (m[0].trimEnd().endsWith(",") ? " " : ""),
      },
      examples: [
        { text: "The boat is, you know, worth 30,000.", expect: "The boat is worth 30,000." },
        { text: "It pays 4.5%, honestly.", expect: "It pays 4.5%." },
      ],
    },
    {
      id: "tag-question-to-statement",
      matches: 'A statement checked with a tag ("…, right?") is noted as the statement.',
      pattern: lexiconRegExp(`,\\s*${TAGS}\\?$`, "gi"),
      effect: {
        kind: "restate",
        write: () => ".",
      },
      examples: [{ text: "The loan is at 3.1%, right?", expect: "The loan is at 3.1%." }],
    },
    {
      id: "trailing-dots",
      matches: "A sentence that trails off in dots ends with a full stop.",
      pattern: /(?<![\s.])\s*(?:\.{2,}|…)$/g,
      effect: {
        kind: "restate",
        write: () => ".",
      },
      examples: [{ text: "The pension is 2,100 a month...", expect: "The pension is 2,100 a month." }],
    },
    {
      id: "i-contraction",
      matches: '"I\'m", "I\'ll", "I\'ve", "I\'d" become the speaker\'s name with the verb.',
      pattern: /\bI['’](m|ll|ve|d)\b/g,
      effect: {
        kind: "name",
        write: (m, c) => (c.speaker ? `${c.speaker} ${CONTRACTION[m[1]!.toLowerCase()]}` : m[0]),
      },
      examples: [{ text: "I'll send the forms Friday.", expect: "Priya will send the forms Friday." }],
    },
    {
      id: "i-with-verb",
      matches: '"I" becomes the speaker\'s name, the verb after it agreeing ("I think" → "Priya thinks").',
      pattern: lexiconRegExp(`\\bI\\s+(?:(${ADVERBS})\\s+)?([A-Za-z'’]+)`, "g"),
      effect: {
        kind: "name",
        write: (m, c) => {
          if (!c.speaker) return m[0];
          const verb = agreeVerb(m[2]!);
          return verb === null ? m[0] : `${c.speaker} ${m[1] ? `${m[1]} ` : ""}${verb}`;
        },
      },
      examples: [
        { text: "I want the bonds kept.", expect: "Priya wants the bonds kept." },
        { text: "I already have the deed.", expect: "Priya already has the deed." },
      ],
    },
    {
      id: "me-my",
      matches: '"me", "my", "mine", "myself" become the speaker\'s name.',
      pattern: /\b(?:(me|myself)|(my|mine))\b/gi,
      effect: {
        kind: "name",
        write: (m, c) => (c.speaker ? (m[1] ? c.speaker : possessive(c.speaker)) : m[0]),
      },
      examples: [{ text: "Send my statements to me.", expect: "Send Priya's statements to Priya." }],
    },
    {
      id: "client-we",
      matches: '"we", "us", "our" said by one of the client\'s people become the household ("Tom and Ada").',
      pattern: /\b(?:(we)(?:['’](re|ve|ll|d))?|(us)|(our|ours))\b/gi,
      effect: {
        kind: "name",
        saidBy: "client",
        write: (m, c) => {
          if (!c.speakerIsClient || !c.household) return m[0];
          if (m[1]) return m[2] ? `${c.household} ${PLURAL_CONTRACTION[m[2].toLowerCase()]}` : c.household;
          // "our" after the household is already named in the sentence reads "their".
          if (m[4]) {
            const before = m.input.slice(Math.max(0, m.index - OUR_LOOK_BACK), m.index);
            return /\b(?:we|us)\b/i.test(before) ? "their" : possessive(c.household);
          }
          return c.household;
        },
      },
      examples: [
        { text: "We're selling our cabin.", expect: "Tom and Ada are selling their cabin." },
        { text: "The bank sent us our statement.", expect: "The bank sent Tom and Ada their statement." },
      ],
    },
    {
      id: "you-your",
      matches: '"you" and "your" become whom they address, the verb agreeing when that is one person.',
      pattern: /\b(?:(you)(?:['’](re|ve|ll|d))?(?:\s+([A-Za-z'’]+))?|(your|yours)|(yourself|yourselves))\b/gi,
      effect: {
        kind: "name",
        write: (m, c) => {
          const who = c.addressee;
          if (!who) return m[0];
          if (m[4]) return possessive(who);
          if (m[5]) return who;
          const contraction = m[2]?.toLowerCase();
          const next = m[3] ?? "";
          if (PLURAL_YOU.has(next.toLowerCase())) return m[0];
          if (contraction) {
            const verb = c.addresseePlural ? PLURAL_CONTRACTION[contraction] : CONTRACTION[contraction];
            return `${who} ${verb}${next ? ` ${next}` : ""}`;
          }
          const before = m.input.slice(Math.max(0, m.index - LOOK_BACK), m.index);
          if (!next || c.addresseePlural || !SUBJECT_BEFORE.test(before)) return `${who}${next ? ` ${next}` : ""}`;
          const verb = agreeVerb(next);
          return verb === null ? m[0] : `${who} ${verb}`;
        },
      },
      examples: [
        { text: "Your pension starts at 65.", expect: "Tom and Ada's pension starts at 65." },
        { text: "So you're fine on cash.", expect: "So Tom and Ada are fine on cash." },
      ],
    },
  ],
});

/** The examples' meeting: Priya Okafor advises Tom and Ada Lind; the client examples are said by Ada. */
export function exampleContext(saidBy: "client" | "advisor" = "advisor"): NoteContext {
  const firstNames = new Set(["priya", "tom", "ada"]);
  return saidBy === "client"
    ? {
        speaker: "Ada",
        speakerIsClient: true,
        addressee: null,
        addresseePlural: false,
        household: "Tom and Ada",
        firstNames,
      }
    : {
        speaker: "Priya",
        speakerIsClient: false,
        addressee: "Tom and Ada",
        addresseePlural: true,
        household: null,
        firstNames,
      };
}

/** Applies one rule over the text: each match replaced by its effect, left to right (every pattern is global). */
export function applyRule(rule: NoteRule, text: string, context: NoteContext): string {
  const pattern = rule.pattern as RegExp;
  let out = "";
  let from = 0;
  for (const match of text.matchAll(pattern)) {
    out += text.slice(from, match.index) + rule.effect.write(match as RegExpExecArray, context);
    from = match.index + match[0].length;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Every rule in order. */
export function applyNoteRules(text: string, context: NoteContext): string {
  let out = text;
  for (const rule of noteRules.rules) out = applyRule(rule, out, context);
  // A dropped aside can leave two spaces: one pass closes them.
  out = out.replace(/ {2,}/g, " ");
  return out.charAt(0).toUpperCase() + out.slice(1);
}
