import { clientLabel } from "@cm/ai/local";
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
 * The follow-up draft, written by the advisor to the client in the first person: thanks for the meeting and what it
 * was about, what we agreed (the decisions), the key points, what I will do, what you will do and anyone else's
 * steps, the next meeting, a closing with the advisor's name. The notes' third person becomes "I" and "you" where the
 * draft knows the names ("Morgan will send…" → "I will send…"); the executive summary, a narrator's account of the
 * meeting, is not copied into it. Plain markdown the advisor edits before sending. `speakers` are the transcript's: a
 * household's people among them are "you" too.
 */
export function composeFollowUp(
  doc: MeetingDocument,
  advisorName: string,
  speakers: string[] = [],
): { subject: string; body: string } {
  const day = formatDocumentDate(doc.date);
  const advisor = advisorNames(advisorName);
  const household = clientLabel(oneLine(doc.clientName), speakers).label;
  const voice: Voice = {
    advisor,
    client: [oneLine(doc.clientName), ...(household !== "the client" ? [household] : [])],
    people: clientPeople(doc.clientName, speakers, advisor),
  };
  const title = oneLine(doc.title).replace(/(?<![.\s])[.\s]+$/, "");
  const lines = [`Hello ${oneLine(doc.clientName)},`, ""];
  lines.push(`Thank you for meeting with me on ${day}${title ? ` about ${title}` : ""}.`);
  lines.push(
    `${doc.decisions.length ? "Here is what we agreed, " : "Here are "}the main points and the next steps.`,
    "",
  );
  const voiced = (text: string) => `- ${oneLine(inAdvisorVoice(text, voice))}`;
  if (doc.decisions.length) lines.push("## What we agreed", "", ...doc.decisions.map(voiced), "");
  if (doc.keyPoints.length) lines.push("## Key points", "", ...doc.keyPoints.map(voiced), "");
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
