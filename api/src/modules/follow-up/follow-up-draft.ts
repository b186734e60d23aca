import type { StoredActionItem } from "@cm/db/queries/summaries";
import {
  describeActionItem,
  formatDocumentDate,
  formatNextMeetingDate,
  formatNextMeetingWhen,
  type MeetingDocument,
} from "../export/meeting-document";
import { advisorNames, assigneeRole, inAdvisorVoice, type Voice } from "./advisor-voice";
import { clientPeople } from "./client-people";

/** The first `n` sentences of a summary (split on ". ", as the meeting lists do): the draft's short recap. */
function firstSentences(text: string, n: number): string {
  const parts = text.trim().split(". ");
  return parts.length > n ? `${parts.slice(0, n).join(". ")}.` : text.trim();
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** A title that already opens with "Follow-up" (or "Follow up", "Followup") is not prefixed again. */
const ALREADY_FOLLOW_UP = /^follow[- ]?up\b/i;

/** "Follow-up: Quarterly review (March 10, 2026)"; a title that is already a follow-up keeps its own words. */
export function followUpSubject(title: string, day: string): string {
  const name = oneLine(title);
  return ALREADY_FOLLOW_UP.test(name) ? `${name} (${day})` : `Follow-up: ${name} (${day})`;
}

/** An action item as the advisor writes it to the client: the task in their voice, the due date after it. */
function ownTask(item: StoredActionItem, voice: Voice): string {
  const task = oneLine(inAdvisorVoice(item.task, voice));
  return item.dueDate ? `${task} (by ${formatNextMeetingDate(item.dueDate)})` : task;
}

/** The action items split by who does them: the advisor ("I"), the client ("you"), anyone else by name. */
function actionItemLines(items: StoredActionItem[], voice: Voice): string[] {
  const lines: string[] = [];
  const mine = items.filter((item) => assigneeRole(item.assignee, voice) === "advisor");
  const yours = items.filter((item) => assigneeRole(item.assignee, voice) === "client");
  const others = items.filter((item) => assigneeRole(item.assignee, voice) === "other");
  if (mine.length) lines.push("## What I will do", "", ...mine.map((item) => `- ${ownTask(item, voice)}`), "");
  if (yours.length) lines.push("## What you will do", "", ...yours.map((item) => `- ${ownTask(item, voice)}`), "");
  if (others.length) {
    const described = others.map((item) => describeActionItem({ ...item, task: inAdvisorVoice(item.task, voice) }));
    lines.push("## Other next steps", "", ...described.map((line) => `- ${oneLine(line)}`), "");
  }
  return lines;
}

/**
 * The follow-up draft, in the advisor's own voice (the summary's "Morgan will send…" becomes "I will send you…"):
 * greeting, short recap, decisions and key points, what I will do, what you will do and anyone else's steps, the
 * next meeting, a closing with the advisor's name. Plain markdown the advisor edits before sending. `speakers` are
 * the transcript's: a household's people among them are "you" too.
 */
export function composeFollowUp(
  doc: MeetingDocument,
  advisorName: string,
  speakers: string[] = [],
): { subject: string; body: string } {
  const day = formatDocumentDate(doc.date);
  const advisor = advisorNames(advisorName);
  const voice: Voice = {
    advisor,
    client: [oneLine(doc.clientName)],
    people: clientPeople(doc.clientName, speakers, advisor),
  };
  const lines = [`Hello ${oneLine(doc.clientName)},`, ""];
  lines.push(`Thank you for meeting with me on ${day}. Here is a short recap of our conversation.`, "");
  const summary = doc.executiveSummary?.trim();
  if (summary) lines.push("## Recap", "", oneLine(inAdvisorVoice(firstSentences(summary, 3), voice)), "");
  const points = [...doc.decisions, ...doc.keyPoints];
  if (points.length) {
    const pointLines = points.map((point) => `- ${oneLine(inAdvisorVoice(point, voice))}`);
    lines.push("## Decisions and key points", "", ...pointLines, "");
  }
  lines.push(...actionItemLines(doc.actionItems, voice));
  const next = doc.nextMeeting;
  if (next?.date || next?.topics.length) {
    lines.push("## Next meeting", "");
    if (next.date)
      lines.push(`We plan to meet again on ${oneLine(formatNextMeetingWhen({ ...next, date: next.date }))}.`);
    if (next.topics.length) lines.push(`Topics to include: ${next.topics.map(oneLine).join(", ")}.`);
    lines.push("");
  }
  lines.push("Please let me know if anything is missing or needs correcting.", "", "Best regards,", advisorName);
  return { subject: followUpSubject(doc.title, day), body: lines.join("\n") };
}
