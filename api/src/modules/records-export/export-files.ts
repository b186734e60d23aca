// The files of an export, each rendered from one record: a transcript as text and WebVTT, sent e-mails as .eml, trail
// rows as CSV. Linear in what they render.

export interface ExportSegment {
  start: number | null;
  end: number | null;
  speaker: string | null;
  text: string;
}

/** Stored segments (JSON of any age) read defensively: what has text. */
export function readSegments(segments: unknown[]): ExportSegment[] {
  const turns: ExportSegment[] = [];
  for (const value of segments) {
    const segment = value as { start?: unknown; end?: unknown; speaker?: unknown; text?: unknown };
    if (typeof segment.text !== "string" || !segment.text.trim()) continue;
    const time = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null);
    turns.push({
      start: time(segment.start),
      end: time(segment.end),
      speaker: typeof segment.speaker === "string" && segment.speaker.trim() ? segment.speaker.trim() : null,
      text: segment.text.trim(),
    });
  }
  return turns;
}

/** The transcript as plain text: the stored text as it is, or its turns one a line when there is none. */
export function transcriptText(fullText: string, segments: ExportSegment[]): string {
  if (fullText.trim()) return fullText.endsWith("\n") ? fullText : `${fullText}\n`;
  return segments.map((s) => (s.speaker ? `${s.speaker}: ${s.text}\n` : `${s.text}\n`)).join("");
}

/** 00:01:02.345 */
function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** Cue text may not hold "-->", "&" or "<" as such (W3C WebVTT, cue text escapes), nor a blank line. */
const escapeCue = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .join("\n");

/**
 * The transcript as WebVTT: a cue per turn with its times and speaker (`<v Name>`). Turns without times follow the
 * last known time; a transcript without turns is one cue over the meeting's length.
 */
export function transcriptVtt(fullText: string, segments: ExportSegment[], durationSeconds: number | null): string {
  const cues: string[] = ["WEBVTT", ""];
  const turns: ExportSegment[] = segments.length
    ? segments
    : fullText.trim()
      ? [{ start: 0, end: durationSeconds ?? 0, speaker: null, text: fullText.trim() }]
      : [];
  let last = 0;
  for (const turn of turns) {
    const start = turn.start ?? last;
    const end = Math.max(start, turn.end ?? start);
    last = end;
    const voice = turn.speaker ? `<v ${escapeCue(turn.speaker).replaceAll("\n", " ")}>` : "";
    cues.push(`${vttTime(start)} --> ${vttTime(end)}`, `${voice}${escapeCue(turn.text)}`, "");
  }
  return `${cues.join("\n")}\n`;
}

/** A header value on one line (RFC 5322 forbids bare line breaks in a header), non-ASCII as an encoded word. */
function headerValue(value: string): string {
  const line = value.replace(/[\r\n]+/g, " ");
  if (/^[\x20-\x7e]*$/.test(line)) return line;
  return `=?UTF-8?B?${Buffer.from(line, "utf8").toString("base64")}?=`;
}

export interface SentEmail {
  from: string | null;
  to: string[];
  subject: string;
  sentAt: Date;
  text: string;
  html?: string | null;
  messageId?: string | null;
}

/** An e-mail as sent, in RFC 5322 form (.eml): plain text, with the HTML part when it was kept. */
export function emailMessage(email: SentEmail): string {
  const headers = [
    `Date: ${email.sentAt.toUTCString().replace("GMT", "+0000")}`,
    ...(email.from ? [`From: ${headerValue(email.from)}`] : []),
    `To: ${headerValue(email.to.join(", "))}`,
    `Subject: ${headerValue(email.subject)}`,
    ...(email.messageId ? [`Message-ID: ${headerValue(email.messageId)}`] : []),
    "MIME-Version: 1.0",
  ];
  const base64 = (text: string) =>
    (
      Buffer.from(text, "utf8")
        .toString("base64")
        .match(/.{1,76}/g) ?? []
    ).join("\r\n");
  if (!email.html) {
    return [
      ...headers,
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: base64",
      "",
      base64(email.text),
      "",
    ].join("\r\n");
  }
  const boundary = `cm-${crypto.randomUUID()}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    base64(email.text),
    `--${boundary}`,
    "Content-Type: text/html; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    base64(email.html),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a leading =+-@ is defused. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text =
    value instanceof Date ? value.toISOString() : typeof value === "object" ? JSON.stringify(value) : String(value);
  // Spreadsheets run a cell starting with these as a formula (CSV injection): a leading quote keeps it text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (fields: unknown[]) => `${fields.map(csvField).join(",")}\r\n`;

/** A name safe in a zip path: letters, digits and dashes, at most 60 characters. */
export function pathSlug(text: string): string {
  const dashed = text
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .toLowerCase();
  // Runs of dashes are single here: at most one to drop at each end.
  const trimmed = dashed.slice(dashed.startsWith("-") ? 1 : 0, dashed.endsWith("-") ? -1 : undefined);
  return trimmed.slice(0, 60) || "untitled";
}
