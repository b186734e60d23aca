import type { ComponentType } from "react";
import type { PageRoute } from "../routes";

// Loaded page modules by route path. Filled before render on the server and before hydration
// on the client, so the first render is synchronous on both sides and hydration matches.
const loaded = new Map<string, ComponentType>();
const pending = new Map<string, Promise<ComponentType>>();

export function preloadPage(route: PageRoute): Promise<ComponentType> {
  const done = loaded.get(route.path);
  if (done) return Promise.resolve(done);
  let promise = pending.get(route.path);
  if (!promise) {
    promise = route.load().then((m) => {
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
