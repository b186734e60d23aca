import { useId, useState } from "react";
import { CONSENT_METHODS, CONSENT_NOTE_MAX, CONSENT_STATEMENT, type ConsentDraft, type ConsentMethod } from "./consent";

/**
 * "Everyone present agreed to be recorded": the confirmation, how it was given (spoken, written, a note) with an
 * optional note, and a statement the advisor can show and read aloud.
 */
export function ConsentFields({
  value,
  onChange,
  optional = false,
}: {
  value: ConsentDraft;
  onChange: (next: ConsentDraft) => void;
  /** The Upload dialog asks without requiring an answer. */
  optional?: boolean;
}) {
  const ids = { agreed: useId(), note: useId(), statement: useId() };
  const [showStatement, setShowStatement] = useState(false);
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-slate-100">
        Consent to record{optional ? " (optional)" : ""}
      </legend>
      <label htmlFor={ids.agreed} className="flex items-start gap-2 text-sm">
        <input
          id={ids.agreed}
          type="checkbox"
          className="mt-0.5 h-4 w-4"
          checked={value.agreed}
          onChange={(e) => onChange({ ...value, agreed: e.target.checked })}
        />
        <span>Everyone present agreed to be recorded</span>
      </label>
      {value.agreed ? (
        <>
          <div role="radiogroup" aria-label="How they agreed" className="flex flex-wrap gap-2">
            {CONSENT_METHODS.map((method) => (
              <label
                key={method.value}
                className="flex items-center gap-1.5 rounded-md border border-slate-200 px-3 py-1.5 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:has-[:checked]:bg-indigo-950/40"
              >
                <input
                  type="radio"
                  name={`${ids.agreed}-method`}
                  value={method.value}
                  checked={value.method === method.value}
                  onChange={() => onChange({ ...value, method: method.value as ConsentMethod })}
                />
                {method.label}
              </label>
            ))}
          </div>
          <div>
            <label htmlFor={ids.note} className="label">
              Note (optional)
            </label>
            <textarea
              id={ids.note}
              className="input min-h-16"
              maxLength={CONSENT_NOTE_MAX}
              placeholder="E.g. both clients agreed at the start"
              value={value.note}
              onChange={(e) => onChange({ ...value, note: e.target.value })}
            />
          </div>
        </>
      ) : null}
      <button
        type="button"
        className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
        aria-expanded={showStatement}
        aria-controls={ids.statement}
        onClick={() => setShowStatement((shown) => !shown)}
      >
        {showStatement ? "Hide the statement" : "Show a statement to read aloud"}
      </button>
      {showStatement ? (
        <blockquote
          id={ids.statement}
          className="rounded-md bg-slate-50 p-3 text-base leading-relaxed text-slate-800 dark:bg-slate-800 dark:text-slate-100"
        >
          {CONSENT_STATEMENT}
        </blockquote>
      ) : null}
    </fieldset>
  );
}
