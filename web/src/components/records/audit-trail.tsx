import type { AuditLogEntry, AuditLogPage } from "@cm/api/models";
import { format } from "date-fns";
import { useState } from "react";
import useSWR from "swr";
import { apiRequest } from "../../lib/api-request";

/** What GET /api/audit-log/verify answers. */
interface Verification {
  ok: boolean;
  rows: number;
  firstBadRow: { id: number | null; seq: number; reason: string } | null;
}

/** The actions a reader can filter by, as the trail names them (api/src/modules/audit/audit-actions.ts). */
const ACTION_FILTERS: [string, string][] = [
  ["", "All activity"],
  ["auth.sign-in", "Signed in"],
  ["auth.sign-in-failed", "Failed sign-in"],
  ["meeting.viewed", "Meeting viewed"],
  ["transcript.viewed", "Transcript viewed"],
  ["recording.played", "Recording played"],
  ["recording.downloaded", "Recording downloaded"],
  ["search.asked", "Search asked"],
  ["meeting.exported", "Meeting exported"],
  ["email.sent", "Follow-up e-mail sent"],
  ["summary.edited", "Notes edited"],
  ["meeting.deleted", "Meeting deleted"],
  ["client.deleted", "Client deleted"],
  ["settings.changed", "Settings changed"],
];

/** The trail's query for the chosen filters (days are the reader's local days). */
function queryOf(action: string, fromDay: string, toDay: string): string {
  const params = new URLSearchParams();
  if (action) params.set("action", action);
  if (fromDay) params.set("from", new Date(`${fromDay}T00:00:00`).toISOString());
  if (toDay) params.set("to", new Date(new Date(`${toDay}T00:00:00`).getTime() + 86_400_000).toISOString());
  return params.toString();
}

/**
 * The account's audit trail (for the /account page): who did what, when and from where, filtered by action and
 * days, paged, downloadable as CSV, and verified against its hash chain on request.
 */
export function AuditTrail() {
  const [action, setAction] = useState("");
  const [fromDay, setFromDay] = useState("");
  const [toDay, setToDay] = useState("");
  const query = queryOf(action, fromDay, toDay);
  const { data, error } = useSWR<AuditLogPage>(`/api/audit-log${query ? `?${query}` : ""}`, {
    revalidateOnMount: true,
  });
  const [more, setMore] = useState<{ query: string; entries: AuditLogEntry[]; cursor: string | null } | null>(null);
  const [verification, setVerification] = useState<Verification | "checking" | "failed" | null>(null);
  const extra = more?.query === query ? more : null;
  const entries = [...(data?.entries ?? []), ...(extra?.entries ?? [])];
  const cursor = extra ? extra.cursor : (data?.nextCursor ?? null);

  async function loadMore() {
    if (!cursor) return;
    const page = await apiRequest<AuditLogPage>("GET", `/api/audit-log?${query}${query ? "&" : ""}cursor=${cursor}`);
    setMore({ query, entries: [...(extra?.entries ?? []), ...page.entries], cursor: page.nextCursor });
  }

  async function verify() {
    setVerification("checking");
    try {
      setVerification(await apiRequest<Verification>("GET", "/api/audit-log/verify"));
    } catch {
      setVerification("failed");
    }
  }

  return (
    <section className="card p-5" aria-labelledby="audit-trail-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="audit-trail-title" className="text-lg font-semibold">
            Audit trail
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Who did what, when and from where. Entries cannot be changed or removed; each carries the fingerprint of the
            one before it.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" onClick={verify} disabled={verification === "checking"}>
            {verification === "checking" ? "Verifying..." : "Verify the trail"}
          </button>
          <a className="btn-secondary" href={`/api/audit-log.csv${query ? `?${query}` : ""}`} download>
            Download CSV
          </a>
        </div>
      </div>
      <VerificationLine verification={verification} />
      <div className="mt-4 flex flex-wrap gap-3 text-sm">
        <label className="flex flex-col gap-1">
          <span className="font-medium">Activity</span>
          <select className="input" value={action} onChange={(event) => setAction(event.target.value)}>
            {ACTION_FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-medium">From</span>
          <input className="input" type="date" value={fromDay} onChange={(event) => setFromDay(event.target.value)} />
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-medium">To</span>
          <input className="input" type="date" value={toDay} onChange={(event) => setToDay(event.target.value)} />
        </label>
      </div>
      {error ? (
        <p className="mt-4 text-sm text-red-700 dark:text-red-300">The audit trail could not be loaded.</p>
      ) : !data ? (
        <p className="mt-4 text-sm text-slate-500" role="status">
          Loading the audit trail...
        </p>
      ) : entries.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">No activity matches.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500 dark:text-slate-400">
              <tr>
                <th className="py-2 pr-3">When</th>
                <th className="py-2 pr-3">Who</th>
                <th className="py-2 pr-3">What</th>
                <th className="py-2 pr-3">From where</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {entries.map((entry) => (
                <EntryRow key={entry.seq} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cursor ? (
        <button type="button" className="btn-secondary mt-3" onClick={loadMore}>
          Show older entries
        </button>
      ) : null}
    </section>
  );
}

function VerificationLine({ verification }: { verification: Verification | "checking" | "failed" | null }) {
  if (verification === null || verification === "checking") return null;
  if (verification === "failed") {
    return <p className="mt-3 text-sm text-red-700 dark:text-red-300">The trail could not be verified just now.</p>;
  }
  if (verification.ok) {
    return (
      <p className="mt-3 text-sm text-emerald-700 dark:text-emerald-300" role="status">
        The trail is intact: {verification.rows} {verification.rows === 1 ? "entry" : "entries"} verified.
      </p>
    );
  }
  return (
    <p className="mt-3 text-sm text-red-700 dark:text-red-300" role="alert">
      The trail has been altered at entry {verification.firstBadRow?.seq}: {verification.firstBadRow?.reason}.
    </p>
  );
}

/** An entry without a person: a failed sign-in, or the system's own work (a disposal). */
const nobody = (entry: AuditLogEntry) => (entry.action.startsWith("auth.") ? "Not signed in" : "The system");

function EntryRow({ entry }: { entry: AuditLogEntry }) {
  const what = [entry.label, entry.meetingId ? `meeting ${entry.meetingId}` : null].filter(Boolean).join(" · ");
  return (
    <tr>
      <td className="py-2 pr-3 whitespace-nowrap">
        <time dateTime={entry.at}>{format(new Date(entry.at), "MMM d, yyyy HH:mm:ss")}</time>
      </td>
      <td className="py-2 pr-3">{entry.actor ? (entry.actor.name ?? `user ${entry.actor.id}`) : nobody(entry)}</td>
      <td className="py-2 pr-3">{what}</td>
      <td className="py-2 pr-3 text-xs text-slate-500 dark:text-slate-400">
        {[entry.ip, entry.userAgent].filter(Boolean).join(" · ")}
      </td>
    </tr>
  );
}
