import type { MeetingListItem } from "@cm/api/models";
import { format, isSameDay, parseISO, startOfMonth } from "date-fns";
import { useState } from "react";
import { Link } from "react-router";
import useSWR from "swr";
import { CalendarFeedPanel } from "../components/calendar/calendar-feed-panel";
import { ScheduleMeetingDialog } from "../components/calendar/schedule-meeting-dialog";
import { ScheduleSuggestions } from "../components/calendar/schedule-suggestions";
import { MonthCalendar } from "../components/meetings/month-calendar";
import type { PlannedMeeting } from "../components/meetings/planned-upload";
import { StatusBadge } from "../components/meetings/status-badge";
import { UploadModal } from "../components/meetings/upload-modal";
import { PageHeader } from "../components/ui/page-header";
import { clientNameOf, isScheduled, meetingTime } from "../lib/meeting-format";
import { calendarMonthKey } from "../lib/meeting-keys";
import { readDay, useQueryParam } from "../lib/use-query-param";

export default function CalendarPage() {
  // The chosen day is in the address (?day=yyyy-MM-dd), so a reload or Back from a meeting shows the same day.
  const [day, setDay] = useQueryParam("day", readDay, "");
  const [now] = useState(() => new Date());
  const selected = day ? parseISO(day) : now;
  const setSelected = (next: Date) => setDay(format(next, "yyyy-MM-dd"));
  const [month, setMonth] = useState(() => startOfMonth(selected));
  const [scheduleOpen, setScheduleOpen] = useState(false);
  // The planned meeting whose recording is being uploaded (the upload takes its place).
  const [recording, setRecording] = useState<PlannedMeeting | null>(null);
  // A month and its margins; each meeting then lands on its local day below.
  const { data: meetings, isLoading } = useSWR<MeetingListItem[]>(calendarMonthKey(month), {
    keepPreviousData: true,
  });
  const days = new Set((meetings ?? []).map((m) => format(new Date(m.date), "yyyy-MM-dd")));
  // The list is newest first; a day reads in the order of its hours.
  const today = (meetings ?? []).filter((m) => isSameDay(new Date(m.date), selected)).reverse();

  /** Shows the day a meeting was just planned on. */
  function showDay(day: Date) {
    setSelected(day);
    setMonth(startOfMonth(day));
  }

  return (
    <div className="space-y-6">
      <PageHeader title="Calendar" actionLabel="Schedule New Meeting" onAction={() => setScheduleOpen(true)} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <div className="space-y-6">
          <MonthCalendar
            month={month}
            selected={selected}
            daysWithMeetings={days}
            onSelect={setSelected}
            onMonthChange={setMonth}
          />
        </div>
        <div className="min-w-0 space-y-6">
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
                    {isScheduled(m.status) ? (
                      <Link
                        to={`/record?meetingId=${m.id}&clientId=${m.clientId}`}
                        className="btn-secondary"
                        aria-label={`Record meeting ${m.title}`}
                      >
                        Record meeting
                      </Link>
                    ) : null}
                    {isScheduled(m.status) ? (
                      <button
                        type="button"
                        className="btn-secondary"
                        aria-label={`Upload recording of ${m.title}`}
                        onClick={() => setRecording({ id: m.id, clientId: m.clientId, title: m.title, date: m.date })}
                      >
                        Upload recording
                      </button>
                    ) : null}
                    <StatusBadge status={m.status} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <ScheduleSuggestions onScheduled={showDay} />
          <CalendarFeedPanel />
        </div>
      </div>
      <ScheduleMeetingDialog
        open={scheduleOpen}
        onOpenChange={setScheduleOpen}
        initialDate={format(selected, "yyyy-MM-dd")}
        onScheduled={showDay}
      />
      <UploadModal
        open={recording !== null}
        onOpenChange={(open) => {
          if (!open) setRecording(null);
        }}
        planned={recording ?? undefined}
      />
    </div>
  );
}
