import { useState } from "react";
import useSWR from "swr";
import { filterMeetings, MeetingFilters } from "../components/meetings/meeting-filters";
import { MeetingRow } from "../components/meetings/meeting-row";
import { UploadModal } from "../components/meetings/upload-modal";
import type { MeetingListItem } from "../lib/api-types";

/** /meetings: every meeting of the user, with the dashboard's filters. */
export default function MeetingsPage() {
  const [clientId, setClientId] = useState<number | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const { data: meetings, isLoading } = useSWR<MeetingListItem[]>("/api/meetings");
  const shown = filterMeetings(meetings ?? [], clientId, date);
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
        {isLoading && !meetings ? (
          <p className="p-6 text-slate-500">Loading meetings...</p>
        ) : shown.length === 0 ? (
          <p className="p-6 text-center text-slate-500">No meetings match these filters.</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {shown.map((m) => (
              <MeetingRow key={m.id} meeting={m} />
            ))}
          </ul>
        )}
      </section>
      <UploadModal open={uploadOpen} onOpenChange={setUploadOpen} />
    </div>
  );
}
