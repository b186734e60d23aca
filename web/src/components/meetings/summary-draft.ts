import type { MeetingDetail, SummaryPatchBody, SummaryPoint } from "@cm/api/models";
import type { DraftActionItem } from "./action-items-editor";

export type Summary = NonNullable<MeetingDetail["summary"]>;

/** What the Edit notes form holds: every part as the advisor is writing it. */
export interface SummaryDraft {
  executiveSummary: string;
  keyPoints: SummaryPoint[];
  decisions: SummaryPoint[];
  actionItems: DraftActionItem[];
  nextDate: string;
  /** A date said in words the summary could not make a day of ("early spring"): kept until a day replaces it. */
  nextSaidDate: string;
  nextTime: string;
  /** One topic a line. */
  nextTopics: string;
}

const isDay = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date);

export function draftOf(summary: Summary): SummaryDraft {
  const said = summary.nextMeeting?.date?.trim() ?? "";
  return {
    executiveSummary: summary.executiveSummary,
    keyPoints: summary.keyPoints,
    decisions: summary.decisions,
    actionItems: summary.actionItems.map((item) => ({
      ...(item.id === undefined ? {} : { id: item.id }),
      task: item.task,
      assignee: item.assignee,
      dueDate: item.dueDate ?? "",
    })),
    // A date the summary could not resolve stays free text in the API; the date field takes yyyy-MM-dd only.
    nextDate: isDay(said) ? said : "",
    nextSaidDate: isDay(said) ? "" : said,
    nextTime: summary.nextMeeting?.time ?? "",
    nextTopics: (summary.nextMeeting?.topics ?? []).join("\n"),
  };
}

/** The form's parts as they are saved: the next meeting's four fields are one part. */
export const DRAFT_PARTS = {
  executiveSummary: (draft: SummaryDraft) => draft.executiveSummary,
  keyPoints: (draft: SummaryDraft) => draft.keyPoints,
  decisions: (draft: SummaryDraft) => draft.decisions,
  actionItems: (draft: SummaryDraft) => draft.actionItems,
  nextMeeting: (draft: SummaryDraft) => [draft.nextDate, draft.nextSaidDate, draft.nextTime, draft.nextTopics],
} as const;
export type DraftPart = keyof typeof DRAFT_PARTS;

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The parts where two drafts differ, in the form's order. */
export function partsChanged(before: SummaryDraft, after: SummaryDraft): DraftPart[] {
  return (Object.keys(DRAFT_PARTS) as DraftPart[]).filter(
    (part) => !sameValue(DRAFT_PARTS[part](before), DRAFT_PARTS[part](after)),
  );
}

/** The PATCH body for the parts the advisor changed (so only those count as edited); null when nothing changed. */
export function changesBetween(before: SummaryDraft, after: SummaryDraft): SummaryPatchBody | null {
  const changed = new Set(partsChanged(before, after));
  const change: SummaryPatchBody = {};
  if (changed.has("executiveSummary")) change.executiveSummary = after.executiveSummary;
  if (changed.has("keyPoints")) change.keyPoints = after.keyPoints;
  if (changed.has("decisions")) change.decisions = after.decisions;
  if (changed.has("actionItems")) {
    change.actionItems = after.actionItems.map((item) => ({ ...item, dueDate: item.dueDate || null }));
  }
  if (changed.has("nextMeeting")) {
    const topics = after.nextTopics.split("\n").map((topic) => topic.trim());
    // A day picked replaces the words; otherwise the words go back unchanged, so an edit of the topics keeps them.
    const date = after.nextDate || after.nextSaidDate || null;
    const empty = !date && !after.nextTime && topics.every((topic) => !topic);
    change.nextMeeting = empty ? null : { date, time: after.nextTime || null, topics: topics.filter(Boolean) };
  }
  return Object.keys(change).length ? change : null;
}
