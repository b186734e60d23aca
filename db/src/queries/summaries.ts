import type { Sql } from "../client";
import { LIST_ACTION_ITEMS, syncMeetingActionItems } from "./action-items";
import { inTransaction } from "./in-transaction";
import type {
  ActionItemStatus,
  MeetingSummary,
  SummaryActionItem,
  SummaryFact,
  SummaryNextMeeting,
  SummaryPoint,
  SummarySource,
} from "./summary-schema";

// The one owner of the stored summary; its shape is defined once, in ./summary-schema.ts. Since migration 009 its
// parts are jsonb columns: key_points and (migration 022) decisions lists of {text, source?} (key points stored
// earlier are plain strings and read as {text}), action_items a list of {task, assignee, dueDate?, source?},
// next_meeting {date, time?, topics, source?} or null. Everything that writes a summary encodes here and everything
// that reads one decodes here; no other package parses summary JSON. Since migration 013 each action item also
// carries its task's id and status, copied from action_items (./action-items.ts).

export type { ActionItemStatus, SummaryPoint, SummarySource };
export type StoredActionItem = SummaryActionItem;
export type StoredNextMeeting = SummaryNextMeeting;
export type StoredSummary = MeetingSummary;

/** What a writer hands over: points may still be plain strings, and no decisions may be left out. */
export type SummaryToStore = Omit<StoredSummary, "keyPoints" | "decisions"> & {
  keyPoints: (string | SummaryPoint)[];
  decisions?: (string | SummaryPoint)[];
  /** The record of facts the notes were written from (migration 042); absent: none kept. */
  facts?: SummaryFact[];
};
export type { SummaryFact };

const FACT_KINDS = new Set(["decision", "commitment", "figure", "next-meeting", "open-question", "topics", "role"]);
const OPTIONAL_FACT_FIELDS = ["value", "was", "period", "whose", "who", "when"] as const;

/** A stored record of facts; entries of another shape are dropped, and anything else reads as none. */
export function decodeFacts(value: unknown): SummaryFact[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): SummaryFact[] => {
    if (!isRecord(entry) || typeof entry.kind !== "string" || !FACT_KINDS.has(entry.kind)) return [];
    if (typeof entry.subject !== "string" || typeof entry.text !== "string") return [];
    const confidence = typeof entry.confidence === "number" ? Math.min(1, Math.max(0, entry.confidence)) : 0;
    const fact: SummaryFact = {
      kind: entry.kind as SummaryFact["kind"],
      subject: entry.subject,
      text: entry.text,
      confidence: Number.isFinite(confidence) ? confidence : 0,
    };
    for (const field of OPTIONAL_FACT_FIELDS)
      if (typeof entry[field] === "string") fact[field] = entry[field] as string;
    const source = decodeSource(entry.source);
    if (source) fact.source = source;
    return [fact];
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** A stored moment `{segment, start}`; anything else reads as none. */
export function decodeSource(value: unknown): SummarySource | undefined {
  if (!isRecord(value) || !Number.isSafeInteger(value.segment) || (value.segment as number) < 0) return undefined;
  const start =
    typeof value.start === "number" && Number.isFinite(value.start) && value.start >= 0 ? value.start : null;
  return { segment: value.segment as number, start };
}

/** A stored list of strings (next-meeting topics); anything else reads as none. */
export function decodeStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** Key points or decisions: `{text, source?}` entries, or plain strings as stored before migration 022. */
export function decodePoints(value: unknown): SummaryPoint[] {
  if (!Array.isArray(value)) return [];
  const points: SummaryPoint[] = [];
  for (const entry of value) {
    if (typeof entry === "string") points.push({ text: entry });
    else if (isRecord(entry) && typeof entry.text === "string") {
      const source = decodeSource(entry.source);
      points.push(source ? { text: entry.text, source } : { text: entry.text });
    }
  }
  return points;
}

/**
 * A stored action-items value: entries without a task are dropped, a missing assignee reads as "", a due date is kept
 * only when it is a non-empty string.
 */
export function decodeActionItems(value: unknown): StoredActionItem[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => isRecord(item) && typeof item.task === "string")
    .map((item) => {
      const decoded: StoredActionItem = {
        task: item.task as string,
        assignee: typeof item.assignee === "string" ? item.assignee : "",
      };
      if (typeof item.dueDate === "string" && item.dueDate) decoded.dueDate = item.dueDate;
      if (typeof item.id === "number" && Number.isSafeInteger(item.id)) decoded.id = item.id;
      if (item.status === "open" || item.status === "done") decoded.status = item.status;
      const source = decodeSource(item.source);
      if (source) decoded.source = source;
      return decoded;
    });
}

/** A stored next-meeting value: `{date, time?, topics, source?}` or null. */
export function decodeNextMeeting(value: unknown): StoredNextMeeting | null {
  if (!isRecord(value)) return null;
  const next: StoredNextMeeting = {
    date: typeof value.date === "string" && value.date ? value.date : null,
    topics: decodeStrings(value.topics),
  };
  if (typeof value.time === "string" && TIME_OF_DAY.test(value.time)) next.time = value.time;
  const source = decodeSource(value.source);
  if (source) next.source = source;
  return next;
}

/** The parts of a summary row as the database returns them (jsonb already parsed by the client). */
export interface SummaryColumns {
  executiveSummary: string | null;
  keyPoints: unknown;
  /** Absent in queries that do not select it (lists): reads as no decisions. */
  decisions?: unknown;
  actionItems: unknown;
  nextMeeting: unknown;
  /** Absent in queries that do not select it: reads as none (migration 037). */
  possibleActionItems?: unknown;
}

/** A summary row decoded; null when the meeting has no summary. */
export function decodeStoredSummary(row: SummaryColumns): StoredSummary | null {
  if (row.executiveSummary === null) return null;
  return {
    executiveSummary: row.executiveSummary,
    keyPoints: decodePoints(row.keyPoints),
    decisions: decodePoints(row.decisions),
    actionItems: decodeActionItems(row.actionItems),
    nextMeeting: decodeNextMeeting(row.nextMeeting),
    ...possibleOf(row.possibleActionItems),
  };
}

/** Possible action items as stored: the field only when there are some (an additive, optional part). */
export function possibleOf(value: unknown): { possibleActionItems?: StoredActionItem[] } {
  const items = decodeActionItems(value).map(({ id: _id, status: _status, ...item }) => item);
  return items.length > 0 ? { possibleActionItems: items } : {};
}

/** The first four ". " parts of the executive summary: lists show three sentences (migration 004). */
export function listSummaryOf(executiveSummary: string): string {
  return executiveSummary.split(". ").slice(0, 4).join(". ");
}

/**
 * Writes a meeting's summary and its list copies; a job that runs twice leaves one summary. Its action items are
 * saved as tasks in the same transaction (./action-items.ts): items that were there before keep their ids and status.
 */
export async function upsertSummary(
  sql: Sql,
  meetingId: number,
  summary: SummaryToStore,
  /** Which engine wrote it ("local", "openai:gpt-4o-mini"...); migration 011. */
  engine: string | null = null,
): Promise<void> {
  const drafted: StoredSummary = {
    executiveSummary: summary.executiveSummary,
    keyPoints: decodePoints(summary.keyPoints),
    decisions: decodePoints(summary.decisions),
    actionItems: decodeActionItems(summary.actionItems),
    nextMeeting: decodeNextMeeting(summary.nextMeeting),
    ...possibleOf(summary.possibleActionItems),
  };
  await inTransaction(sql, async (tx) => {
    const prior = await findSummaryWithEdits(tx, meetingId);
    // The parts the advisor edited (migration 024) stay theirs: the new draft fills only the others.
    const edited = new Set(prior?.editedParts ?? []);
    const merged: StoredSummary = { ...drafted };
    for (const part of edited)
      if (prior && part in merged) Object.assign(merged, { [part]: prior.summary[part as Part] });
    merged.actionItems = edited.has("actionItems")
      ? (prior?.summary.actionItems ?? [])
      : await syncMeetingActionItems(tx, meetingId, drafted.actionItems);
    const redrafted = prior ? changedParts(prior.summary, merged).filter((part) => !edited.has(part)) : [];
    await writeSummaryRow(tx, meetingId, merged, engine, redrafted, summary.facts ? decodeFacts(summary.facts) : null);
  });
}

/** The parts an advisor edits and a new draft may change; possible action items are no part of the notes. */
type Part = Exclude<keyof StoredSummary, "possibleActionItems">;

/** What a reader compares of each part: the words, not the transcript moments or task ids. */
const comparable: Record<Part, (summary: StoredSummary) => unknown> = {
  executiveSummary: (s) => s.executiveSummary.trim(),
  keyPoints: (s) => s.keyPoints.map((point) => point.text),
  decisions: (s) => s.decisions.map((point) => point.text),
  actionItems: (s) => s.actionItems.map((item) => [item.task, item.assignee, item.dueDate ?? null]),
  nextMeeting: (s) => (s.nextMeeting ? [s.nextMeeting.date, s.nextMeeting.time ?? null, s.nextMeeting.topics] : null),
};

/** The parts whose words differ between two summaries, in the summary's order. */
export function changedParts(before: StoredSummary, after: StoredSummary): Part[] {
  return (Object.keys(comparable) as Part[]).filter(
    (part) => JSON.stringify(comparable[part](before)) !== JSON.stringify(comparable[part](after)),
  );
}

async function findSummaryWithEdits(tx: Sql, meetingId: number) {
  const [row] = await tx<(SummaryColumns & { editedParts: string[] })[]>`
    select executive_summary as "executiveSummary", key_points as "keyPoints", decisions, action_items as "actionItems",
      next_meeting as "nextMeeting", edited_parts as "editedParts"
    from summaries where meeting_id = ${meetingId} for update`;
  const summary = row && decodeStoredSummary(row);
  return row && summary ? { summary, editedParts: row.editedParts } : undefined;
}

async function writeSummaryRow(
  sql: Sql,
  meetingId: number,
  summary: StoredSummary,
  engine: string | null,
  redrafted: string[],
  facts: SummaryFact[] | null,
) {
  const { keyPoints, decisions, actionItems, nextMeeting } = summary;
  const possible = summary.possibleActionItems ?? [];
  await sql`insert into summaries (meeting_id, executive_summary, key_points, decisions, action_items, next_meeting,
      action_item_count, list_summary, first_action_items, engine, possible_action_items, facts)
    values (${meetingId}, ${summary.executiveSummary}, ${sql.json(keyPoints as never)}, ${sql.json(decisions as never)},
      ${sql.json(actionItems as never)},
      ${nextMeeting === null ? null : sql.json(nextMeeting as never)}, ${actionItems.length},
      ${listSummaryOf(summary.executiveSummary)}, ${sql.json(actionItems.slice(0, LIST_ACTION_ITEMS) as never)},
      ${engine}, ${sql.json(possible as never)}, ${facts === null ? null : sql.json(facts as never)})
    on conflict (meeting_id) do update set executive_summary = excluded.executive_summary,
      key_points = excluded.key_points, decisions = excluded.decisions, action_items = excluded.action_items,
      next_meeting = excluded.next_meeting, action_item_count = excluded.action_item_count,
      list_summary = excluded.list_summary, first_action_items = excluded.first_action_items, engine = excluded.engine,
      possible_action_items = excluded.possible_action_items, facts = excluded.facts,
      redrafted_parts = ${sql.array(redrafted)}::text[],
      -- A draft that changed what was reviewed is a draft again.
      reviewed_at = case when ${redrafted.length > 0} then null else summaries.reviewed_at end,
      reviewed_by = case when ${redrafted.length > 0} then null else summaries.reviewed_by end`;
}

/** Whether a meeting's summary is stored: a job that runs again (retry, crash) does not pay for it twice. */
export async function hasSummary(sql: Sql, meetingId: number): Promise<boolean> {
  const rows = await sql`select 1 from summaries where meeting_id = ${meetingId}`;
  return rows.length > 0;
}

/** The record of facts a meeting's summary was written from (migration 042); [] when none was kept. */
export async function findSummaryFacts(sql: Sql, meetingId: number): Promise<SummaryFact[]> {
  const [row] = await sql<{ facts: unknown }[]>`select facts from summaries where meeting_id = ${meetingId}`;
  return decodeFacts(row?.facts);
}

/** A meeting's stored summary, decoded. */
export async function findSummary(sql: Sql, meetingId: number): Promise<StoredSummary | null> {
  const [row] = await sql<SummaryColumns[]>`
    select executive_summary as "executiveSummary", key_points as "keyPoints", decisions, action_items as "actionItems",
      next_meeting as "nextMeeting", possible_action_items as "possibleActionItems"
    from summaries where meeting_id = ${meetingId}`;
  return row ? decodeStoredSummary(row) : null;
}
