import type { MeetingListItem, Stats } from "@cm/api/models";
import { Link } from "react-router";
import useSWR from "swr";
import { FilteredActivity } from "../components/meetings/filtered-activity";
import { MeetingList } from "../components/meetings/meeting-row";
import { MeetingsFrame } from "../components/meetings/meetings-frame";
import { RECENT_DAYS, RECENT_MEETINGS_KEY } from "../lib/meeting-keys";

function StatCard({
  label,
  value,
  loading,
  link,
}: {
  label: string;
  value: number | undefined;
  loading: boolean;
  /** Where the card leads (the "Meeting Insights" card: the Tasks page). */
  link?: { to: string; label: string };
}) {
  return (
    <div className="card p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
        {link ? (
          <Link to={link.to} className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            {link.label}
          </Link>
        ) : null}
      </div>
      {loading ? (
        <div
          className="mt-2 h-8 w-16 animate-pulse rounded bg-slate-200 dark:bg-slate-800"
          role="status"
          aria-label="Loading"
        />
      ) : (
        <p className="mt-1 text-3xl font-semibold text-slate-900 dark:text-slate-100">{value ?? 0}</p>
      )}
    </div>
  );
}

export default function DashboardPage() {
  const { data: stats, isLoading: statsLoading } = useSWR<Stats>("/api/stats", {
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
  const { data: meetings } = useSWR<MeetingListItem[]>(RECENT_MEETINGS_KEY, { dedupingInterval: 30_000 });
  const statsPending = statsLoading && !stats;
  const since = Date.now() - RECENT_DAYS * 24 * 3600 * 1000;
  return (
    <MeetingsFrame title="Dashboard" subtitle="Manage and analyze your client meetings">
      {({ clientId, date }) => {
        const recent = (meetings ?? []).filter((m) => new Date(m.date).getTime() >= since);
        return (
          <>
            <section aria-labelledby="analytics-title">
              <h2 id="analytics-title" className="mb-3 text-lg font-semibold">
                Analytics Overview
              </h2>
              <div className="grid gap-4 sm:grid-cols-3">
                <StatCard label="Processed Recordings" value={stats?.processedCount} loading={statsPending} />
                <StatCard label="Active Clients" value={stats?.clientCount} loading={statsPending} />
                <StatCard
                  label="Meeting Insights"
                  value={stats?.insightsGenerated}
                  loading={statsPending}
                  link={{ to: "/tasks", label: "View tasks" }}
                />
              </div>
            </section>
            {/* A chosen client or day lists its meetings whatever their age; without one, the last 7 days. */}
            {clientId !== null || date ? (
              <FilteredActivity clientId={clientId} date={date} />
            ) : (
              <section className="card" aria-labelledby="recent-title">
                <h2
                  id="recent-title"
                  className="border-b border-slate-200 p-4 text-lg font-semibold dark:border-slate-800"
                >
                  Recent Activity
                </h2>
                {recent.length === 0 ? (
                  <p className="p-6 text-center text-slate-500 dark:text-slate-400">
                    No meetings have been recorded recently.
                  </p>
                ) : (
                  <MeetingList meetings={recent} />
                )}
              </section>
            )}
          </>
        );
      }}
    </MeetingsFrame>
  );
}
