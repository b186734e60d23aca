import { useEffect } from "react";
import { useSWRConfig } from "swr";
import { AUTH_KEY } from "./auth-context";
import { revalidateLiveData } from "./live-data";

/** After a refused or broken stream (429, 401, server down), the first wait; doubled each time up to the last. */
const RETRY_FIRST_MS = 5000;
const RETRY_MAX_MS = 5 * 60_000;

/**
 * While `enabled` (signed in) and the tab is visible, listens to GET /api/live and revalidates what the page shows
 * when the user's data changes (a meeting finished processing, here or in another tab or process). Hidden tabs close
 * their stream: browsers allow few connections per site, and coming back catches up at once.
 */
export function useLiveUpdates(enabled: boolean): void {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    function disconnect() {
      source?.close();
      source = undefined;
      clearTimeout(retry);
    }

    function connect() {
      if (source || document.visibilityState === "hidden") return;
      const current = new EventSource("/api/live");
      source = current;
      // Every version event revalidates, the first of each connection too: it covers what changed while not connected.
      current.addEventListener("version", () => {
        failures = 0;
        revalidateLiveData();
      });
      current.addEventListener("signed-out", () => {
        disconnect();
        void mutate(AUTH_KEY);
      });
      current.onerror = () => {
        // CONNECTING: the browser reconnects by itself. CLOSED: refused (401, 429); try again later, less often.
        if (current.readyState !== EventSource.CLOSED) return;
        disconnect();
        retry = setTimeout(connect, Math.min(RETRY_FIRST_MS * 2 ** failures, RETRY_MAX_MS));
        failures++;
      };
    }

    function onVisibility() {
      if (document.visibilityState === "hidden") disconnect();
      else connect();
    }

    connect();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      disconnect();
    };
  }, [enabled, mutate]);
}
