import type { ClientItem } from "@cm/api/models";
import { useId, useState } from "react";
import useSWR from "swr";
import { ClientRow } from "../components/clients/client-row";
import { CreateClientDialog } from "../components/clients/create-client-dialog";
import { PageHeader } from "../components/ui/page-header";
import { useQueryParam } from "../lib/use-query-param";

const LOADING_ROWS = 5;
/** The search field's own limit: a longer `?q=` (a hand-made link) is cut to it. */
const SEARCH_MAX = 200;
const readSearch = (raw: string | null) => (raw ?? "").slice(0, SEARCH_MAX);

export default function ClientsPage() {
  const { data: clients, isLoading } = useSWR<ClientItem[]>("/api/clients");
  // In the address (?q=), so a reload or Back from a client's meeting keeps the search.
  const [search, setSearch] = useQueryParam("q", readSearch, "");
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const searchId = useId();

  const query = search.trim().toLowerCase();
  const sorted = [...(clients ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const shown = query
    ? sorted.filter((c) => c.name.toLowerCase().includes(query) || c.type.toLowerCase().includes(query))
    : sorted;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Clients"
        subtitle="Manage your client relationships and their meeting history"
        actionLabel="Add Client"
        onAction={() => setCreating(true)}
      />
      <div>
        <label htmlFor={searchId} className="sr-only">
          Search clients
        </label>
        <input
          id={searchId}
          type="search"
          className="input"
          placeholder="Search by name or type..."
          maxLength={SEARCH_MAX}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {query ? (
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{shown.length} client(s) found</p>
        ) : null}
      </div>
      {isLoading && !clients ? (
        <ul className="space-y-3" aria-label="Loading clients">
          {Array.from({ length: LOADING_ROWS }, (_, i) => (
            <li key={i} className="h-16 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
          ))}
        </ul>
      ) : sorted.length === 0 ? (
        <div className="card p-8 text-center">
          <h2 className="text-lg font-semibold">No clients yet</h2>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Create your first client to start managing professional relationships and meetings.
          </p>
          <button type="button" className="btn-primary mt-4" onClick={() => setCreating(true)}>
            Add First Client
          </button>
        </div>
      ) : shown.length === 0 ? (
        <div className="card p-8 text-center">
          <h2 className="text-lg font-semibold">No matching clients found</h2>
          <button type="button" className="btn-primary mt-4" onClick={() => setCreating(true)}>
            Add New Client
          </button>
        </div>
      ) : (
        <ul className="space-y-3">
          {shown.map((client) => (
            <ClientRow
              key={client.id}
              client={client}
              expanded={open === client.id}
              onToggle={() => setOpen(open === client.id ? null : client.id)}
            />
          ))}
        </ul>
      )}
      <CreateClientDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
