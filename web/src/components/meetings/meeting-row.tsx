import type { MeetingListItem } from "@cm/api/models";
import { Link } from "react-router";
import { clientNameOf, formatLongDate, isScheduled, PLANNED_PREVIEW, summaryPreview } from "../../lib/meeting-format";
import { MEETING_REFERRER_KEY } from "./delete-meeting";
import { StatusBadge } from "./status-badge";

/** One meeting in a list: client, type, title, short summary, date, status; links to the detail page. */
export function MeetingRow({ meeting }: { meeting: MeetingListItem }) {
  return (
    <li>
      <Link
        to={`/meetings/${meeting.id}`}
        // The meeting's Back returns to this list with its filters (they are in the address).
        onClick={() => sessionStorage.setItem(MEETING_REFERRER_KEY, window.location.pathname + window.location.search)}
        className="block rounded-lg p-4 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-slate-800/60"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex min-w-0 items-center gap-2 text-sm">
            <span className="truncate font-medium text-indigo-700 dark:text-indigo-300">{clientNameOf(meeting)}</span>
            <span className="text-slate-500 dark:text-slate-400">·</span>
            <span className="text-slate-500 dark:text-slate-400">{meeting.type}</span>
          </div>
          <StatusBadge status={meeting.status} />
        </div>
        <p className="mt-1 font-semibold text-slate-900 dark:text-slate-100">{meeting.title}</p>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">
          {isScheduled(meeting.status)
            ? PLANNED_PREVIEW
            : summaryPreview(meeting, 150, "Processing meeting summary...")}
        </p>
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{formatLongDate(meeting.date)}</p>
      </Link>
    </li>
  );
}

const LIST = "divide-y divide-slate-100 dark:divide-slate-800";

/** Meetings as rows, one under the other. */
export function MeetingList({ meetings, className }: { meetings: MeetingListItem[]; className?: string }) {
  return (
    <ul className={className ? `${LIST} ${className}` : LIST}>
      {meetings.map((meeting) => (
        <MeetingRow key={meeting.id} meeting={meeting} />
      ))}
    </ul>
  );
}
