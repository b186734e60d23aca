import type { ActionItem, ActionItemPatchBody, ActionItemStatus } from "@cm/api/models";
import { useId, useState } from "react";
import { useSWRConfig } from "swr";
import { formatDueDate, isOverdue, patchActionItem, refreshActionItemLists, useToday } from "../../lib/action-items";
import { refreshMeetingLists } from "../../lib/meeting-keys";
import { dismissToast, toast } from "../../lib/toast";
import { serverMessage } from "../auth/auth-errors";

/** A due date, and "Overdue" when an open item's day has passed. */
export function DueDate({ item }: { item: Pick<ActionItem, "status"> & { dueDate?: string | null | undefined } }) {
  const today = useToday();
  if (!item.dueDate) return null;
  const overdue = isOverdue(item, today);
  return (
    <span className={overdue ? "font-medium text-red-700 dark:text-red-300" : undefined}>
      Due {formatDueDate(item.dueDate)}
      {overdue ? (
        <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-800 dark:bg-red-900/40 dark:text-red-200">
          Overdue
        </span>
      ) : null}
    </span>
  );
}

const SAVE_FAILED_KEY = "action-item-save-failed";

/** Saves a change to an item and brings every view of it up to date: the meeting, its lists, the task lists. */
export function useActionItemSaver(meetingKey: string | null) {
  const { mutate } = useSWRConfig();
  return async (id: number, change: ActionItemPatchBody): Promise<boolean> => {
    // A failure told before is about the last save: the next one ends it.
    dismissToast(SAVE_FAILED_KEY);
    try {
      await patchActionItem(id, change);
      await Promise.all([
        meetingKey ? mutate(meetingKey) : null,
        refreshActionItemLists(mutate),
        refreshMeetingLists(mutate),
      ]);
      return true;
    } catch (error) {
      toast({
        key: SAVE_FAILED_KEY,
        title: "Could not save the action item",
        description: serverMessage(error),
        variant: "destructive",
      });
      return false;
    }
  };
}

type Save = (id: number, change: ActionItemPatchBody) => Promise<boolean>;

/** The checkbox that marks an action item done, named after its task for screen readers. */
export function DoneCheckbox(props: { task: string; done: boolean; saving: boolean; onToggle: () => void }) {
  return (
    <input
      type="checkbox"
      className="mt-1 size-4 shrink-0 accent-indigo-600"
      checked={props.done}
      aria-busy={props.saving}
      onChange={props.onToggle}
      aria-label={`Done: ${props.task}`}
    />
  );
}

/** An action item's task, struck through once done. */
export function TaskText({ task, done }: { task: string; done: boolean }) {
  return (
    <p className={done ? "text-slate-500 line-through dark:text-slate-400" : "text-slate-800 dark:text-slate-200"}>
      {task}
    </p>
  );
}

/**
 * The done checkbox's state: the new status shows at once while it is saved, and the stored one again if saving
 * failed.
 */
export function useStatusToggle(id: number | undefined, status: ActionItemStatus | undefined, save: Save) {
  const [pending, setPending] = useState<ActionItemStatus | null>(null);
  const current = pending ?? status ?? "open";
  async function toggle() {
    if (id === undefined || pending !== null) return;
    const next = current === "done" ? "open" : "done";
    setPending(next);
    await save(id, { status: next });
    setPending(null);
  }
  return { done: current === "done", toggle, saving: pending !== null };
}

/** Assignee and due date edited in place; Escape or Cancel leaves them as they were. */
function EditForm({
  item,
  onSave,
  onCancel,
}: {
  item: ActionItem;
  onSave: (change: ActionItemPatchBody) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [assignee, setAssignee] = useState(item.assignee);
  const [dueDate, setDueDate] = useState(item.dueDate ?? "");
  const [saving, setSaving] = useState(false);
  return (
    <form
      className="mt-2 grid gap-2 sm:grid-cols-[1fr_11rem_auto] sm:items-end"
      onKeyDown={(e) => e.key === "Escape" && onCancel()}
      onSubmit={async (e) => {
        e.preventDefault();
        setSaving(true);
        await onSave({ assignee, dueDate: dueDate || null });
        setSaving(false);
      }}
    >
      <div>
        <label htmlFor={`${id}-assignee`} className="label">
          Assignee
        </label>
        <input
          id={`${id}-assignee`}
          className="input"
          value={assignee}
          maxLength={200}
          onChange={(e) => setAssignee(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-due`} className="label">
          Due date
        </label>
        <input
          id={`${id}-due`}
          type="date"
          className="input"
          value={dueDate}
          onChange={(e) => setDueDate(e.target.value)}
        />
      </div>
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

/**
 * One action item on the meeting page: the spec's task and "Assigned to: {assignee}", plus a checkbox for done, its
 * due date, and editing of assignee and date. An item without an id (never saved as a task) is shown as before.
 */
/** An action item with its done checkbox and in-place edit; `moment` is where the meeting said it (summary tab). */
export function ActionItemEntry({ item, save, moment }: { item: ActionItem; save: Save; moment?: React.ReactNode }) {
  const [editing, setEditing] = useState(false);
  const itemId = item.id;
  const { done, toggle, saving } = useStatusToggle(itemId, item.status, save);

  return (
    <li className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
      <div className="flex items-start gap-3">
        {itemId === undefined ? null : <DoneCheckbox task={item.task} done={done} saving={saving} onToggle={toggle} />}
        <div className="min-w-0 flex-1">
          <TaskText task={item.task} done={done} />
          {moment}
          {item.assignee ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Assigned to: {item.assignee}</p>
          ) : null}
          {item.dueDate ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              <DueDate item={item} />
            </p>
          ) : null}
        </div>
        {itemId === undefined || editing ? null : (
          <button
            type="button"
            className="shrink-0 text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
            onClick={() => setEditing(true)}
            aria-label={`Edit assignee and due date: ${item.task}`}
          >
            Edit
          </button>
        )}
      </div>
      {editing && itemId !== undefined ? (
        <EditForm
          item={item}
          onCancel={() => setEditing(false)}
          onSave={async (change) => {
            if (await save(itemId, change)) setEditing(false);
          }}
        />
      ) : null}
    </li>
  );
}
