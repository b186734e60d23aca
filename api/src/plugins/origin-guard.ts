import { Elysia } from "elysia";
import { readForwarded } from "../http/forwarded";

// No GET changes state (sign-out is a POST), so the writes are all there is to guard.
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const forbidden = () =>
  new Response(
    JSON.stringify({ message: "permission denied: cross-site requests are not allowed", code: "cross_site" }),
    {
      status: 403,
      headers: { "content-type": "application/json; charset=utf-8" },
    },
  );

/**
 * Refuses state-changing requests (writes) from other sites: a `Sec-Fetch-Site: cross-site` header or an
 * Origin that is not ours. Paths in `exempt` (the Stripe webhook) are called by servers, not browsers. Our host is the
 * Host header, or with `trustProxy` (TRUST_PROXY) the host the proxy forwarded.
 */
export function originGuard(options: { exempt: string[]; allowedOrigins?: string[]; trustProxy?: boolean }) {
  return new Elysia({ name: "origin-guard" }).onRequest(({ request }) => {
    const url = new URL(request.url);
    if (!WRITE_METHODS.has(request.method)) return;
    if (options.exempt.includes(url.pathname)) return;
    if (request.headers.get("sec-fetch-site") === "cross-site") return forbidden();
    const origin = request.headers.get("origin");
    if (!origin) return;
    const host =
      readForwarded(request, "x-forwarded-host", options.trustProxy ?? false) ??
      request.headers.get("host") ??
      url.host;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return forbidden();
    }
    if (originHost !== host.toLowerCase() && !(options.allowedOrigins ?? []).includes(origin)) return forbidden();
  });
}
