// How an answer cites: a meeting by its title and day, a sentence at its moment in the recording, and transcript words
// made safe for markdown.
import { format, parseISO } from "date-fns";
import type { Evidence } from "../answer-types";

/** "2026-11-30" written as a person reads it ("November 30, 2026"); an impossible date is left as written. */
export function readableDates(text: string): string {
  return text.replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, (iso) => {
    const date = parseISO(iso);
    return Number.isNaN(date.getTime()) ? iso : format(date, "MMMM d, yyyy");
  });
}

/** A quote as shown: markdown-safe, its dates readable. */
export const quoteText = (text: string) => escapeMarkdown(readableDates(text));

/** Markdown-safe text: transcript words can never become links, images or HTML in an answer. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>!#|]/g, (c) => `\\${c}`).replace(/\n+/g, " ");
}

export const day = (d: Date) => format(d, "MMMM d, yyyy");
export const citation = (m: { id: number; title: string; date: Date }) =>
  `[${escapeMarkdown(m.title)} (${day(m.date)})](/meetings/${m.id})`;

/** "12:34" or "1:02:03": a moment in a recording. */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/** The meeting page at the moment a sentence was said (`/meetings/{id}?t=SECONDS`), or the page itself. */
export const momentHref = (e: Pick<Evidence, "meetingId" | "seconds">) =>
  e.seconds === null ? `/meetings/${e.meetingId}` : `/meetings/${e.meetingId}?t=${e.seconds}`;

/** The citation of a sentence: meeting title and date, linking to the moment it was said. */
export const momentCitation = (e: Pick<Evidence, "meetingId" | "title" | "date" | "seconds">) =>
  `[${escapeMarkdown(e.title)} (${day(e.date)})${e.seconds === null ? "" : ` at ${clockTime(e.seconds)}`}](${momentHref(e)})`;
