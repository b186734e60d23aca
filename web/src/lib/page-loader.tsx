import type { ComponentType, ReactNode } from "react";
import type { PageRoute } from "../routes";

type Shell = ComponentType<{ children: ReactNode }>;

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

export function preloadPage(route: PageRoute): Promise<ComponentType> {
  const done = loaded.get(route.path);
  if (done && (!route.shell || loadedShell)) return Promise.resolve(done);
  let promise = pending.get(route.path);
  if (!promise) {
    promise = Promise.all([route.load(), route.shell ? preloadShell() : undefined]).then(([m]) => {
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
