// The follow-up e-mail's checks (issue 38, "The follow-up e-mail offline"): a draft sent under the advisor's name
// holds no question, no quotation, no "Unassigned", no account, card, routing or social security number unmasked
// (a run of 6 or more digits), and no first-person sentence that someone outside the advisor's firm said (the
// client's words in the advisor's mouth). Shapes only; no rule of the product is used.

export const FOLLOW_UP_CHECKS = [
  "question mark",
  "quotation marks",
  "Unassigned",
  "unmasked number",
  "someone else's first person",
] as const;
export type FollowUpCheck = (typeof FOLLOW_UP_CHECKS)[number];

/** A transcript segment as GET /api/meetings/{id} returns it. */
export interface Segment {
  speaker: string | null;
  text: string;
}

/** Link targets and bare addresses out: a meeting link's "?t=" is not a question. */
const withoutLinks = (body: string) => body.replace(/\]\([^)\s]*\)/g, "]").replace(/\bhttps?:\/\/\S+/g, "");

/** Double quotation marks of any script; single ones are left, since ’ is also the apostrophe. */
const QUOTATION = /["“”„«»]/;

/** Card-like groups of four joined by spaces, else digits joined by hyphens (SSN, account numbers). */
const DIGIT_RUN = /\b\d{4}(?: \d{4})+\b|\d+(?:-\d+)*/g;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A telephone number (555-0143, 212-555-0143) is someone's line, not an account, card, routing or SSN. */
const PHONE = /^(?:\d{3}-)?\d{3}-\d{4}$/;

/** Digit runs of 6 or more digits shown whole (an ISO day, a phone number and a dollar amount are not masked). */
export function unmaskedNumbers(body: string): string[] {
  const text = withoutLinks(body);
  const found: string[] = [];
  for (const match of text.matchAll(DIGIT_RUN)) {
    const run = match[0];
    const digits = run.replace(/\D/g, "").length;
    if (digits < 6 || ISO_DAY.test(run) || PHONE.test(run)) continue;
    if (text[(match.index ?? 0) - 1] === "$") continue;
    found.push(run);
  }
  return found;
}

const FIRST_PERSON = new Set([
  "i",
  "i'm",
  "i'll",
  "i've",
  "i'd",
  "me",
  "my",
  "mine",
  "we",
  "we're",
  "we'll",
  "we've",
  "we'd",
  "us",
  "our",
]);

/** Lower-case words (letters, digits, apostrophes), one space apart: the form both sides are compared in. */
export const normalise = (text: string) =>
  (
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[\p{L}\p{N}']+/gu) ?? []
  ).join(" ");

/** Sentences of the body: lines apart, then a stop followed by a space. */
const bodySentences = (body: string) =>
  withoutLinks(body)
    .split(/\n+|(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Consecutive segments of one speaker joined into a turn, normalised. */
function turns(segments: Segment[]): { speaker: string | null; text: string }[] {
  const out: { speaker: string | null; text: string }[] = [];
  for (const segment of segments) {
    const last = out[out.length - 1];
    const text = normalise(segment.text);
    if (last && last.speaker === segment.speaker) last.text += ` ${text}`;
    else out.push({ speaker: segment.speaker, text });
  }
  return out;
}

/**
 * Sentences of the draft in the first person ("I", "my", "we", "our"...) of at least three words that are found
 * word for word in a turn of a speaker outside the firm (`isFirmSpeaker` false). A turn without a speaker (a
 * speakerless SRT) is nobody's: not counted.
 */
export function othersFirstPerson(body: string, segments: Segment[], isFirmSpeaker: (speaker: string) => boolean) {
  const outside = turns(segments).filter((t) => t.speaker !== null && !isFirmSpeaker(t.speaker));
  return bodySentences(body).filter((sentence) => {
    const words = normalise(sentence);
    const list = words.split(" ");
    if (list.length < 3 || !list.some((word) => FIRST_PERSON.has(word))) return false;
    return outside.some((turn) => ` ${turn.text} `.includes(` ${words} `));
  });
}

export interface FollowUpResult {
  passed: boolean;
  failed: FollowUpCheck[];
  /** The text that failed each check, so a report can show it. */
  evidence: Partial<Record<FollowUpCheck, string[]>>;
}

/** Every check on one draft; a meeting without a draft (null) fails as "no draft". */
export function checkFollowUp(
  body: string,
  segments: Segment[],
  isFirmSpeaker: (speaker: string) => boolean,
): FollowUpResult {
  const text = withoutLinks(body);
  const lines = bodySentences(body);
  const evidence: FollowUpResult["evidence"] = {
    "question mark": lines.filter((line) => line.includes("?")),
    "quotation marks": lines.filter((line) => QUOTATION.test(line)),
    Unassigned: lines.filter((line) => /\bunassigned\b/i.test(line)),
    "unmasked number": unmaskedNumbers(text),
    "someone else's first person": othersFirstPerson(body, segments, isFirmSpeaker),
  };
  const failed = FOLLOW_UP_CHECKS.filter((check) => (evidence[check] ?? []).length > 0);
  for (const check of FOLLOW_UP_CHECKS) if (!failed.includes(check)) delete evidence[check];
  return { passed: failed.length === 0, failed, evidence };
}

/** Name words shared with the firm's people ("Ruth", "Marcus Pruitt (Guest)", "Dale's iPhone" split to words). */
export function firmSpeaker(firmNames: string[]): (speaker: string) => boolean {
  const words = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const firm = new Set(firmNames.flatMap(words));
  return (speaker) => words(speaker).some((word) => firm.has(word));
}
