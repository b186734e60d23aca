import {
  describeActionItem,
  formatDocumentDate,
  formatNextMeetingWhen,
  type MeetingDocument,
} from "../export/meeting-document";

/** The first `n` sentences of a summary (split on ". ", as the meeting lists do): the draft's short recap. */
function firstSentences(text: string, n: number): string {
  const parts = text.trim().split(". ");
  return parts.length > n ? `${parts.slice(0, n).join(". ")}.` : text.trim();
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The follow-up draft: greeting, short recap, decisions and key points, action items with owners and dates, the
 * next meeting, a closing with the advisor's name. Plain markdown the advisor edits before sending.
 */
export function composeFollowUp(doc: MeetingDocument, advisorName: string): { subject: string; body: string } {
  const day = formatDocumentDate(doc.date);
  const lines = [`Hello ${oneLine(doc.clientName)},`, ""];
  lines.push(`Thank you for meeting with me on ${day}. Here is a short recap of our conversation.`, "");
  const summary = doc.executiveSummary?.trim();
  if (summary) lines.push("## Recap", "", oneLine(firstSentences(summary, 3)), "");
  const points = [...doc.decisions, ...doc.keyPoints];
  if (points.length) lines.push("## Decisions and key points", "", ...points.map((point) => `- ${oneLine(point)}`), "");
  if (doc.actionItems.length) {
    lines.push("## Action items", "", ...doc.actionItems.map((item) => `- ${oneLine(describeActionItem(item))}`), "");
  }
  const next = doc.nextMeeting;
  if (next?.date || next?.topics.length) {
    lines.push("## Next meeting", "");
    if (next.date)
      lines.push(`We plan to meet again on ${oneLine(formatNextMeetingWhen({ ...next, date: next.date }))}.`);
    if (next.topics.length) lines.push(`Topics to include: ${next.topics.map(oneLine).join(", ")}.`);
    lines.push("");
  }
  lines.push("Please let me know if anything is missing or needs correcting.", "", "Best regards,", advisorName);
  return { subject: `Follow-up: ${oneLine(doc.title)} (${day})`, body: lines.join("\n") };
}
