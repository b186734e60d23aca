import type { AccountSettings, ClientItem } from "@cm/api/models";
import { useState } from "react";
import { Link } from "react-router";
import { mutate } from "swr";
import { ACCOUNT_SETTINGS_KEY } from "../../lib/account-keys";
import { apiRequest } from "../../lib/api-request";
import { formatShortDate } from "../../lib/meeting-format";
import { toast } from "../../lib/toast";
import { readMessage } from "./retention-settings";

/** Held clients and meetings, each with its release; a client can be held from here. */
export function LegalHolds({ holds, clients }: { holds: AccountSettings["legalHolds"]; clients: ClientItem[] }) {
  const [clientId, setClientId] = useState("");
  const [busy, setBusy] = useState(false);
  const held = new Set(holds.clients.map((client) => client.id));
  const free = clients.filter((client) => !held.has(client.id));

  async function change(method: "PUT" | "DELETE", path: string, done: string) {
    setBusy(true);
    try {
      await apiRequest(method, path);
      await mutate(ACCOUNT_SETTINGS_KEY);
      toast({ title: done });
      setClientId("");
    } catch (error) {
      const message = readMessage((error as Error).message.replace(/^\d+: /, ""));
      toast({ title: "Legal hold not changed", description: message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card space-y-4 p-5" aria-labelledby="holds-title">
      <div>
        <h2 id="holds-title" className="text-lg font-semibold">
          Legal holds
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Nothing under a hold is deleted or disposed of, whatever the schedule, until you release it.
        </p>
      </div>
      {holds.clients.length === 0 && holds.meetings.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No client or meeting is under a legal hold.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {holds.clients.map((client) => (
            <HeldRow
              key={`c${client.id}`}
              name={client.name}
              kind="Client"
              since={client.heldAt}
              busy={busy}
              onRelease={() => change("DELETE", `/api/clients/${client.id}/legal-hold`, "Legal hold released")}
            />
          ))}
          {holds.meetings.map((meeting) => (
            <HeldRow
              key={`m${meeting.id}`}
              name={meeting.name}
              kind="Meeting"
              href={`/meetings/${meeting.id}`}
              since={meeting.heldAt}
              busy={busy}
              onRelease={() => change("DELETE", `/api/meetings/${meeting.id}/legal-hold`, "Legal hold released")}
            />
          ))}
        </ul>
      )}
      {free.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <label className="block min-w-56 flex-1">
            <span className="label">Place a client under legal hold</span>
            <select className="input" value={clientId} onChange={(event) => setClientId(event.target.value)}>
              <option value="">Choose a client</option>
              {free.map((client) => (
                <option key={client.id} value={client.id}>
                  {client.name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn-secondary"
            disabled={!clientId || busy}
            onClick={() => change("PUT", `/api/clients/${clientId}/legal-hold`, "Legal hold placed")}
          >
            Place hold
          </button>
        </div>
      ) : null}
    </section>
  );
}

function HeldRow(props: {
  name: string;
  kind: "Client" | "Meeting";
  href?: string;
  since: string;
  busy: boolean;
  onRelease: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        {props.href ? (
          <Link to={props.href} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            {props.name}
          </Link>
        ) : (
          <span className="font-medium">{props.name}</span>
        )}
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {props.kind}, held since {formatShortDate(props.since)}
        </p>
      </div>
      <button type="button" className="btn-secondary" disabled={props.busy} onClick={props.onRelease}>
        Release
      </button>
    </li>
  );
}
