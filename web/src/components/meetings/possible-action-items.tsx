import type { ActionItem, ActionItemTask, NewActionItemBody } from "@cm/api/models";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { formatDueDate, refreshActionItemLists } from "../../lib/action-items";
import { apiRequest } from "../../lib/api-request";
import { refreshMeetingLists } from "../../lib/meeting-keys";
import { toast } from "../../lib/toast";
import { serverMessage } from "../auth/auth-errors";
import { MomentLink } from "./moment-link";
import { limitRefusalMessage } from "./refusal-reason";

/** The engine writes this when nobody could be named: an added task then has no assignee. */
const NOBODY = "Unassigned";

const sameTask = (a: ActionItem, b: ActionItem) =>
  a.task.trim().toLowerCase() === b.task.trim().toLowerCase() && a.assignee === b.assignee;

/**
 * Tasks the notes were not sure of (issue 38): apart from the action items, collapsed, each made a real action item
 * with one click (POST /api/action-items, which applies the account's limits). One added leaves this list: it is then
 * among the action items.
 */
export function PossibleActionItems({
  meetingId,
  possible,
  actionItems,
}: {
  meetingId: number;
  possible: ActionItem[];
  actionItems: ActionItem[];
}) {
  const { mutate } = useSWRConfig();
  const [adding, setAdding] = useState<number | null>(null);
  const left = possible
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => !actionItems.some((a) => sameTask(a, item)));
  if (left.length === 0) return null;

  async function add(item: ActionItem, index: number) {
    const body: NewActionItemBody = {
      meetingId,
      task: item.task,
      assignee: item.assignee === NOBODY ? "" : item.assignee,
      dueDate: item.dueDate ?? null,
    };
    setAdding(index);
    try {
      await apiRequest<ActionItemTask>("POST", "/api/action-items", body);
      toast({ title: "Action item added", description: item.task });
      await Promise.all([
        mutate(`/api/meetings/${meetingId}`),
        refreshActionItemLists(mutate),
        refreshMeetingLists(mutate),
      ]);
    } catch (err) {
      toast({
        title: "Could not add the action item",
        description: limitRefusalMessage(err) ?? serverMessage(err),
        variant: "destructive",
      });
    } finally {
      setAdding(null);
    }
  }

  return (
    <section className="card p-5">
      <details>
        <summary className="cursor-pointer font-semibold text-slate-900 dark:text-slate-100">
          Possible action items ({left.length})
        </summary>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Said in the meeting, but the notes are not sure these are tasks. Add one to make it an action item.
        </p>
        <ul className="mt-3 space-y-2">
          {left.map(({ item, index }) => (
            <li key={`${index}-${item.task}`} className="flex items-start justify-between gap-3">
              <span className="text-slate-700 dark:text-slate-300">
                {item.task}
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  {" "}
                  ({item.assignee}
                  {item.dueDate ? `, due ${formatDueDate(item.dueDate)}` : ""})
                </span>
                <MomentLink meetingId={meetingId} source={item.source} about={item.task} />
              </span>
              <button
                type="button"
                className="btn-secondary shrink-0"
                disabled={adding !== null}
                aria-label={`Add "${item.task}" as an action item`}
                onClick={() => add(item, index)}
              >
                {adding === index ? "Adding..." : "Add"}
              </button>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
