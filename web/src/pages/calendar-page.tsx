import type { MeetingListItem } from "@cm/api/models";
import { format, isSameDay, startOfMonth } from "date-fns";
import { useState } from "react";
import { Link } from "react-router";
import useSWR from "swr";
import { MonthCalendar } from "../components/meetings/month-calendar";
import { StatusBadge } from "../components/meetings/status-badge";
import { UploadModal } from "../components/meetings/upload-modal";
import { PageHeader } from "../components/ui/page-header";
import { clientNameOf, meetingTime } from "../lib/meeting-format";
import { calendarMonthKey } from "../lib/meeting-keys";

export default function CalendarPage() {
  const [selected, setSelected] = useState(() => new Date());
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const [uploadOpen, setUploadOpen] = useState(false);
  // A month and its margins; each meeting then lands on its local day below.
  const { data: meetings, isLoading } = useSWR<MeetingListItem[]>(calendarMonthKey(month), {
    keepPreviousData: true,
  });
  const days = new Set((meetings ?? []).map((m) => format(new Date(m.date), "yyyy-MM-dd")));
  const today = (meetings ?? []).filter((m) => isSameDay(new Date(m.date), selected));

  return (
    <div className="space-y-6">
      <PageHeader title="Calendar" actionLabel="Schedule New Meeting" onAction={() => setUploadOpen(true)} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <MonthCalendar
          month={month}
          selected={selected}
          daysWithMeetings={days}
          onSelect={setSelected}
          onMonthChange={setMonth}
        />
        <section className="card p-4" aria-labelledby="day-title">
          <h2 id="day-title" className="mb-3 font-semibold">
            {format(selected, "EEEE, MMMM d, yyyy")}
          </h2>
          {isLoading && !meetings ? (
            <p className="text-slate-500 dark:text-slate-400">Loading meetings...</p>
          ) : today.length === 0 ? (
            <p className="text-slate-500 dark:text-slate-400">No meetings scheduled for this date</p>
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {today.map((m) => (
                <li key={m.id} className="flex flex-wrap items-center gap-3 py-3">
                  <span className="w-12 font-mono text-sm text-slate-600 dark:text-slate-400">{meetingTime(m)}</span>
                  <div className="min-w-0 flex-1">
                    <Link
                      to={`/meetings/${m.id}`}
                      className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                    >
                      {m.title}
                    </Link>
                    <p className="text-sm text-slate-500 dark:text-slate-400">
                      {clientNameOf(m)}
                      {m.duration ? ` · ${Math.max(1, Math.round(m.duration / 60))} min` : ""}
                    </p>
                  </div>
                  <StatusBadge status={m.status} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <UploadModal open={uploadOpen} onOpenChange={setUploadOpen} initialDate={format(selected, "yyyy-MM-dd")} />
    </div>
  );
}
