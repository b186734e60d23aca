import type { MeetingDetail } from "@cm/api/models";
import { useEffect, useId, useRef, useState } from "react";
import { useSummaryEditor } from "../../lib/summary-edit";
import { serverMessage } from "../auth/auth-errors";
import { ActionItemsEditor } from "./action-items-editor";
import { FieldNote, noteProps } from "./field-note";
import { LeaveEditsDialog } from "./leave-edits-dialog";
import { NextMeetingEditor } from "./next-meeting-editor";
import { PointListEditor } from "./point-list-editor";
import { RestoredDraftNotice } from "./restored-draft-notice";
import { changesBetween, partsChanged, type Summary, type SummaryDraft } from "./summary-draft";
import { checkDraft, type FieldErrors, fieldLabel, fieldOfServerMessage, LIMITS } from "./summary-fields";
import { useLeaveGuard } from "./use-leave-guard";
import { useSummaryDraft } from "./use-summary-draft";

/** The server's problems with parts the advisor has changed since are gone: the next save checks them again. */
function withoutParts(errors: FieldErrors, parts: string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !parts.includes(key.split(".")[0]!)));
}

/**
 * "Edit notes": every part the AI wrote, corrected in one form and saved with one PATCH. A problem is shown at its
 * field, named as the screen names it, and the first such field gets the focus; a text over its limit is refused,
 * never cut. Unsaved edits are kept in the browser (restored on the next visit) and leaving asks first.
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
  const { initial, draft, setDraft, dirty, restored, forget, discard } = useSummaryDraft(meeting.id, summary);
  const guard = useLeaveGuard(dirty);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusAsked, setFocusAsked] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const ids = useId();
  const errors = { ...serverErrors, ...checkDraft(draft, { submitted }) };
  const update = (change: Partial<SummaryDraft>) => {
    setServerErrors((current) => withoutParts(current, partsChanged(draft, { ...draft, ...change })));
    setDraft((current) => ({ ...current, ...change }));
  };

  // After a refused save, the first field marked (in the form's order) takes the focus.
  useEffect(() => {
    if (focusAsked) form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error]')?.focus();
  }, [focusAsked]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const problems = Object.keys({ ...serverErrors, ...checkDraft(draft, { submitted: true }) });
    if (problems.length) {
      setError(`Fix the marked ${problems.length > 1 ? "fields" : "field"}: ${problems.map(fieldLabel).join("; ")}.`);
      setFocusAsked((n) => n + 1);
      return;
    }
    const change = changesBetween(initial, draft);
    if (!change) {
      forget();
      return onDone();
    }
    setSaving(true);
    setError(null);
    try {
      await save(change);
      forget();
      onDone();
    } catch (failure) {
      const message = serverMessage(failure).replace(/^validation failed: /, "");
      const field = fieldOfServerMessage(message);
      if (field) setServerErrors({ [field.key]: field.message });
      setError(field?.message ?? message);
      setFocusAsked((n) => n + 1);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={form} onSubmit={submit} className="card grid gap-5 p-5" aria-label="Edit notes" noValidate>
      {restored ? <RestoredDraftNotice restored={restored} onDiscard={discard} /> : null}
      <div className="grid gap-1">
        <label htmlFor={`${ids}summary`} className="font-semibold text-slate-900 dark:text-slate-100">
          Executive Summary
        </label>
        <textarea
          id={`${ids}summary`}
          className="input min-h-32"
          value={draft.executiveSummary}
          onChange={(event) => update({ executiveSummary: event.target.value })}
          {...noteProps(`${ids}summary-note`, errors.executiveSummary, true)}
        />
        <FieldNote
          id={`${ids}summary-note`}
          error={errors.executiveSummary}
          length={draft.executiveSummary.length}
          max={LIMITS.executiveSummary}
          always
        />
      </div>
      <PointListEditor
        label="Key Points"
        singular="key point"
        field="keyPoints"
        errors={errors}
        points={draft.keyPoints}
        onChange={(keyPoints) => update({ keyPoints })}
      />
      <PointListEditor
        label="Decisions"
        singular="decision"
        field="decisions"
        errors={errors}
        points={draft.decisions}
        onChange={(decisions) => update({ decisions })}
      />
      <ActionItemsEditor
        items={draft.actionItems}
        errors={errors}
        onChange={(actionItems) => update({ actionItems })}
      />
      <NextMeetingEditor draft={draft} errors={errors} update={update} />
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          Not saved: {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={saving}
          onClick={() => {
            forget();
            onDone();
          }}
        >
          Cancel
        </button>
      </div>
      <LeaveEditsDialog open={guard.leaving !== null} onStay={guard.stay} onLeave={guard.leave} />
    </form>
  );
}
