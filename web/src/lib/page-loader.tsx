import type { ComponentType, ReactNode } from "react";
import type { PageRoute } from "../routes";

type Shell = ComponentType<{ children: ReactNode }>;
export type DataLayerComponent = ComponentType<{ fallback: Record<string, unknown>; children: ReactNode }>;

// Loaded page modules by route path. Filled before render on the server and before hydration
// on the client, so the first render is synchronous on both sides and hydration matches.
const loaded = new Map<string, ComponentType>();
const pending = new Map<string, Promise<ComponentType>>();
// The signed-in shell (navigation, recorder banner, upload resumption) is its own chunk: the landing
// page never loads it. Pages with `shell` load it together with their own chunk.
let loadedShell: Shell | undefined;
let pendingShell: Promise<Shell> | undefined;

function preloadShell(): Promise<Shell> {
  if (loadedShell) return Promise.resolve(loadedShell);
  pendingShell ??= import("../components/shell/app-shell").then((m) => {
    loadedShell = m.AppShell;
    return m.AppShell;
  });
  return pendingShell;
}

// The data layer (SWR, auth state, live updates) likewise: the landing page renders without it.
let loadedDataLayer: DataLayerComponent | undefined;
let pendingDataLayer: Promise<DataLayerComponent> | undefined;
const dataLayerListeners = new Set<() => void>();

function preloadDataLayer(): Promise<DataLayerComponent> {
  if (loadedDataLayer) return Promise.resolve(loadedDataLayer);
  pendingDataLayer ??= import("./data-layer").then((m) => {
    loadedDataLayer = m.DataLayer;
    for (const listener of dataLayerListeners) listener();
    return m.DataLayer;
  });
  return pendingDataLayer;
}

/** The data layer once loaded (read by app.tsx through useSyncExternalStore). */
export function loadedDataLayerComponent(): DataLayerComponent | undefined {
  return loadedDataLayer;
}

export function subscribeDataLayer(listener: () => void): () => void {
  dataLayerListeners.add(listener);
  return () => dataLayerListeners.delete(listener);
}

function isPreloaded(route: PageRoute): boolean {
  return loaded.has(route.path) && (!route.shell || !!loadedShell) && (!!route.withoutDataLayer || !!loadedDataLayer);
}

export function preloadPage(route: PageRoute): Promise<ComponentType> {
  const done = loaded.get(route.path);
  if (done && isPreloaded(route)) return Promise.resolve(done);
  let promise = pending.get(route.path);
  if (!promise) {
    promise = Promise.all([
      route.load(),
      route.shell ? preloadShell() : undefined,
      route.withoutDataLayer ? undefined : preloadDataLayer(),
    ]).then(([m]) => {
      loaded.set(route.path, m.default);
      return m.default;
    });
    pending.set(route.path, promise);
  }
  return promise;
}

/** Renders a page, suspending (for the nearest Suspense) while its chunk loads. */
export function PageLoader({ route }: { route: PageRoute }) {
  const Page = loaded.get(route.path);
  if (!Page) throw preloadPage(route);
  return <Page />;
}

/** Wraps a page in the signed-in shell, suspending while the shell's chunk loads. */
export function ShellLoader({ children }: { children: ReactNode }) {
  const AppShell = loadedShell;
  if (!AppShell) throw preloadShell();
  return <AppShell>{children}</AppShell>;
}
