import { createContext, type ReactNode, useContext, useMemo, useRef } from "react";
import { useLocation } from "react-router";

/**
 * The server's fallback entry listing the data keys the API answered 404 for while the page was rendered (a meeting
 * that does not exist or is another account's): the page shows its not-found content in the first HTML and at
 * hydration, where SWR alone would show it loading.
 */
export const MISSING_KEYS = "missing-on-server";

const NONE: readonly string[] = [];
const MissingKeysContext = createContext<readonly string[]>(NONE);

function missingKeysOf(fallback: Record<string, unknown>): readonly string[] {
  const keys = fallback[MISSING_KEYS];
  return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === "string") : NONE;
}

/**
 * The server's word holds for the address it rendered only: after a navigation the page's own requests decide (an id
 * that named nothing then may name a new meeting later).
 */
export function MissingKeysProvider({
  fallback,
  children,
}: {
  fallback: Record<string, unknown>;
  children: ReactNode;
}) {
  // The location the layer first renders is the one the server rendered; a reload keeps its history entry's key, so
  // the key itself says nothing: only whether it is still the first.
  const { key } = useLocation();
  const rendered = useRef(key);
  const missing = useMemo(() => missingKeysOf(fallback), [fallback]);
  return (
    <MissingKeysContext.Provider value={key === rendered.current ? missing : NONE}>
      {children}
    </MissingKeysContext.Provider>
  );
}

/** Whether the server was told `key` does not exist when it rendered this page. */
export function useMissingOnServer(key: string | null): boolean {
  const missing = useContext(MissingKeysContext);
  return key !== null && missing.includes(key);
}
