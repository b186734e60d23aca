import { isValid, parseISO } from "date-fns";
import { useSearchParams } from "react-router";

const DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** A day in an address (`yyyy-MM-dd`, a real date), else "" (none). */
export const readDay = (raw: string | null): string =>
  raw !== null && DAY.test(raw) && isValid(parseISO(raw)) ? raw : "";

/**
 * One piece of a page's state kept in its address (`?q=…`, `?assignee=mine`), so a reload or a shared link shows the
 * same. `read` turns the parameter (null when absent) into the value, refusing what is not one; the default value
 * leaves the parameter out. A change replaces the address: Back leaves the page rather than undoing each change.
 */
export function useQueryParam<T extends string>(
  name: string,
  read: (raw: string | null) => T,
  fallback: T,
): [T, (value: T) => void] {
  const [search, setSearch] = useSearchParams();
  const value = read(search.get(name));
  function change(next: T) {
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === fallback) params.delete(name);
        else params.set(name, next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }
  return [value, change];
}

/** A reader for a parameter that takes one of `choices`. */
export const oneOf =
  <T extends string>(choices: readonly T[], fallback: T) =>
  (raw: string | null): T =>
    choices.includes(raw as T) ? (raw as T) : fallback;
