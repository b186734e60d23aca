/**
 * What a follow-up's text may hold. A subject is one header line: every control character (C0, DEL, C1 with U+0085)
 * and the Unicode line and paragraph separators are refused, since some mail software splits headers on them. The
 * body is markdown: tabs and line breaks are fine, other control characters and bare carriage returns are not.
 * Each check is one pass over the text: linear time.
 */
const isControlOrSeparator = (code: number) =>
  code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;

/** Tab and line feed are a body's own; carriage returns are handled before (only as part of "\r\n"). */
const isForbiddenInBody = (code: number) => code !== 0x09 && code !== 0x0a && isControlOrSeparator(code);

/** The first character of `text` that `isForbidden` matches, or undefined. */
function findCharacter(text: string, isForbidden: (code: number) => boolean): string | undefined {
  for (let i = 0; i < text.length; i++) {
    if (isForbidden(text.charCodeAt(i))) return text[i];
  }
  return undefined;
}

/** Describes the first forbidden character as U+XXXX, for a message the advisor can act on. */
function describeCharacter(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** A reason the subject is refused (naming the field), or undefined when it is one clean line. */
export function findSubjectProblem(subject: string): string | undefined {
  const found = findCharacter(subject, isControlOrSeparator);
  if (found === undefined) return undefined;
  return `validation failed: subject must be one line of text without control characters (found ${describeCharacter(found)})`;
}

/** The body with Windows line ends made plain "\n"; a reason naming the field when it holds a control character. */
export function normalizeBody(body: string): { body: string } | { problem: string } {
  const text = body.replaceAll("\r\n", "\n");
  if (text.includes("\r")) return { problem: "validation failed: body has a carriage return that does not end a line" };
  const found = findCharacter(text, isForbiddenInBody);
  if (found !== undefined) {
    return { problem: `validation failed: body has a control character (${describeCharacter(found)})` };
  }
  return { body: text };
}
