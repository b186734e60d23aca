import { MeetingList } from "../components/meetings/meeting-row";
import { MeetingsFrame } from "../components/meetings/meetings-frame";
import { PagedMeetings } from "../components/meetings/paged-meetings";
import { ALL_MEETINGS_KEY, MEETING_PAGE_SIZE, meetingsKey } from "../lib/meeting-keys";

/** A `yyyy-MM-dd` day in the browser's time zone as the instants that bound it. */
function localDayBounds(date: string): { from: string; to: string } {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return { from: new Date(y, m - 1, d).toISOString(), to: new Date(y, m - 1, d + 1).toISOString() };
}

/** /meetings: every meeting of the user, newest first, page by page, with the dashboard's filters. */
export default function MeetingsPage() {
  return (
    <MeetingsFrame title="Meetings" subtitle="All your client meetings, newest first">
      {({ clientId, date }) => {
        const firstKey =
          clientId === null && !date
            ? ALL_MEETINGS_KEY
            : meetingsKey({ clientId, ...(date ? localDayBounds(date) : {}), limit: MEETING_PAGE_SIZE });
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
