import { useId } from "react";
import { ErrorNote, FieldNote, noteProps } from "./field-note";
import { keepOneParagraph } from "./point-list-editor";
import { type FieldErrors, LIMITS } from "./summary-fields";

/** An action item as the editor holds it: `id` for a task that exists, none for one added here. */
export interface DraftActionItem {
  id?: number;
  task: string;
  assignee: string;
  /** yyyy-MM-dd, or "" for none. */
  dueDate: string;
}

/** Task, assignee, due date and Remove side by side from the small breakpoint; stacked on a phone. */
const COLUMNS = "sm:grid-cols-[1fr_12rem_10rem_6rem]";

/** The meeting's action items being edited: task, assignee and due date each, Remove, and Add. */
export function ActionItemsEditor({
  items,
  errors,
  onChange,
}: {
  items: DraftActionItem[];
  /** Problems by the API's name of the field: `actionItems.7.task`. */
  errors: FieldErrors;
  onChange: (items: DraftActionItem[]) => void;
}) {
  const ids = useId();
  const set = (index: number, change: Partial<DraftActionItem>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...change } : item)));
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 font-semibold text-slate-900 dark:text-slate-100">Action Items</legend>
      {errors.actionItems ? (
        <p tabIndex={-1} data-field-error className="text-sm font-medium text-red-700 dark:text-red-300">
          {errors.actionItems}
        </p>
      ) : null}
      {/* Column names for the eye (each field has its own name for screen readers): without them a row is three
          unnamed boxes, and an empty assignee or date says nothing. */}
      {items.length > 0 ? (
        <div
          aria-hidden="true"
          data-testid="action-item-columns"
          className={`hidden text-xs font-medium text-slate-600 sm:grid dark:text-slate-400 ${COLUMNS}`}
        >
          <span>Task</span>
          <span>Assignee</span>
          <span>Due date</span>
        </div>
      ) : null}
      {items.map((item, index) => {
        const n = index + 1;
        const key = `actionItems.${index}`;
        const taskError = errors[`${key}.task`];
        const assigneeError = errors[`${key}.assignee`];
        const dateError = errors[`${key}.dueDate`] ?? errors[key];
        const taskLong = item.task.length > LIMITS.task * 0.9;
        const assigneeLong = item.assignee.length > LIMITS.assignee * 0.9;
        return (
          // Keyed by position: the inputs are controlled, so a moved or removed row shows the right text.
          <div
            key={index}
            className={`grid gap-2 sm:items-center ${index > 0 ? "border-t border-slate-200 pt-3 sm:border-t-0 sm:pt-0 dark:border-slate-800" : ""} ${COLUMNS}`}
          >
            <span aria-hidden="true" className="text-xs font-medium text-slate-600 sm:hidden dark:text-slate-400">
              Action item {n}
            </span>
            <textarea
              rows={1}
              className="input field-sizing-content min-w-0 resize-none [overflow-wrap:anywhere]"
              aria-label={`Action item ${n} task`}
              placeholder="Task"
              value={item.task}
              onKeyDown={keepOneParagraph}
              onChange={(event) => set(index, { task: event.target.value })}
              {...noteProps(`${ids}task-${index}`, taskError, taskLong)}
            />
            <input
              type="text"
              className="input"
              aria-label={`Action item ${n} assignee`}
              placeholder="Assignee"
              value={item.assignee}
              onChange={(event) => set(index, { assignee: event.target.value })}
              {...noteProps(`${ids}assignee-${index}`, assigneeError, assigneeLong)}
            />
            <input
              type="date"
              className="input"
              aria-label={`Action item ${n} due date`}
              value={item.dueDate}
              onChange={(event) => set(index, { dueDate: event.target.value })}
              {...noteProps(`${ids}date-${index}`, dateError, false)}
            />
            <button
              type="button"
              className="btn-secondary"
              aria-label={`Remove action item ${n}`}
              onClick={() => onChange(items.filter((_, i) => i !== index))}
            >
              Remove
            </button>
            {/* Each note under its row, named by the field it is about ("Action item 8: task is too long…"). */}
            <div className="grid gap-1 sm:col-span-4 empty:hidden">
              <FieldNote id={`${ids}task-${index}`} error={taskError} length={item.task.length} max={LIMITS.task} />
              <FieldNote
                id={`${ids}assignee-${index}`}
                error={assigneeError}
                length={item.assignee.length}
                max={LIMITS.assignee}
              />
              <ErrorNote id={`${ids}date-${index}`} error={dateError} />
            </div>
          </div>
        );
      })}
      <button
        type="button"
        className="btn-secondary"
        onClick={() => onChange([...items, { task: "", assignee: "", dueDate: "" }])}
      >
        Add action item
      </button>
    </fieldset>
  );
}
