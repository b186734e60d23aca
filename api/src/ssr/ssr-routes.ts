import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { UserRow } from "@cm/db/queries/users";
import {
  AUTH_KEY,
  type BuildManifest,
  MISSING_KEYS,
  matchPage,
  PAGE_HEADERS,
  PAGE_REDIRECTS,
  renderPageStream,
} from "@cm/web/server";
import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { copyPeerAddress } from "../http/client-address";
import { redactPath } from "../http/redact-path";
import { createNonce, pageContentSecurityPolicy } from "../http/security-headers";
import { findCurrentUser, withKnownUser } from "../modules/auth/current-user";
import type { AuthState } from "../modules/auth/model";
import { createHeadCache, streamWithEarlyHead } from "./early-head";

type Handle = (request: Request) => Promise<Response>;

const SIGNED_OUT: AuthState = { authenticated: false, user: null };

/** Paths signed-in users skip: they go straight to the dashboard. */
/** Pages for visitors only: a signed-in user asking for them goes to the dashboard. */
const SIGNED_IN_REDIRECTS = new Set(["/login", "/register"]);

export function readManifest(assetsDir: string): BuildManifest {
  return JSON.parse(readFileSync(join(assetsDir, "..", "manifest.json"), "utf8")) as BuildManifest;
}

/**
 * Loads SWR keys (GET /api/* paths) through the app itself with the visitor's cookies, all at once, so
 * server-rendered data is exactly what the client would fetch. Keys the API answered 404 for are listed under
 * MISSING_KEYS, for the page to show its not-found content.
 */
async function loadFallback(handle: Handle, request: Request, keys: string[], user: UserRow | undefined) {
  const fallback: Record<string, unknown> = {};
  const missing: string[] = [];
  const origin = new URL(request.url).origin;
  // The visitor's cookies, and where the visitor is (address and browser: the audit trail's "from where").
  const headers: Record<string, string> = { cookie: request.headers.get("cookie") ?? "" };
  for (const name of ["user-agent", "x-forwarded-for"]) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  await Promise.all(
    keys.map(async (key) => {
      const inner = new Request(origin + key, { headers });
      copyPeerAddress(request, inner);
      const response = await handle(withKnownUser(inner, user));
      if (response.ok) fallback[key] = await response.json();
      else if (response.status === 404) missing.push(key);
    }),
  );
  fallback[AUTH_KEY] = (fallback[AUTH_KEY] as AuthState | undefined) ?? SIGNED_OUT;
  if (missing.length > 0) fallback[MISSING_KEYS] = missing;
  return { fallback, missing };
}

/** Relative redirects: the Host header is the client's to write, so it never goes into a Location. */
const redirectTo = (path: string) => new Response(null, { status: 302, headers: { location: path } });

const RENDER_FAILED_HTML =
  '<body><main style="font-family:sans-serif;padding:2rem"><h1>Something went wrong on our side.</h1>' +
  "<p>Please reload the page.</p></main></body></html>";

/** Every non-API GET renders a page on the server; unknown /api paths answer JSON 404. */
export function ssrRoutes(ctx: AppContext, getHandle: () => Handle) {
  const manifest = readManifest(ctx.assetsDir);
  const heads = createHeadCache();
  return new Elysia({ name: "ssr" }).get("*", async ({ request, cookie }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/api/") || url.pathname === "/api" || url.pathname.startsWith("/assets/")) {
      return new Response(JSON.stringify({ message: "not found" }), {
        status: 404,
        headers: { "content-type": "application/json; charset=utf-8" },
      });
    }
    // Matched as the router matches pages: any case, one trailing slash.
    const asked = url.pathname.toLowerCase();
    const moved = PAGE_REDIRECTS.get(asked.endsWith("/") ? asked.slice(0, -1) : asked);
    if (moved) return redirectTo(moved);
    const { route, params } = matchPage(url.pathname);
    // Who is asking decides redirects and the status, before the first byte; it is one query, and the
    // page's data requests below reuse it.
    const user = await findCurrentUser(ctx, request, cookie);
    if (route.access === "protected" && !user) {
      const next = encodeURIComponent(url.pathname + url.search);
      return redirectTo(`/login?next=${next}`);
    }
    if (user && (SIGNED_IN_REDIRECTS.has(url.pathname) || url.pathname === "/")) {
      return redirectTo("/dashboard");
    }
    // A page about one thing (a meeting) is a 404 when that thing is not the user's: its data is loaded before the
    // status is sent. Other pages send their head first and load their data meanwhile.
    const subject = route.subject?.(params);
    const data = route.data?.(params, url.searchParams) ?? [];
    const keys = [AUTH_KEY, ...data, ...(subject && !data.includes(subject) ? [subject] : [])];
    const onError = (message: string, error?: unknown) =>
      ctx.logger.error(message, {
        path: redactPath(url.pathname),
        error: error === undefined ? undefined : String(error),
      });
    const early = subject ? await loadFallback(getHandle(), request, keys, user) : undefined;
    const notFound = subject === null || (subject !== undefined && early?.missing.includes(subject) === true);
    const nonce = createNonce();
    const body = streamWithEarlyHead({
      module: route.module,
      cache: heads,
      failureHtml: RENDER_FAILED_HTML,
      onError,
      async render() {
        const { fallback } = early ?? (await loadFallback(getHandle(), request, keys, user));
        return renderPageStream({
          url,
          manifest,
          fallback,
          nonce,
          onError: (error) => onError("render error", error),
        });
      },
    });
    return new Response(body, {
      status: notFound ? 404 : (route.status ?? 200),
      headers: { ...PAGE_HEADERS, "content-security-policy": pageContentSecurityPolicy(nonce) },
    });
  });
}
