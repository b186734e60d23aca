// Safety net for chat-model answers: whatever the model was talked into writing, the answer keeps no
// images, no raw HTML and no links except citations of meetings the answer was built from.

const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
/** Tags, closing tags, declarations and autolinks (`<https://…>`, `<a@b.c>`). */
const HTML_TAG = /<\/?[A-Za-z!?][^<>]*>/g;
/** `![alt](target)` and `![alt][ref]` / `![alt][]`. */
const IMAGE = /!\[(?:\\.|[^[\]\\])*\](?:\([^)]*\)?|\[[^\]]*\])/g;
/** Innermost `[text](target "title")`; escaped brackets may appear in the text (citations escape titles). */
const INLINE_LINK = /\[((?:\\.|[^[\]\\])*)\]\(([^)]*)\)/g;
/** `[ref]: target` definitions, which would turn `[text][ref]` into a link. */
const REFERENCE_DEFINITION = /^ {0,3}\[(?:\\.|[^[\]\\])+\]:\s*(\S*).*$/;
const MEETING_TARGET = /^\/meetings\/(\d+)$/;
/** Private-use characters standing in for the brackets of a kept citation while links are rewritten. */
const OPEN = "\uE000";
const CLOSE = "\uE001";
const PLACEHOLDERS = /[\uE000\uE001]/g;

function allowedMeetingId(target: string, allowed: ReadonlySet<number>): number | null {
  // Destination may be `<…>`-wrapped and followed by a title: only the destination matters.
  const destination =
    target
      .trim()
      .replace(/^<([^>]*)>.*$/, "$1")
      .split(/\s+/)[0] ?? "";
  const id = MEETING_TARGET.exec(destination)?.[1];
  return id !== undefined && allowed.has(Number(id)) ? Number(id) : null;
}

/** Sanitizes one line (no newline inside). */
function sanitizeLine(line: string, allowed: ReadonlySet<number>): string {
  const definition = REFERENCE_DEFINITION.exec(line);
  if (definition) return allowedMeetingId(definition[1] ?? "", allowed) === null ? "" : line;
  let out = line.replace(PLACEHOLDERS, "").replace(SCRIPT_OR_STYLE, "").replace(HTML_COMMENT, "").replace(HTML_TAG, "");
  // Repeat so images or links nested inside link text are dealt with from the inside out.
  for (let pass = 0; pass < 8; pass++) {
    const next = out.replace(IMAGE, "").replace(INLINE_LINK, (_match, text: string, target: string) => {
      const id = allowedMeetingId(target, allowed);
      // Placeholder brackets keep a kept citation from being re-matched as link text on the next pass.
      return id === null ? text : `${OPEN}${text}${CLOSE}(/meetings/${id})`;
    });
    if (next === out) break;
    out = next;
  }
  return out.replaceAll(OPEN, "[").replaceAll(CLOSE, "]");
}

function toSet(ids: Iterable<number>): ReadonlySet<number> {
  return ids instanceof Set ? ids : new Set(ids);
}

/**
 * Removes markdown images, raw HTML and every link whose target is not `/meetings/<id>` of an allowed
 * meeting (the link text stays). Works line by line, so streaming it per completed line gives the same result.
 */
export function sanitizeAnswerMarkdown(text: string, allowedMeetingIds: Iterable<number>): string {
  const allowed = toSet(allowedMeetingIds);
  return text
    .split("\n")
    .map((line) => sanitizeLine(line, allowed))
    .join("\n");
}

/** Sanitizes streamed text: holds back the partial last line until it is complete (or the stream ends). */
export function createStreamSanitizer(allowedMeetingIds: Iterable<number>) {
  const allowed = toSet(allowedMeetingIds);
  let pending = "";
  return {
    /** Returns the sanitized completed lines of `chunk` (with their newlines), or "" when none completed. */
    push(chunk: string): string {
      pending += chunk;
      const end = pending.lastIndexOf("\n");
      if (end === -1) return "";
      const complete = pending.slice(0, end + 1);
      pending = pending.slice(end + 1);
      return sanitizeAnswerMarkdown(complete, allowed);
    },
    /** The sanitized rest after the stream ended. */
    flush(): string {
      const rest = pending;
      pending = "";
      return rest ? sanitizeAnswerMarkdown(rest, allowed) : "";
    },
  };
}
