import { useSearchParams } from "react-router";
import { readDay } from "../../lib/use-query-param";

export interface MeetingFilterValues {
  clientId: number | null;
  /** yyyy-MM-dd */
  date: string | null;
}

const CLIENT_ID = /^[1-9][0-9]{0,14}$/;

/** The filters an address names (`?client=4&date=2026-03-03`); a value that is not one (a typo, a junk link) is none. */
export function filtersFromSearch(search: URLSearchParams): MeetingFilterValues {
  const client = search.get("client");
  const date = search.get("date");
  return {
    clientId: client !== null && CLIENT_ID.test(client) ? Number(client) : null,
    date: readDay(date) || null,
  };
}

/**
 * The dashboard's and /meetings' filters, kept in the address so a reload, Back from a meeting or a shared link
 * shows the same list. A change replaces the address: Back leaves the page rather than undoing each choice.
 */
export function useMeetingFilters(): [MeetingFilterValues, (change: Partial<MeetingFilterValues>) => void] {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  function change(next: Partial<MeetingFilterValues>) {
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        const merged = { ...filtersFromSearch(current), ...next };
        if (merged.clientId === null) params.delete("client");
        else params.set("client", String(merged.clientId));
        if (merged.date === null) params.delete("date");
        else params.set("date", merged.date);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }
  return [filters, change];
}
