import type { SummaryPoint } from "@cm/api/models";
import { useId } from "react";
import { FieldNote, noteProps } from "./field-note";
import { type FieldErrors, LIMITS } from "./summary-fields";

/** Enter does not break a point in two (it is one item of a list); the text wraps by itself. */
export function keepOneParagraph(event: React.KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key === "Enter") event.preventDefault();
}

/** Moves the item at `index` by `step` (-1 up, +1 down); the list unchanged at its ends. */
export function moveItem<T>(items: T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= items.length) return items;
  const moved = [...items];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}

/**
 * Key points or decisions being edited: each a text field with Up, Down and Remove (named after the list and the
 * item's number for screen readers), and an Add button. An item keeps its transcript moment while it is edited.
 */
export function PointListEditor({
  label,
  singular,
  field,
  points,
  errors,
  onChange,
}: {
  label: string;
  /** "key point", "decision": the buttons' names. */
  singular: string;
  /** The API's name of the list ("keyPoints"): its items' problems are `errors["keyPoints.2"]`. */
  field: "keyPoints" | "decisions";
  points: SummaryPoint[];
  errors: FieldErrors;
  onChange: (points: SummaryPoint[]) => void;
}) {
  const ids = useId();
  const set = (index: number, text: string) =>
    onChange(points.map((point, i) => (i === index ? { ...point, text } : point)));
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 font-semibold text-slate-900 dark:text-slate-100">{label}</legend>
      {errors[field] ? (
        <p tabIndex={-1} data-field-error className="text-sm font-medium text-red-700 dark:text-red-300">
          {errors[field]}
        </p>
      ) : null}
      {points.map((point, index) => {
        const error = errors[`${field}.${index}`];
        const noteId = `${ids}note-${index}`;
        const long = point.text.length > LIMITS.point * 0.9;
        return (
          // Keyed by position: the inputs are controlled, so a moved or removed row shows the right text.
          <div key={index} className="flex flex-wrap items-center gap-2">
            {/* A field as tall as its text: a long point is read whole, on a phone too, not cut at the edge. No
              maxLength: the browser would cut a long paste without a word; the note under it says the limit. */}
            <textarea
              rows={1}
              className="input field-sizing-content min-w-0 basis-full resize-none [overflow-wrap:anywhere] sm:basis-0 sm:flex-1"
              aria-label={`${label} ${index + 1}`}
              value={point.text}
              onKeyDown={keepOneParagraph}
              onChange={(event) => set(index, event.target.value)}
              {...noteProps(noteId, error, long)}
            />
            <button
              type="button"
              className="btn-secondary"
              aria-label={`Move ${singular} ${index + 1} up`}
              disabled={index === 0}
              onClick={() => onChange(moveItem(points, index, -1))}
            >
              Up
            </button>
            <button
              type="button"
              className="btn-secondary"
              aria-label={`Move ${singular} ${index + 1} down`}
              disabled={index === points.length - 1}
              onClick={() => onChange(moveItem(points, index, 1))}
            >
              Down
            </button>
            <button
              type="button"
              className="btn-secondary"
              aria-label={`Remove ${singular} ${index + 1}`}
              onClick={() => onChange(points.filter((_, i) => i !== index))}
            >
              Remove
            </button>
            <FieldNote id={noteId} error={error} length={point.text.length} max={LIMITS.point} />
          </div>
        );
      })}
      <button type="button" className="btn-secondary" onClick={() => onChange([...points, { text: "" }])}>
        Add {singular}
      </button>
    </fieldset>
  );
}
