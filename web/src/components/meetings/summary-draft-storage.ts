// Unsaved Edit notes, kept in sessionStorage per account and meeting, so a reload, a link followed anyway or the
// browser's back button loses nothing. Session storage rather than local: client matters do not stay on a shared
// computer after the tab is closed (closing it asks first, as the form is guarded by `beforeunload`).

import { isRecord, tabStorage } from "../../lib/tab-storage";
import { type DraftPart, partsChanged, type SummaryDraft } from "./summary-draft";

interface StoredDraft {
  /** The notes as the server had them when the advisor began these edits. */
  base: SummaryDraft;
  /** The form as the advisor left it. */
  form: SummaryDraft;
  /** ISO time of the last change. */
  savedAt: string;
}

/** What a stored draft gives back against the notes the server has now. */
export interface RestoredDraft {
  form: SummaryDraft;
  savedAt: Date;
  /** Parts the advisor edited that were also changed on the server since (their edit is what the form shows). */
  conflicts: DraftPart[];
  /** Parts changed on the server that the advisor had not edited (the form shows the server's new version). */
  updated: DraftPart[];
}

const keyOf = (userId: number, meetingId: number) => `cm:summary-draft:${userId}:${meetingId}`;

const isText = (v: unknown): v is string => typeof v === "string";
const isPointList = (v: unknown) => Array.isArray(v) && v.every((p) => isRecord(p) && isText(p.text));
const isItemList = (v: unknown) =>
  Array.isArray(v) && v.every((i) => isRecord(i) && isText(i.task) && isText(i.assignee) && isText(i.dueDate));

/** Anything not shaped like the form (an older version, a hand edit) is ignored rather than shown broken. */
function isDraft(v: unknown): v is SummaryDraft {
  return (
    isRecord(v) &&
    isText(v.executiveSummary) &&
    isPointList(v.keyPoints) &&
    isPointList(v.decisions) &&
    isItemList(v.actionItems) &&
    [v.nextDate, v.nextSaidDate, v.nextTime, v.nextTopics].every(isText)
  );
}

function readStored(userId: number, meetingId: number): StoredDraft | null {
  const raw = tabStorage()?.getItem(keyOf(userId, meetingId));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed) || !isDraft(parsed.base) || !isDraft(parsed.form) || !isText(parsed.savedAt)) return null;
    return { base: parsed.base, form: parsed.form, savedAt: parsed.savedAt };
  } catch {
    return null;
  }
}

export function hasSummaryDraft(userId: number, meetingId: number): boolean {
  return readStored(userId, meetingId) !== null;
}

export function saveSummaryDraft(userId: number, meetingId: number, base: SummaryDraft, form: SummaryDraft) {
  const stored: StoredDraft = { base, form, savedAt: new Date().toISOString() };
  try {
    tabStorage()?.setItem(keyOf(userId, meetingId), JSON.stringify(stored));
  } catch {
    // Quota or privacy mode: the leave guard still asks before the edits go.
  }
}

export function clearSummaryDraft(userId: number, meetingId: number) {
  try {
    tabStorage()?.removeItem(keyOf(userId, meetingId));
  } catch {
    // nothing to clear
  }
}

/**
 * The stored draft laid over the notes as they are now: a part the advisor edited keeps the edit, a part they did
 * not touch shows the server's current version (so restoring never silently undoes a change made elsewhere), and
 * both lists say which parts the server changed. Null when there is no draft or it holds no edit.
 */
export function restoreSummaryDraft(userId: number, meetingId: number, current: SummaryDraft): RestoredDraft | null {
  const stored = readStored(userId, meetingId);
  if (!stored) return null;
  const edited = new Set(partsChanged(stored.base, stored.form));
  if (!edited.size) return null;
  const changedOnServer = partsChanged(stored.base, current);
  const form = { ...current };
  for (const part of edited) Object.assign(form, pickPart(stored.form, part));
  const savedAt = new Date(stored.savedAt);
  return {
    form,
    savedAt: Number.isNaN(savedAt.getTime()) ? new Date() : savedAt,
    conflicts: changedOnServer.filter((part) => edited.has(part)),
    updated: changedOnServer.filter((part) => !edited.has(part)),
  };
}

/** The draft's fields that make up one part. */
function pickPart(draft: SummaryDraft, part: DraftPart): Partial<SummaryDraft> {
  if (part !== "nextMeeting") return { [part]: draft[part] };
  const { nextDate, nextSaidDate, nextTime, nextTopics } = draft;
  return { nextDate, nextSaidDate, nextTime, nextTopics };
}
