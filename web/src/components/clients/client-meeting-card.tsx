import type { MeetingListItem } from "@cm/api/models";
import { Link } from "react-router";
import { formatShortDate, isPending, isScheduled, PLANNED_PREVIEW, summaryPreview } from "../../lib/meeting-format";
import { MEETING_REFERRER_KEY } from "../meetings/delete-meeting";
import { StatusBadge } from "../meetings/status-badge";

/** A meeting inside an expanded client row: summary box, next steps, link to details. */
export function ClientMeetingCard({ meeting }: { meeting: MeetingListItem }) {
  const pending = isPending(meeting.status);
  const actions = meeting.action_items.slice(0, 3);
  return (
    <article className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold text-slate-900 dark:text-slate-100">{meeting.title}</h4>
        <div className="flex items-center gap-2">
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
            {meeting.type}
          </span>
          <StatusBadge status={meeting.status} />
        </div>
      </div>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{formatShortDate(meeting.date)}</p>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
          <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            Summary
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {pending
              ? "Processing transcription..."
              : isScheduled(meeting.status)
                ? PLANNED_PREVIEW
                : summaryPreview(meeting, 200, "No summary available.")}
          </p>
        </div>
        <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
          <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            Next Steps
          </p>
          {pending ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">Awaiting processing completion</p>
          ) : actions.length ? (
            <ul className="list-disc space-y-1 pl-4 text-sm text-slate-700 dark:text-slate-300">
              {actions.map((a, i) => (
                <li key={i}>
                  {a.task}
                  {a.assignee ? ` (${a.assignee})` : ""}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">View meeting details for action items</p>
          )}
        </div>
      </div>
      <Link
        to={`/meetings/${meeting.id}`}
        onClick={() => sessionStorage.setItem(MEETING_REFERRER_KEY, "/clients")}
        className="mt-3 inline-block text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
      >
        View Details
      </Link>
    </article>
  );
}
