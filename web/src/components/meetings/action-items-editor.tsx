import { keepOneParagraph } from "./point-list-editor";

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
  onChange,
}: {
  items: DraftActionItem[];
  onChange: (items: DraftActionItem[]) => void;
}) {
  const set = (index: number, change: Partial<DraftActionItem>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...change } : item)));
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 font-semibold text-slate-900 dark:text-slate-100">Action Items</legend>
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
              className="input field-sizing-content resize-none"
              aria-label={`Action item ${n} task`}
              placeholder="Task"
              maxLength={1000}
              value={item.task}
              onKeyDown={keepOneParagraph}
              onChange={(event) => set(index, { task: event.target.value })}
            />
            <input
              type="text"
              className="input"
              aria-label={`Action item ${n} assignee`}
              placeholder="Assignee"
              maxLength={200}
              value={item.assignee}
              onChange={(event) => set(index, { assignee: event.target.value })}
            />
            <input
              type="date"
              className="input"
              aria-label={`Action item ${n} due date`}
              value={item.dueDate}
              onChange={(event) => set(index, { dueDate: event.target.value })}
            />
            <button
              type="button"
              className="btn-secondary"
              aria-label={`Remove action item ${n}`}
              onClick={() => onChange(items.filter((_, i) => i !== index))}
            >
              Remove
            </button>
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
