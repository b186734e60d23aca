import { StatusBadge } from "../meetings/status-badge";

// Invented sample content, in the app's own markup: the meeting page's header and summary cards, and a Meeting
// Intelligence answer citing that meeting. Static: no data, no links a visitor could not follow.
const MEETING = {
  client: "Hendricks Family Trust",
  type: "Portfolio Review",
  title: "Quarterly portfolio review",
  date: "March 12, 2026",
  summary:
    "The trustees approved moving 5% from US equities into short-term bonds before the June review. Liquidity for the spring tuition payment is covered by the money-market position.",
  actions: [
    { task: "Send the rebalancing trade list for signature", assignee: "Morgan Reyes" },
    { task: "Confirm the 529 contribution change with the custodian", assignee: "Dana Hendricks" },
  ],
};

const LABEL = "text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400";

function MeetingCard() {
  return (
    <div className="card overflow-hidden shadow-xl shadow-indigo-900/10 dark:shadow-black/40">
      <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-5 py-3 dark:border-slate-800 dark:bg-slate-800/60">
        <span className="h-2.5 w-2.5 rounded-full bg-red-400" />
        <span className="h-2.5 w-2.5 rounded-full bg-amber-400" />
        <span className="h-2.5 w-2.5 rounded-full bg-emerald-400" />
        <span className="ml-3 truncate text-xs text-slate-600 dark:text-slate-400">Meeting summary</span>
      </div>
      <div className="space-y-4 p-5 pb-10">
        <div>
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <span className="font-medium text-indigo-700 dark:text-indigo-300">{MEETING.client}</span>
            <span aria-hidden>·</span>
            <span>{MEETING.type}</span>
            <StatusBadge status="Processed" />
          </div>
          <p className="mt-1 text-lg font-semibold text-slate-900 dark:text-slate-100">{MEETING.title}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{MEETING.date}</p>
        </div>
        <div>
          <p className={LABEL}>Executive Summary</p>
          <p className="mt-1 text-sm leading-6 text-slate-700 dark:text-slate-300">{MEETING.summary}</p>
        </div>
        <div>
          <p className={LABEL}>Action Items</p>
          <ul className="mt-2 space-y-2">
            {MEETING.actions.map((item) => (
              <li key={item.task} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
                <p className="text-sm text-slate-800 dark:text-slate-200">{item.task}</p>
                <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">Assigned to: {item.assignee}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

function CitedAnswer() {
  return (
    <div className="card space-y-3 p-4 shadow-xl shadow-indigo-900/10 dark:shadow-black/40">
      <p className="text-xs font-semibold text-indigo-700 dark:text-indigo-300">Meeting Intelligence</p>
      <p className="ml-auto w-fit max-w-[90%] rounded-2xl bg-indigo-600 px-3 py-2 text-sm text-white">
        What did we agree with the Hendricks trust?
      </p>
      <div className="max-w-[95%] rounded-2xl bg-slate-50 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800/60 dark:text-slate-200">
        <p>
          They approved moving <strong>5% into short-term bonds</strong> before the June review; you send the trade list
          for signature.
        </p>
        <p className="mt-2 border-t border-slate-200 pt-2 text-xs dark:border-slate-700">
          <span className="font-medium text-indigo-700 underline dark:text-indigo-300">{MEETING.title}</span>
          <span className="text-slate-600 dark:text-slate-400"> · {MEETING.date}</span>
        </p>
      </div>
    </div>
  );
}

/** The landing hero's product visual: a processed meeting and, over its bottom margin, a cited answer about it. */
export function ProductPreview() {
  return (
    <figure className="relative mx-auto w-full max-w-md lg:max-w-none">
      <figcaption className="sr-only">
        An example meeting in the app: its executive summary, action items, and a Meeting Intelligence answer that cites
        it.
      </figcaption>
      <div className="lg:mr-10">
        <MeetingCard />
      </div>
      <div className="relative -mt-6 ml-8 sm:ml-16 lg:ml-24">
        <CitedAnswer />
      </div>
    </figure>
  );
}
