/** An action item as the editor holds it: `id` for a task that exists, none for one added here. */
export interface DraftActionItem {
  id?: number;
  task: string;
  assignee: string;
  /** yyyy-MM-dd, or "" for none. */
  dueDate: string;
}

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
      {items.map((item, index) => {
        const n = index + 1;
        return (
          // Keyed by position: the inputs are controlled, so a moved or removed row shows the right text.
          <div key={index} className="grid gap-2 sm:grid-cols-[1fr_12rem_10rem_auto] sm:items-center">
            <input
              type="text"
              className="input"
              aria-label={`Action item ${n} task`}
              maxLength={1000}
              value={item.task}
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
