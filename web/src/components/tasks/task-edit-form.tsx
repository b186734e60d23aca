import type { ActionItemPatchBody, ActionItemTask } from "@cm/api/models";
import { useId, useState } from "react";
import { TaskFields, type TaskValues } from "./task-fields";

/** The change a form asks for: only the fields that differ from the task as it is. */
export function changedFields(item: ActionItemTask, values: TaskValues): ActionItemPatchBody {
  const change: ActionItemPatchBody = {};
  if (values.task.trim() !== item.task) change.task = values.task.trim();
  if (values.assignee.trim() !== item.assignee) change.assignee = values.assignee.trim();
  if ((values.dueDate || null) !== item.dueDate) change.dueDate = values.dueDate || null;
  return change;
}

/** A task's text, assignee and due date edited in place on the Tasks page; Escape or Cancel leaves them as they were. */
export function TaskEditForm({
  item,
  onSave,
  onCancel,
}: {
  item: ActionItemTask;
  /** Saves the change; answers whether it was saved. */
  onSave: (change: ActionItemPatchBody) => Promise<boolean>;
  onCancel: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<TaskValues>({
    task: item.task,
    assignee: item.assignee,
    dueDate: item.dueDate ?? "",
  });
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  return (
    <form
      className="mt-2 space-y-3"
      aria-label={`Edit task: ${item.task}`}
      noValidate
      onKeyDown={(event) => event.key === "Escape" && onCancel()}
      onSubmit={async (event) => {
        event.preventDefault();
        if (!values.task.trim()) {
          setError("Required");
          return;
        }
        const change = changedFields(item, values);
        if (Object.keys(change).length === 0) {
          onCancel();
          return;
        }
        setSaving(true);
        const saved = await onSave(change);
        setSaving(false);
        if (saved) onCancel();
      }}
    >
      <TaskFields
        id={id}
        values={values}
        taskError={error}
        onChange={(next) => {
          setValues(next);
          if (next.task.trim()) setError(undefined);
        }}
      />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
