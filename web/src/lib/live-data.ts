import { useEffect } from "react";
import type { BareFetcher, Key, Middleware, SWRConfiguration, SWRHook } from "swr";

// The reads a data-version change can alter (api/src/cache/response-cache.ts covers the same): meeting lists and
// pages, stats, clients, tasks. Not notes (the editor owns its text) nor follow-up drafts (one may be under edit).
const LIVE_KEY = /^\/api\/(meetings|stats|clients|action-items)(\/|\?|$)/;

export const isLiveKey = (key: unknown): key is string =>
  typeof key === "string" && LIVE_KEY.test(key) && !key.includes("/follow-up");

/** Paths whose keys are not fetched again (a meeting being deleted): the path itself, its sub-paths and queries. */
const paused = new Set<string>();
const isPaused = (key: string) =>
  [...paused].some((p) => key === p || key.startsWith(`${p}/`) || key.startsWith(`${p}?`));

/**
 * Stops every revalidation of `path` and its sub-paths (live updates, refresh intervals) until the returned function is
 * called: the server announces a deletion as a data change, which may reach the page still showing the meeting before
 * the DELETE's own answer does, and refetching it then is a 404.
 */
export function pauseLiveKey(path: string): () => void {
  paused.add(path);
  return () => {
    paused.delete(path);
  };
}

/** Bumped each time the server says the user's data changed; a key fetched in an older one is stale. */
let generation = 0;
const fetchedIn = new Map<string, number>();
const mounted = new Set<{ key: string; revalidate: () => void }>();

/**
 * Revalidates every live key a mounted component shows (once per key), and marks the others stale so they are
 * fetched again when a page mounts them (the app sets revalidateIfStale: false, which would show them as cached).
 */
export function revalidateLiveData(): void {
  generation++;
  const done = new Set<string>();
  for (const entry of [...mounted]) {
    if (done.has(entry.key) || isPaused(entry.key)) continue;
    done.add(entry.key);
    entry.revalidate();
  }
}

/** SWR middleware: records when each live key was fetched and lets revalidateLiveData reach mounted hooks. */
export const liveDataMiddleware: Middleware =
  (useSWRNext: SWRHook) =>
  <Data, Error>(key: Key, fetcher: BareFetcher<Data> | null, config: SWRConfiguration<Data, Error>) => {
    const live = isLiveKey(key);
    const stale = live && (fetchedIn.get(key) ?? 0) < generation;
    const tracked: BareFetcher<Data> | null =
      live && fetcher
        ? (...args) => {
            fetchedIn.set(key, generation);
            return fetcher(...args);
          }
        : fetcher;
    const own = config.isPaused;
    const withPause: SWRConfiguration<Data, Error> = live
      ? { ...config, isPaused: () => isPaused(key) || (own?.() ?? false) }
      : config;
    const swr = useSWRNext(key, tracked, stale ? { ...withPause, revalidateIfStale: true } : withPause);
    const { mutate } = swr;
    useEffect(() => {
      if (!live) return;
      const entry = { key, revalidate: () => void mutate() };
      mounted.add(entry);
      return () => {
        mounted.delete(entry);
      };
    }, [live, key, mutate]);
    return swr;
  };
