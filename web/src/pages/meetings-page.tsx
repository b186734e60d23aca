import { MeetingList } from "../components/meetings/meeting-row";
import { MeetingsFrame } from "../components/meetings/meetings-frame";
import { PagedMeetings } from "../components/meetings/paged-meetings";
import { ALL_MEETINGS_KEY, filteredMeetingsKey } from "../lib/meeting-keys";

/** /meetings: every meeting of the user, newest first, page by page, with the dashboard's filters. */
export default function MeetingsPage() {
  return (
    <MeetingsFrame title="Meetings" subtitle="All your client meetings, newest first">
      {({ clientId, date }) => {
        const firstKey = clientId === null && !date ? ALL_MEETINGS_KEY : filteredMeetingsKey(clientId, date);
        return (
          <section className="card">
            <PagedMeetings
              key={firstKey}
              firstKey={firstKey}
              loading={<p className="p-6 text-slate-500 dark:text-slate-400">Loading meetings...</p>}
              empty={
                <p className="p-6 text-center text-slate-500 dark:text-slate-400">No meetings match these filters.</p>
              }
              renderPage={(meetings) => (
                <MeetingList meetings={meetings} className="border-b border-slate-100 dark:border-slate-800" />
              )}
            />
          </section>
        );
      }}
    </MeetingsFrame>
  );
}
