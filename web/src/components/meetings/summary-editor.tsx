import type { MeetingDetail, SummaryPatchBody, SummaryPoint } from "@cm/api/models";
import { useId, useState } from "react";
import { useSummaryEditor } from "../../lib/summary-edit";
import { serverMessage } from "../auth/auth-errors";
import { ActionItemsEditor, type DraftActionItem } from "./action-items-editor";
import { PointListEditor } from "./point-list-editor";

type Summary = NonNullable<MeetingDetail["summary"]>;

/** What the form holds: every part as the advisor is writing it. */
interface SummaryDraft {
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

function draftOf(summary: Summary): SummaryDraft {
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

/** The PATCH body for the parts the advisor changed (so only those count as edited); null when nothing changed. */
export function changesBetween(before: SummaryDraft, after: SummaryDraft): SummaryPatchBody | null {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const change: SummaryPatchBody = {};
  if (before.executiveSummary !== after.executiveSummary) change.executiveSummary = after.executiveSummary;
  if (!same(before.keyPoints, after.keyPoints)) change.keyPoints = after.keyPoints;
  if (!same(before.decisions, after.decisions)) change.decisions = after.decisions;
  if (!same(before.actionItems, after.actionItems)) {
    change.actionItems = after.actionItems.map((item) => ({ ...item, dueDate: item.dueDate || null }));
  }
  const next = (draft: SummaryDraft) => [draft.nextDate, draft.nextSaidDate, draft.nextTime, draft.nextTopics];
  if (!same(next(before), next(after))) {
    const topics = after.nextTopics.split("\n").map((topic) => topic.trim());
    // A day picked replaces the words; otherwise the words go back unchanged, so an edit of the topics keeps them.
    const date = after.nextDate || after.nextSaidDate || null;
    const empty = !date && !after.nextTime && topics.every((topic) => !topic);
    change.nextMeeting = empty ? null : { date, time: after.nextTime || null, topics: topics.filter(Boolean) };
  }
  return Object.keys(change).length ? change : null;
}

/**
 * "Edit notes": every part the AI wrote, corrected in one form and saved with one PATCH. A failed save keeps the
 * form as typed and shows the server's message (which names the field) above the buttons.
 */
export function SummaryEditor({
  meeting,
  summary,
  onDone,
}: {
  meeting: MeetingDetail;
  summary: Summary;
  onDone: () => void;
}) {
  const save = useSummaryEditor(meeting.id);
  const [initial] = useState(() => draftOf(summary));
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = useId();
  const update = (change: Partial<SummaryDraft>) => setDraft((current) => ({ ...current, ...change }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const change = changesBetween(initial, draft);
    if (!change) return onDone();
    setSaving(true);
    setError(null);
    try {
      await save(change);
      onDone();
    } catch (failure) {
      setError(serverMessage(failure).replace(/^validation failed: /, ""));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} className="card grid gap-5 p-5" aria-label="Edit notes" noValidate>
      <div className="grid gap-1">
        <label htmlFor={`${ids}summary`} className="font-semibold text-slate-900 dark:text-slate-100">
          Executive Summary
        </label>
        <textarea
          id={`${ids}summary`}
          className="input min-h-32"
          maxLength={5000}
          value={draft.executiveSummary}
          onChange={(event) => update({ executiveSummary: event.target.value })}
        />
      </div>
      <PointListEditor
        label="Key Points"
        singular="key point"
        points={draft.keyPoints}
        onChange={(keyPoints) => update({ keyPoints })}
      />
      <PointListEditor
        label="Decisions"
        singular="decision"
        points={draft.decisions}
        onChange={(decisions) => update({ decisions })}
      />
      <ActionItemsEditor items={draft.actionItems} onChange={(actionItems) => update({ actionItems })} />
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="mb-1 font-semibold text-slate-900 dark:text-slate-100">Next Meeting</legend>
        <label className="grid gap-1 text-sm text-slate-700 dark:text-slate-300">
          Date
          <input
            type="date"
            className="input"
            value={draft.nextDate}
            onChange={(event) => update({ nextDate: event.target.value })}
            aria-describedby={draft.nextSaidDate && !draft.nextDate ? `${ids}said` : undefined}
          />
        </label>
        <label className="grid gap-1 text-sm text-slate-700 dark:text-slate-300">
          Time
          <input
            type="time"
            className="input"
            value={draft.nextTime}
            onChange={(event) => update({ nextTime: event.target.value })}
          />
        </label>
        {draft.nextSaidDate && !draft.nextDate ? (
          <div
            id={`${ids}said`}
            className="flex flex-wrap items-center gap-2 text-sm text-slate-700 sm:col-span-2 dark:text-slate-300"
          >
            <span className="min-w-0 break-words">
              Said in the meeting: <q>{draft.nextSaidDate}</q> (kept until you pick a date)
            </span>
            <button
              type="button"
              className="btn-secondary px-2 py-1 text-xs"
              aria-label="Remove the date said in the meeting"
              onClick={() => update({ nextSaidDate: "" })}
            >
              Remove
            </button>
          </div>
        ) : null}
        <label className="grid gap-1 text-sm text-slate-700 sm:col-span-2 dark:text-slate-300">
          Topics (one a line)
          <textarea
            className="input min-h-20"
            value={draft.nextTopics}
            onChange={(event) => update({ nextTopics: event.target.value })}
          />
        </label>
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          Not saved: {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
        <button type="button" className="btn-secondary" disabled={saving} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
