import { type ReactNode, useMemo } from "react";
import { SWRConfig } from "swr";
import { fetchJson } from "./api-request";
import { useAuth } from "./auth-context";
import { AuthStateContext } from "./auth-state";
import { liveDataMiddleware } from "./live-data";
import { MissingKeysProvider } from "./missing-data";
import { useLiveUpdates } from "./use-live-updates";

/**
 * Fills AuthStateContext from GET /api/auth/user (SWR); with `live`, also keeps signed-in pages current
 * (GET /api/live). One child, so React's generated ids below it are the same with or without this layer.
 */
export function AuthStateFromSwr({ children, live = false }: { children: ReactNode; live?: boolean }) {
  const { authenticated, loading } = useAuth();
  useLiveUpdates(live && authenticated);
  const value = useMemo(() => ({ authenticated, loading }), [authenticated, loading]);
  return <AuthStateContext.Provider value={value}>{children}</AuthStateContext.Provider>;
}

/**
 * The app's data: SWR with the server's fallback, the auth state, live updates. Its own chunk: every page
 * but the landing page loads it before its first render (lib/page-loader.tsx).
 */
export function DataLayer({ fallback, children }: { fallback: Record<string, unknown>; children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        fallback,
        fetcher: fetchJson,
        // Data is fetched when a page needs it: no refetch on interval or focus, never stale, no retries.
        revalidateOnFocus: false,
        revalidateIfStale: false,
        shouldRetryOnError: false,
        // What GET /api/live says changed is fetched again (lib/live-data.ts).
        use: [liveDataMiddleware],
      }}
    >
      <MissingKeysProvider fallback={fallback}>
        <AuthStateFromSwr live>{children}</AuthStateFromSwr>
      </MissingKeysProvider>
    </SWRConfig>
  );
}
