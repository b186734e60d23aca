import { Tabs } from "@ark-ui/react";
import type { ActionItemStatus, ActionItemTask } from "@cm/api/models";
import { useState } from "react";
import { Link } from "react-router";
import useSWR from "swr";
import {
  DoneCheckbox,
  DueDate,
  TaskText,
  useActionItemSaver,
  useStatusToggle,
} from "../components/meetings/action-item-entry";
import { AddTaskDialog } from "../components/tasks/add-task-dialog";
import { AssigneeFilter } from "../components/tasks/assignee-filter";
import { TaskEditForm } from "../components/tasks/task-edit-form";
import type { AssigneeChoice } from "../lib/action-item-keys";
import { actionItemsKey, groupByClient, isOverdue, useToday } from "../lib/action-items";
import { formatShortDate } from "../lib/meeting-format";
import { oneOf, useQueryParam } from "../lib/use-query-param";

const readAssignee = oneOf<AssigneeChoice>(["any", "mine", "client"], "any");
const readStatus = oneOf<ActionItemStatus>(["open", "done"], "open");

const TAB_CLASS =
  "rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 data-[selected]:bg-white data-[selected]:text-slate-900 data-[selected]:shadow-sm dark:text-slate-400 dark:data-[selected]:bg-slate-900 dark:data-[selected]:text-slate-100";

const EMPTY: Record<ActionItemStatus, { title: string; text: string }> = {
  open: {
    title: "No open action items",
    text: "Action items from your processed meetings appear here until they are done.",
  },
  done: { title: "No completed action items yet", text: "Items you tick off on a meeting or here are listed here." },
};

/** What the list says when a filter of whose tasks leaves nothing. */
const FILTERED_EMPTY: Record<Exclude<AssigneeChoice, "any">, string> = {
  mine: "No tasks assigned to you match.",
  client: "No tasks assigned to the client match.",
};

/** Where a task came from: its meeting (a link), or the client it was added to by hand. */
function TaskOrigin({ item }: { item: ActionItemTask }) {
  if (item.meetingId === null) return <span>Added for {item.clientName}</span>;
  return (
    <span>
      From{" "}
      <Link
        to={`/meetings/${item.meetingId}`}
        className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
      >
        {item.meetingTitle}
      </Link>
      {item.meetingDate ? `, ${formatShortDate(item.meetingDate)}` : null}
    </span>
  );
}

function TaskRow({ item, today }: { item: ActionItemTask; today: string | null }) {
  const save = useActionItemSaver(item.meetingId === null ? null : `/api/meetings/${item.meetingId}`);
  const { done, toggle, saving } = useStatusToggle(item.id, item.status, save);
  const [editing, setEditing] = useState(false);
  const overdue = isOverdue(item, today);
  return (
    <li
      className={`flex items-start gap-3 border-l-4 p-4 ${overdue ? "border-l-red-500 bg-red-50/60 dark:bg-red-900/20" : "border-l-transparent"}`}
      data-overdue={overdue || undefined}
    >
      <DoneCheckbox task={item.task} done={done} saving={saving} onToggle={toggle} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <TaskText task={item.task} done={done} />
          {editing ? null : (
            <button
              type="button"
              className="shrink-0 text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
              onClick={() => setEditing(true)}
              aria-label={`Edit task: ${item.task}`}
            >
              Edit
            </button>
          )}
        </div>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          {item.assignee ? <span>Assigned to: {item.assignee}</span> : <span>Unassigned</span>}
          <DueDate item={item} />
          <TaskOrigin item={item} />
        </p>
        {editing ? (
          <TaskEditForm item={item} onSave={(change) => save(item.id, change)} onCancel={() => setEditing(false)} />
        ) : null}
      </div>
    </li>
  );
}

/** A client's tasks under its name, with "Add task" for that client. */
function ClientTasks({ group, today }: { group: ReturnType<typeof groupByClient>[number]; today: string | null }) {
  const [adding, setAdding] = useState(false);
  return (
    <section className="card" aria-labelledby={`tasks-client-${group.clientId}`}>
      <div className="flex items-center gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <h2
          id={`tasks-client-${group.clientId}`}
          className="flex min-w-0 flex-1 items-center justify-between gap-3 text-lg font-semibold"
        >
          {/* Wrapped, not cut: on a phone the whole name still shows beside the count. */}
          <span className="min-w-0 break-words">{group.clientName}</span>
          <span className="shrink-0 text-sm font-normal text-slate-500 dark:text-slate-400">
            {group.items.length} {group.items.length === 1 ? "item" : "items"}
          </span>
        </h2>
        <button
          type="button"
          className="shrink-0 text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          onClick={() => setAdding(true)}
          aria-label={`Add task for ${group.clientName}`}
        >
          Add task
        </button>
      </div>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {group.items.map((item) => (
          <TaskRow key={item.id} item={item} today={today} />
        ))}
      </ul>
      {adding ? (
        <AddTaskDialog
          target={{ clientId: group.clientId, label: group.clientName }}
          open={adding}
          onOpenChange={setAdding}
        />
      ) : null}
    </section>
  );
}

function TaskList({ status, assignee }: { status: ActionItemStatus; assignee: AssigneeChoice }) {
  const { data: items, error, isLoading } = useSWR<ActionItemTask[]>(actionItemsKey(status, assignee));
  const today = useToday();
  if (error && !items) {
    return (
      <p className="card p-6 text-center text-red-700 dark:text-red-300">
        The action items could not be loaded. Please try again.
      </p>
    );
  }
  if (isLoading && !items) {
    return (
      <ul className="space-y-3" aria-label="Loading action items">
        {[0, 1, 2].map((i) => (
          <li key={i} className="h-16 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
        ))}
      </ul>
    );
  }
  const list = items ?? [];
  if (list.length === 0 && assignee !== "any") {
    return (
      <div className="card p-8 text-center">
        <h2 className="text-lg font-semibold">{FILTERED_EMPTY[assignee]}</h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Choose "Anyone" to see every {status} task.</p>
      </div>
    );
  }
  if (list.length === 0) {
    return (
      <div className="card p-8 text-center">
        <h2 className="text-lg font-semibold">{EMPTY[status].title}</h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{EMPTY[status].text}</p>
      </div>
    );
  }
  const overdue = list.filter((item) => isOverdue(item, today)).length;
  return (
    <div className="space-y-4">
      {status === "open" ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {list.length} open{overdue ? `, ${overdue} overdue` : ""}
        </p>
      ) : null}
      {groupByClient(list).map((group) => (
        <ClientTasks key={group.clientId} group={group} today={today} />
      ))}
    </div>
  );
}

/**
 * Action items across meetings as tasks: open ones by client, overdue ones marked; done ones on their own tab. Each
 * can be edited in place; a client's tasks can be added to; the list can show only the advisor's or the client's.
 */
export default function TasksPage() {
  // In the address (?assignee=mine, ?status=done), so a reload keeps the list shown.
  const [assignee, setAssignee] = useQueryParam<AssigneeChoice>("assignee", readAssignee, "any");
  const [status, setStatus] = useQueryParam<ActionItemStatus>("status", readStatus, "open");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">Tasks</h1>
        <p className="text-slate-600 dark:text-slate-400">Action items from your meetings, by client</p>
      </div>
      <AssigneeFilter value={assignee} onChange={setAssignee} />
      <Tabs.Root value={status} onValueChange={(details) => setStatus(readStatus(details.value))} lazyMount>
        <Tabs.List className="mb-4 inline-flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
          <Tabs.Trigger value="open" className={TAB_CLASS}>
            Open
          </Tabs.Trigger>
          <Tabs.Trigger value="done" className={TAB_CLASS}>
            Done
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="open">
          <TaskList status="open" assignee={assignee} />
        </Tabs.Content>
        <Tabs.Content value="done">
          <TaskList status="done" assignee={assignee} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
