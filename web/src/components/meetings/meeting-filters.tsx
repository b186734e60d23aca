import type { ClientItem } from "@cm/api/models";
import { useId } from "react";
import useSWR from "swr";
import { SelectField } from "../ui/select-field";

const ALL = "all";

/** "Filter Meetings": a client (numeric id or null for all) and a date string (or null). */
export function MeetingFilters({
  clientId,
  date,
  onClientChange,
  onDateChange,
}: {
  clientId: number | null;
  date: string | null;
  onClientChange: (clientId: number | null) => void;
  onDateChange: (date: string | null) => void;
}) {
  const { data: clients, isLoading } = useSWR<ClientItem[]>("/api/clients");
  const dateId = useId();
  const options = [
    { label: "All Clients", value: ALL },
    ...(clients ?? []).map((c) => ({ label: c.name, value: String(c.id) })),
  ];
  return (
    <section className="card p-4" aria-labelledby={`${dateId}-title`}>
      <h2 id={`${dateId}-title`} className="mb-3 text-sm font-semibold text-slate-900 dark:text-slate-100">
        Filter Meetings
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {isLoading && !clients ? (
          <div>
            <span className="label">Client</span>
            <div
              className="h-9 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800"
              data-testid="clients-skeleton"
            />
          </div>
        ) : (
          <SelectField
            label="Client"
            placeholder="All Clients"
            options={options}
            value={clientId === null ? null : String(clientId)}
            onChange={(value) => onClientChange(!value || value === ALL ? null : Number(value))}
          />
        )}
        <div>
          <label className="label" htmlFor={dateId}>
            Date
          </label>
          <input
            id={dateId}
            type="date"
            className="input"
            value={date ?? ""}
            onChange={(e) => onDateChange(e.target.value || null)}
          />
        </div>
      </div>
    </section>
  );
}
