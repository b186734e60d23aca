import { escapeMarkdown } from "./markdown-text";
import {
  describeActionItem,
  describeConsent,
  describeReview,
  formatDocumentDate,
  formatNextMeetingWhen,
  formatTimestamp,
  type MeetingDocument,
} from "./meeting-document";

/** One line of inert text for a list item or a heading: line breaks would start new markdown blocks. */
const oneLine = (text: string) => escapeMarkdown(text.replace(/\s+/g, " ").trim());
/** A block of the meeting's own text (summary, notes), every word inert. */
const block = (text: string | null | undefined) => escapeMarkdown(text?.trim() ?? "");

/**
 * The meeting as Markdown: title, client, date, the summary's parts and, when asked for, the advisor's notes and the
 * transcript. Sections without content say so rather than vanish, so every export has the same outline. Every piece
 * of the meeting's text is escaped (markdown-text.ts): the file holds no HTML, link or image of its own.
 */
export function renderMarkdown(doc: MeetingDocument): string {
  const lines: string[] = [`# ${oneLine(doc.title)}`, ""];
  lines.push(`**Client:** ${oneLine(doc.clientName)}  `, `**Date:** ${formatDocumentDate(doc.date)}`, "");
  lines.push(`**${oneLine(describeReview(doc.review))}**`, "");
  lines.push(oneLine(describeConsent(doc.consent)), "");
  lines.push("## Executive Summary", "", block(doc.executiveSummary) || "No summary yet.", "");
  lines.push("## Key Points", "");
  if (doc.keyPoints.length) lines.push(...doc.keyPoints.map((point) => `- ${oneLine(point)}`));
  else lines.push("No key points.");
  if (doc.decisions.length)
    lines.push("", "## Decisions", "", ...doc.decisions.map((decision) => `- ${oneLine(decision)}`));
  lines.push("", "## Action Items", "");
  if (doc.actionItems.length) lines.push(...doc.actionItems.map((item) => `- ${oneLine(describeActionItem(item))}`));
  else lines.push("No action items.");
  lines.push("", "## Next Meeting", "");
  const next = doc.nextMeeting;
  if (next?.date || next?.topics.length) {
    if (next.date) lines.push(`Scheduled for ${oneLine(formatNextMeetingWhen({ ...next, date: next.date }))}  `);
    if (next.topics.length) lines.push(`Topics to include: ${next.topics.map(oneLine).join(", ")}`);
  } else {
    lines.push("No next meeting planned.");
  }
  lines.push("");
  if (doc.notes !== null) lines.push("## My Notes", "", block(doc.notes) || "No notes.", "");
  if (doc.transcript.length) {
    lines.push("## Transcript", "");
    for (const turn of doc.transcript) {
      const at = turn.start === null ? "" : `[${formatTimestamp(turn.start)}] `;
      const who = turn.speaker ? `**${oneLine(turn.speaker)}:** ` : "";
      lines.push(`${at}${who}${block(turn.text)}`, "");
    }
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
