import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { SWRConfig } from "swr";
import { Toaster } from "../src/components/ui/toaster";
import { fetchJson } from "../src/lib/api-request";

/**
 * Renders `page` at `path` (matched by the route `pattern`, so params work) with a fresh SWR cache that loads through
 * the app's own fetcher (tests answer it with mockFetch) and the app's Toaster.
 */
export function renderWithData(page: ReactNode, path: string, pattern = path.split("?")[0] ?? path) {
  return render(
    <SWRConfig
      value={{
        provider: () => new Map(),
        fetcher: fetchJson,
        fallback: { "/api/auth/user": { authenticated: false, user: null } },
        revalidateOnFocus: false,
        shouldRetryOnError: false,
      }}
    >
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={page} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </SWRConfig>,
  );
}
