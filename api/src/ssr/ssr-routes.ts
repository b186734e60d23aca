import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AUTH_KEY, type AuthResponse } from "@cm/web/src/lib/auth-context";
import { matchPage } from "@cm/web/src/lib/match-page";
import { type BuildManifest, renderPage } from "@cm/web/src/server/render-page";
import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { findCurrentUser, withKnownUser } from "../modules/auth/current-user";

type Handle = (request: Request) => Promise<Response>;

const SIGNED_OUT: AuthResponse = { authenticated: false, user: null };

/** Paths signed-in users skip: they go straight to the dashboard. */
const SIGNED_IN_REDIRECTS = new Set(["/login"]);

export function readManifest(assetsDir: string): BuildManifest {
  return JSON.parse(readFileSync(join(assetsDir, "..", "manifest.json"), "utf8")) as BuildManifest;
}

/**
 * Loads SWR keys (GET /api/* paths) through the app itself with the visitor's cookies,
 * so server-rendered data is exactly what the client would fetch.
 */
async function loadFallback(ctx: AppContext, handle: Handle, request: Request, keys: string[]) {
  const fallback: Record<string, unknown> = {};
  const origin = new URL(request.url).origin;
  const cookie = request.headers.get("cookie") ?? "";
  const user = await findCurrentUser(ctx, request);
  await Promise.all(
    keys.map(async (key) => {
      const response = await handle(withKnownUser(new Request(origin + key, { headers: { cookie } }), user));
      if (response.ok) fallback[key] = await response.json();
    }),
  );
  return fallback;
}

/** Every non-API GET renders a page on the server; unknown /api paths answer JSON 404. */
export function ssrRoutes(ctx: AppContext, getHandle: () => Handle) {
  const manifest = readManifest(ctx.assetsDir);
  return new Elysia({ name: "ssr" }).get("*", async ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/api/") || url.pathname === "/api" || url.pathname.startsWith("/assets/")) {
      return new Response(JSON.stringify({ message: "not found" }), {
        status: 404,
        headers: { "content-type": "application/json; charset=utf-8" },
      });
    }
    const { route, params } = matchPage(url.pathname);
    const keys = [AUTH_KEY, ...(route.data?.(params, url.searchParams) ?? [])];
    const fallback = await loadFallback(ctx, getHandle(), request, keys);
    const auth = (fallback[AUTH_KEY] as AuthResponse | undefined) ?? SIGNED_OUT;
    fallback[AUTH_KEY] = auth;
    if (route.access === "protected" && !auth.authenticated) {
      const next = encodeURIComponent(url.pathname + url.search);
      return Response.redirect(`${url.origin}/login?next=${next}`, 302);
    }
    if (auth.authenticated && (SIGNED_IN_REDIRECTS.has(url.pathname) || (url.pathname === "/" && ctx.hasDashboard))) {
      return Response.redirect(`${url.origin}/dashboard`, 302);
    }
    return renderPage({
      url,
      manifest,
      fallback,
      onError: (error) => ctx.logger.error("render error", { path: url.pathname, error: String(error) }),
    });
  });
}
