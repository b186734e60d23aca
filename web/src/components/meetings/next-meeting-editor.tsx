import { useId } from "react";
import { ErrorNote, noteProps } from "./field-note";
import type { SummaryDraft } from "./summary-draft";
import type { FieldErrors } from "./summary-fields";

const FIELD = "grid gap-1 text-sm text-slate-700 dark:text-slate-300";

/**
 * The next meeting in Edit notes: date, time and topics (one a line). A date the summary could only keep in words
 * is shown under the date field and kept until a day is picked or it is removed. A problem shows under its field,
 * outside the label (so the field's name stays its name).
 */
export function NextMeetingEditor({
  draft,
  errors,
  update,
}: {
  draft: SummaryDraft;
  errors: FieldErrors;
  update: (change: Partial<SummaryDraft>) => void;
}) {
  const ids = useId();
  const said = draft.nextSaidDate && !draft.nextDate;
  const dateError = errors["nextMeeting.date"];
  return (
    <fieldset className="grid gap-2 sm:grid-cols-2">
      <legend className="mb-1 font-semibold text-slate-900 dark:text-slate-100">Next Meeting</legend>
      <div className="grid gap-1">
        <label className={FIELD}>
          Date
          <input
            type="date"
            className="input"
            value={draft.nextDate}
            onChange={(event) => update({ nextDate: event.target.value })}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={[dateError ? `${ids}date` : "", said ? `${ids}said` : ""].join(" ").trim() || undefined}
          />
        </label>
        <ErrorNote id={`${ids}date`} error={dateError} />
      </div>
      <div className="grid gap-1">
        <label className={FIELD}>
          Time
          <input
            type="time"
            className="input"
            value={draft.nextTime}
            onChange={(event) => update({ nextTime: event.target.value })}
            {...noteProps(`${ids}time`, errors["nextMeeting.time"], false)}
          />
        </label>
        <ErrorNote id={`${ids}time`} error={errors["nextMeeting.time"]} />
      </div>
      {said ? (
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
      <div className="grid gap-1 sm:col-span-2">
        <label className={FIELD}>
          Topics (one a line)
          <textarea
            className="input min-h-20"
            value={draft.nextTopics}
            onChange={(event) => update({ nextTopics: event.target.value })}
            {...noteProps(`${ids}topics`, errors["nextMeeting.topics"], false)}
          />
        </label>
        <ErrorNote id={`${ids}topics`} error={errors["nextMeeting.topics"]} />
      </div>
    </fieldset>
  );
}
