import { useState } from "react";
import { MeetingFilters } from "../components/meetings/meeting-filters";
import { MeetingRow } from "../components/meetings/meeting-row";
import { PagedMeetings } from "../components/meetings/paged-meetings";
import { UploadModal } from "../components/meetings/upload-modal";
import { ALL_MEETINGS_KEY, MEETING_PAGE_SIZE, meetingsKey } from "../lib/meeting-keys";

/** A `yyyy-MM-dd` day in the browser's time zone as the instants that bound it. */
function localDayBounds(date: string): { from: string; to: string } {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return { from: new Date(y, m - 1, d).toISOString(), to: new Date(y, m - 1, d + 1).toISOString() };
}

/** /meetings: every meeting of the user, newest first, page by page, with the dashboard's filters. */
export default function MeetingsPage() {
  const [clientId, setClientId] = useState<number | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const firstKey =
    clientId === null && !date
      ? ALL_MEETINGS_KEY
      : meetingsKey({ clientId, ...(date ? localDayBounds(date) : {}), limit: MEETING_PAGE_SIZE });
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900 dark:text-slate-100">Meetings</h1>
          <p className="text-slate-600 dark:text-slate-400">All your client meetings, newest first</p>
        </div>
        <button type="button" className="btn-primary" onClick={() => setUploadOpen(true)}>
          Upload Audio
        </button>
      </div>
      <MeetingFilters clientId={clientId} date={date} onClientChange={setClientId} onDateChange={setDate} />
      <section className="card">
        <PagedMeetings
          key={firstKey}
          firstKey={firstKey}
          loading={<p className="p-6 text-slate-500 dark:text-slate-400">Loading meetings...</p>}
          empty={<p className="p-6 text-center text-slate-500 dark:text-slate-400">No meetings match these filters.</p>}
          renderPage={(meetings) => (
            <ul className="divide-y divide-slate-100 border-b border-slate-100 dark:divide-slate-800 dark:border-slate-800">
              {meetings.map((m) => (
                <MeetingRow key={m.id} meeting={m} />
              ))}
            </ul>
          )}
        />
      </section>
      <UploadModal open={uploadOpen} onOpenChange={setUploadOpen} />
    </div>
  );
}
