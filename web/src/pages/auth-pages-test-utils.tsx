import { mock } from "bun:test";
import type { PublicUser } from "@cm/api/models";
import { act, fireEvent, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { SWRConfig } from "swr";
import { Toaster } from "../components/ui/toaster";
import { toaster } from "../lib/toast-store";

export const demoUser: PublicUser = {
  id: 1,
  username: "demo",
  email: "demo@example.com",
  fullName: "Demo Advisor",
  firstName: null,
  lastName: null,
  role: "user",
  profileImageUrl: null,
  subscriptionPlan: "free",
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders a page at `path` (with history `state`, as an in-app navigation gives) inside a router (other paths render a location probe), an isolated SWR cache
 * seeded with `fallback`, and the app's Toaster, so tests read toasts as the user sees them.
 */
export function renderAuthPage(
  page: ReactNode,
  path: string,
  fallback: Record<string, unknown> = {},
  state: unknown = null,
) {
  const route = path.split("?")[0] ?? path;
  return render(
    <SWRConfig
      value={{
        provider: () => new Map(),
        fallback: { "/api/auth/user": { authenticated: false, user: null }, ...fallback },
        revalidateOnFocus: false,
        shouldRetryOnError: false,
      }}
    >
      <MemoryRouter initialEntries={[{ pathname: route, search: path.slice(route.length), state }]}>
        <Routes>
          <Route path={route} element={page} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </SWRConfig>,
  );
}

export interface FetchCall {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { status?: number; body?: unknown };

/** Replaces global fetch: `routes["POST /api/login"]` answers that call; unknown calls get a 404. */
export function mockFetch(routes: Record<string, Reply | ((body: unknown) => Reply)>) {
  const calls: FetchCall[] = [];
  const fn = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? "GET").toUpperCase();
    const path = String(input);
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const handler = routes[`${method} ${path.split("?")[0]}`];
    const reply =
      typeof handler === "function" ? handler(body) : (handler ?? { status: 404, body: { message: "not found" } });
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? "" : JSON.stringify(reply.body);
    return new Response(text, { status, headers: { "Content-Type": "application/json" } });
  });
  globalThis.fetch = fn as unknown as typeof fetch;
  return calls;
}

/**
 * Types a value into a controlled input. `fireEvent.change` alone is not enough here: when react-dom is
 * loaded before happy-dom registers (Bun evaluates the CommonJS react-dom ahead of the test file's
 * setup import, and the module cache is shared between test files), React believes the "input" event is
 * unsupported and falls back to its old-IE polyfill (focusin + attachEvent, then keyup). This helper
 * drives both paths, so it works whichever way react-dom was initialised.
 */
export function typeInto(element: HTMLElement, value: string) {
  const legacy = element as HTMLElement & { attachEvent?: unknown; detachEvent?: unknown };
  legacy.attachEvent ??= () => undefined;
  legacy.detachEvent ??= () => undefined;
  fireEvent.focusIn(element);
  fireEvent.change(element, { target: { value } });
  fireEvent.keyUp(element);
}

/**
 * Pastes `text` into an input as a browser does: a paste event the page may cancel, and if it does not, the text
 * inserted at the end of the value, cut to the input's maxlength (browsers cut pasted text before any input
 * handler sees it).
 */
export function pasteInto(element: HTMLInputElement, text: string) {
  const getData = (type: string) => (type === "text" || type === "text/plain" ? text : "");
  const notCancelled = fireEvent.paste(element, { clipboardData: { getData } });
  if (!notCancelled) return;
  const maxLength = element.hasAttribute("maxlength") ? element.maxLength : -1;
  const room = maxLength >= 0 ? Math.max(0, maxLength - element.value.length) : text.length;
  typeInto(element, element.value + text.slice(0, room));
}

export function clearToasts() {
  act(() => toaster.remove());
}

export const PLANS_RESPONSE = {
  plans: [
    { id: "BASIC_SUBSCRIPTION", name: "Basic", price: 20, features: ["10 transcriptions per month"] },
    { id: "PREMIUM_SUBSCRIPTION", name: "Premium", price: 40, features: ["unlimited transcriptions"] },
    { id: "ENTERPRISE_SUBSCRIPTION", name: "Enterprise", price: 100, features: ["API access"] },
  ],
  registrationPlan: {
    id: "REGISTRATION_PREMIUM",
    name: "Clearminute Premium",
    price: 99,
    features: ["One", "Two", "Three", "Four", "Five"],
  },
  paymentsEnabled: true,
};
