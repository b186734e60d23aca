// Rewriting a spoken sentence into a note, as a table of rules: each has an id, a pattern, an effect and examples
// in our own words (the examples are the tests: note-rules.test.ts runs every rule on its examples, and
// docs/notes-engine.md lists the table). The rules run in order on a sentence that has already lost its opening
// fillers, stutters and corrected figures and has its spoken numbers written as figures (see write-note.ts).
// Every pattern is a plain alternation or a bounded run read from a word boundary, with no nested quantifier, and
// every effect looks at a bounded number of words: each rule is one linear pass over the sentence.

import { AGREEING_VERBS, FILLER_ASIDES, INNER_ADVERBS, TAG_QUESTIONS, YOU_PLURAL } from "./note-words";

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

export interface NoteRule {
  id: string;
  /** What the rule does, in a line (the docs' rule list is written from it). */
  says: string;
  pattern: RegExp;
  /** The text that replaces a match; the match itself to leave it. */
  effect: (match: RegExpExecArray, context: NoteContext) => string;
  /** [said, noted] pairs in our own words; a third item names the speaker role ("client") when it matters. */
  examples: [string, string, ("client" | "advisor")?][];
}

const FILLERS = FILLER_ASIDES.join("|");
const TAGS = TAG_QUESTIONS.join("|");
const ADVERBS = INNER_ADVERBS.join("|");

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
/** Characters looked back over for what comes before a "you". */
const LOOK_BACK = 12;

const possessive = (name: string) => (name.endsWith("s") ? `${name}'` : `${name}'s`);

export const NOTE_RULES: NoteRule[] = [
  {
    id: "drop-vocative-opening",
    says: 'A speaker\'s name said to address them ("Tom, …") is not part of the note.',
    pattern: /^(\p{Lu}\p{Ll}+),\s+(\S)/u,
    effect: (m, c) => (c.firstNames.has(m[1]!.toLowerCase()) ? m[2]!.toUpperCase() : m[0]),
    examples: [["Ada, the roof cost 14,000.", "The roof cost 14,000."]],
  },
  {
    id: "drop-vocative-closing",
    says: 'A name said at the end to address someone ("…, Tom?") goes.',
    pattern: /,\s*(\p{Lu}\p{Ll}+)(?=[.?!]$)/u,
    effect: (m, c) => (c.firstNames.has(m[1]!.toLowerCase()) ? "" : m[0]),
    examples: [["The lease ends in March, Tom.", "The lease ends in March."]],
  },
  {
    id: "drop-filler-opening",
    says: 'A filler opening the sentence, set off by a comma ("Honestly, …"), goes.',
    pattern: new RegExp(`^(?:${FILLERS}),\\s+(\\S)`, "i"),
    effect: (m) => m[1]!.toUpperCase(),
    examples: [["Honestly, the fees are too high.", "The fees are too high."]],
  },
  {
    id: "drop-filler-aside",
    says: 'Fillers and asides set off by commas ("you know", "I mean", "honestly") go.',
    pattern: new RegExp(`,\\s*(?:${FILLERS})(?:,\\s*|(?=[.!?]|$))`, "gi"),
    effect: (m) => (m[0].trimEnd().endsWith(",") ? " " : ""),
    examples: [
      ["The boat is, you know, worth 30,000.", "The boat is worth 30,000."],
      ["It pays 4.5%, honestly.", "It pays 4.5%."],
    ],
  },
  {
    id: "tag-question-to-statement",
    says: 'A statement checked with a tag ("…, right?") is noted as the statement.',
    pattern: new RegExp(`,\\s*(?:${TAGS})\\?$`, "i"),
    effect: () => ".",
    examples: [["The loan is at 3.1%, right?", "The loan is at 3.1%."]],
  },
  {
    id: "trailing-dots",
    says: "A sentence that trails off in dots ends with a full stop.",
    pattern: /\s*(?:\.{2,}|…)$/,
    effect: () => ".",
    examples: [["The pension is 2,100 a month...", "The pension is 2,100 a month."]],
  },
  {
    id: "i-contraction",
    says: '"I\'m", "I\'ll", "I\'ve", "I\'d" become the speaker\'s name with the verb.',
    pattern: /\bI['’](m|ll|ve|d)\b/g,
    effect: (m, c) => (c.speaker ? `${c.speaker} ${CONTRACTION[m[1]!.toLowerCase()]}` : m[0]),
    examples: [["I'll send the forms Friday.", "Priya will send the forms Friday."]],
  },
  {
    id: "i-with-verb",
    says: '"I" becomes the speaker\'s name, the verb after it agreeing ("I think" → "Priya thinks").',
    pattern: new RegExp(`\\bI\\s+(?:(${ADVERBS})\\s+)?([A-Za-z'’]+)`, "g"),
    effect: (m, c) => {
      if (!c.speaker) return m[0];
      const verb = agreeVerb(m[2]!);
      return verb === null ? m[0] : `${c.speaker} ${m[1] ? `${m[1]} ` : ""}${verb}`;
    },
    examples: [
      ["I want the bonds kept.", "Priya wants the bonds kept."],
      ["I already have the deed.", "Priya already has the deed."],
    ],
  },
  {
    id: "me-my",
    says: '"me", "my", "mine", "myself" become the speaker\'s name.',
    pattern: /\b(?:(me|myself)|(my|mine))\b/gi,
    effect: (m, c) => (c.speaker ? (m[1] ? c.speaker : possessive(c.speaker)) : m[0]),
    examples: [["Send my statements to me.", "Send Priya's statements to Priya."]],
  },
  {
    id: "client-we",
    says: '"we", "us", "our" said by one of the client\'s people become the household ("Tom and Ada").',
    pattern: /\b(?:(we)(?:['’](re|ve|ll|d))?|(us)|(our|ours))\b/gi,
    effect: (m, c) => {
      if (!c.speakerIsClient || !c.household) return m[0];
      if (m[1]) return m[2] ? `${c.household} ${PLURAL_CONTRACTION[m[2].toLowerCase()]}` : c.household;
      // "our" after the household is already named in the sentence reads "their".
      if (m[4]) return /\b(?:we|us)\b/i.test(m.input.slice(0, m.index)) ? "their" : possessive(c.household);
      return c.household;
    },
    examples: [
      ["We're selling our cabin.", "Tom and Ada are selling their cabin.", "client"],
      ["The bank sent us our statement.", "The bank sent Tom and Ada their statement.", "client"],
    ],
  },
  {
    id: "you-your",
    says: '"you" and "your" become whom they address, the verb agreeing when that is one person.',
    pattern: /\b(?:(you)(?:['’](re|ve|ll|d))?(?:\s+([A-Za-z'’]+))?|(your|yours)|(yourself|yourselves))\b/gi,
    effect: (m, c) => {
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
    examples: [
      ["Your pension starts at 65.", "Tom and Ada's pension starts at 65."],
      ["So you're fine on cash.", "So Tom and Ada are fine on cash."],
    ],
  },
];

/** Applies one rule over the text: each match replaced by its effect, left to right. */
export function applyRule(rule: NoteRule, text: string, context: NoteContext): string {
  const pattern = new RegExp(
    rule.pattern.source,
    rule.pattern.flags.includes("g") ? rule.pattern.flags : `${rule.pattern.flags}g`,
  );
  let out = "";
  let from = 0;
  for (const match of text.matchAll(pattern)) {
    out += text.slice(from, match.index) + rule.effect(match as RegExpExecArray, context);
    from = match.index + match[0].length;
    if (!rule.pattern.flags.includes("g")) break;
  }
  return (out + text.slice(from)).replace(/ {2,}/g, " ");
}

/** Every rule in order. */
export function applyNoteRules(text: string, context: NoteContext): string {
  let out = text;
  for (const rule of NOTE_RULES) out = applyRule(rule, out, context);
  return out.charAt(0).toUpperCase() + out.slice(1);
}
