import { type ReactNode, Suspense, useEffect, useSyncExternalStore } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { LazyToaster } from "./components/ui/lazy-toaster";
import { useAuthState } from "./lib/auth-state";
import { matchPage } from "./lib/match-page";
import { loadedDataLayerComponent, PageLoader, ShellLoader, subscribeDataLayer } from "./lib/page-loader";
import { PageTitle } from "./lib/page-title";
import { PageToastsCleanup } from "./lib/page-toasts-cleanup";
import { PAGE_REDIRECTS, type PageRoute, pageRoutes } from "./routes";

function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" aria-label={label}>
      <div className="h-8 w-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600" />
    </div>
  );
}

/**
 * Marks <html data-hydrated> once the page itself has committed, inside its Suspense boundary: browser tests wait for
 * it before they type. A mark set on the first frame after hydrateRoot came, on a loaded machine, before React had
 * hydrated the page, and a date typed then was lost.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return null;
}

function GuardedPage({ route }: { route: PageRoute }) {
  return (
    <>
      {route.title ? <PageTitle title={route.title} /> : null}
      <GuardedContent route={route} />
    </>
  );
}

function GuardedContent({ route }: { route: PageRoute }) {
  const { authenticated, loading } = useAuthState();
  const location = useLocation();
  if (route.access === "protected") {
    if (loading) return <Spinner />;
    if (!authenticated) {
      const next = encodeURIComponent(location.pathname + location.search);
      return <Navigate to={`/login?next=${next}`} replace />;
    }
  }
  const page = (
    <Suspense fallback={<Spinner />}>
      <PageLoader route={route} />
      <HydratedMark />
    </Suspense>
  );
  if (!route.shell) return page;
  // The shell's chunk is loaded before the first render of a shell page (preloadPage); on navigation
  // from a page without it, the spinner shows while it loads.
  return (
    <Suspense fallback={<Spinner />}>
      <ShellLoader>{page}</ShellLoader>
    </Suspense>
  );
}

/**
 * Wraps the pages in the data layer once it is loaded. The server renders it for every page but the landing
 * page (matching what the client loaded before hydrating); in the browser it stays once loaded.
 */
function WithDataLayer({ fallback, children }: { fallback: Record<string, unknown>; children: ReactNode }) {
  const { pathname } = useLocation();
  const withoutDataLayer = matchPage(pathname).route.withoutDataLayer;
  const DataLayer = useSyncExternalStore(subscribeDataLayer, loadedDataLayerComponent, () =>
    withoutDataLayer ? undefined : loadedDataLayerComponent(),
  );
  return DataLayer ? <DataLayer fallback={fallback}>{children}</DataLayer> : children;
}

export function App({ fallback }: { fallback: Record<string, unknown> }) {
  return (
    <>
      <WithDataLayer fallback={fallback}>
        <Routes>
          {[...PAGE_REDIRECTS].map(([from, to]) => (
            <Route key={from} path={from} element={<Navigate to={to} replace />} />
          ))}
          {pageRoutes.map((route) => (
            <Route key={route.path} path={route.path} element={<GuardedPage route={route} />} />
          ))}
        </Routes>
      </WithDataLayer>
      <LazyToaster />
      <PageToastsCleanup />
    </>
  );
}
