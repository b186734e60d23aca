import type { ClientItem } from "@cm/api/models";
import { useState } from "react";

/** The e-discovery export of one client's (or every) records between two days, and the account's own export. */
export function RecordsExports({ clients }: { clients: ClientItem[] }) {
  const [clientId, setClientId] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [recordings, setRecordings] = useState(false);
  const query = new URLSearchParams();
  if (clientId) query.set("clientId", clientId);
  if (from) query.set("from", `${from}T00:00:00.000Z`);
  if (to) query.set("to", `${to}T23:59:59.999Z`);
  if (recordings) query.set("recordings", "true");
  const inOrder = !from || !to || from <= to;

  return (
    <section className="card space-y-4 p-5" aria-labelledby="exports-title">
      <div>
        <h2 id="exports-title" className="text-lg font-semibold">
          Exports
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          A zip with each meeting's transcript, notes and summary with every version, the e-mails sent, the audit
          trail's entries about them, and a manifest of fingerprints. Check a zip with{" "}
          <code>bun run records:verify</code>.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="block">
          <span className="label">Client</span>
          <select className="input" value={clientId} onChange={(event) => setClientId(event.target.value)}>
            <option value="">All clients</option>
            {clients.map((client) => (
              <option key={client.id} value={client.id}>
                {client.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="label">Meetings from</span>
          <input className="input" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="block">
          <span className="label">Meetings to</span>
          <input className="input" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={recordings} onChange={(event) => setRecordings(event.target.checked)} />
        Include the recordings
      </label>
      {inOrder ? null : (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The first day comes after the last.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {inOrder ? (
          <a className="btn-primary" href={`/api/records/export${query.size ? `?${query}` : ""}`} download>
            Export records
          </a>
        ) : null}
        <a className="btn-secondary" href="/api/account/export" download>
          Download everything of my account
        </a>
      </div>
    </section>
  );
}
