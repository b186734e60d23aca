import { createContext, type ReactNode, useContext } from "react";

/**
 * The server's fallback entry listing the data keys the API answered 404 for while the page was rendered (a meeting
 * that does not exist or is another account's): the page shows its not-found content in the first HTML and at
 * hydration, where SWR alone would show it loading.
 */
export const MISSING_KEYS = "missing-on-server";

const MissingKeysContext = createContext<readonly string[]>([]);

function missingKeysOf(fallback: Record<string, unknown>): readonly string[] {
  const keys = fallback[MISSING_KEYS];
  return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === "string") : [];
}

export function MissingKeysProvider({
  fallback,
  children,
}: {
  fallback: Record<string, unknown>;
  children: ReactNode;
}) {
  return <MissingKeysContext.Provider value={missingKeysOf(fallback)}>{children}</MissingKeysContext.Provider>;
}

/** Whether the server was told `key` does not exist when it rendered this page. */
export function useMissingOnServer(key: string | null): boolean {
  const missing = useContext(MissingKeysContext);
  return key !== null && missing.includes(key);
}
