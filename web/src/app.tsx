import { Suspense } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { SWRConfig } from "swr";
import { LiveUpdates } from "./components/shell/live-updates";
import { LazyToaster } from "./components/ui/lazy-toaster";
import { fetchJson } from "./lib/api-request";
import { useAuth } from "./lib/auth-context";
import { liveDataMiddleware } from "./lib/live-data";
import { PageLoader, ShellLoader } from "./lib/page-loader";
import { PageTitle } from "./lib/page-title";
import { PageToastsCleanup } from "./lib/page-toasts-cleanup";
import { type PageRoute, pageRoutes } from "./routes";

function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" aria-label={label}>
      <div className="h-8 w-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600" />
    </div>
  );
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
  const { authenticated, loading } = useAuth();
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

export function App({ fallback }: { fallback: Record<string, unknown> }) {
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
      <Routes>
        {pageRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<GuardedPage route={route} />} />
        ))}
      </Routes>
      <LazyToaster />
      <PageToastsCleanup />
      <LiveUpdates />
    </SWRConfig>
  );
}
