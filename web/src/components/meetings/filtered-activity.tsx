import type { ClientItem } from "@cm/api/models";
import { format, parseISO } from "date-fns";
import useSWR from "swr";
import { filteredMeetingsKey } from "../../lib/meeting-keys";
import { MeetingList } from "./meeting-row";
import { PagedMeetings } from "./paged-meetings";

/** What the filtered list is, in words: "Meetings with Okafor Holdings on March 3, 2026". */
export function filteredHeading(clientName: string | null, date: string | null): string {
  const day = date ? format(parseISO(date), "MMMM d, yyyy") : null;
  if (clientName && day) return `Meetings with ${clientName} on ${day}`;
  if (clientName) return `All meetings with ${clientName}`;
  return `Meetings on ${day}`;
}

/**
 * The dashboard's activity once a client or a day is chosen: every meeting of that client or day, whatever its age
 * (Recent Activity alone keeps to the last 7 days), page by page, under a heading that says what it lists.
 */
export function FilteredActivity({ clientId, date }: { clientId: number | null; date: string | null }) {
  const { data: clients } = useSWR<ClientItem[]>("/api/clients");
  const client = clientId === null ? null : (clients?.find((c) => c.id === clientId)?.name ?? "this client");
  const firstKey = filteredMeetingsKey(clientId, date);
  return (
    <section className="card" aria-labelledby="filtered-title">
      <h2 id="filtered-title" className="border-b border-slate-200 p-4 text-lg font-semibold dark:border-slate-800">
        {filteredHeading(client, date)}
      </h2>
      <PagedMeetings
        key={firstKey}
        firstKey={firstKey}
        loading={<p className="p-6 text-slate-500 dark:text-slate-400">Loading meetings...</p>}
        empty={
          <p className="p-6 text-center text-slate-500 dark:text-slate-400">
            No meetings match this{" "}
            {clientId !== null && date ? "client and date" : clientId !== null ? "client" : "date"}.
          </p>
        }
        renderPage={(meetings) => <MeetingList meetings={meetings} />}
      />
    </section>
  );
}
