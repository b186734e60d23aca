import { Tabs } from "@ark-ui/react";
import type { ActionItemStatus, ActionItemTask } from "@cm/api/models";
import { Link } from "react-router";
import useSWR from "swr";
import {
  DoneCheckbox,
  DueDate,
  TaskText,
  useActionItemSaver,
  useStatusToggle,
} from "../components/meetings/action-item-entry";
import { actionItemsKey, groupByClient, isOverdue, useToday } from "../lib/action-items";
import { formatShortDate } from "../lib/meeting-format";

const TAB_CLASS =
  "rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 data-[selected]:bg-white data-[selected]:text-slate-900 data-[selected]:shadow-sm dark:text-slate-400 dark:data-[selected]:bg-slate-900 dark:data-[selected]:text-slate-100";

const EMPTY: Record<ActionItemStatus, { title: string; text: string }> = {
  open: {
    title: "No open action items",
    text: "Action items from your processed meetings appear here until they are done.",
  },
  done: { title: "No completed action items yet", text: "Items you tick off on a meeting or here are listed here." },
};

function TaskRow({ item, today }: { item: ActionItemTask; today: string | null }) {
  const save = useActionItemSaver(`/api/meetings/${item.meetingId}`);
  const { done, toggle, saving } = useStatusToggle(item.id, item.status, save);
  const overdue = isOverdue(item, today);
  return (
    <li
      className={`flex items-start gap-3 border-l-4 p-4 ${overdue ? "border-l-red-500 bg-red-50/60 dark:bg-red-900/20" : "border-l-transparent"}`}
      data-overdue={overdue || undefined}
    >
      <DoneCheckbox task={item.task} done={done} saving={saving} onToggle={toggle} />
      <div className="min-w-0 flex-1">
        <TaskText task={item.task} done={done} />
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          {item.assignee ? <span>Assigned to: {item.assignee}</span> : <span>Unassigned</span>}
          <DueDate item={item} />
          <span>
            From{" "}
            <Link
              to={`/meetings/${item.meetingId}`}
              className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
            >
              {item.meetingTitle}
            </Link>
            , {formatShortDate(item.meetingDate)}
          </span>
        </p>
      </div>
    </li>
  );
}

function TaskList({ status }: { status: ActionItemStatus }) {
  const { data: items, error, isLoading } = useSWR<ActionItemTask[]>(actionItemsKey(status));
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
        <section key={group.clientId} className="card" aria-labelledby={`tasks-client-${group.clientId}`}>
          <h2
            id={`tasks-client-${group.clientId}`}
            className="flex items-center justify-between gap-3 border-b border-slate-200 p-4 text-lg font-semibold dark:border-slate-800"
          >
            <span className="min-w-0 truncate">{group.clientName}</span>
            <span className="shrink-0 text-sm font-normal text-slate-500 dark:text-slate-400">
              {group.items.length} {group.items.length === 1 ? "item" : "items"}
            </span>
          </h2>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {group.items.map((item) => (
              <TaskRow key={item.id} item={item} today={today} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Action items across meetings as tasks: open ones by client, overdue ones marked; done ones on their own tab. */
export default function TasksPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">Tasks</h1>
        <p className="text-slate-600 dark:text-slate-400">Action items from your meetings, by client</p>
      </div>
      <Tabs.Root defaultValue="open" lazyMount>
        <Tabs.List className="mb-4 inline-flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
          <Tabs.Trigger value="open" className={TAB_CLASS}>
            Open
          </Tabs.Trigger>
          <Tabs.Trigger value="done" className={TAB_CLASS}>
            Done
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="open">
          <TaskList status="open" />
        </Tabs.Content>
        <Tabs.Content value="done">
          <TaskList status="done" />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
