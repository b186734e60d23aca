import { createHash, randomBytes } from "node:crypto";
import { THEME_INIT_SCRIPT } from "@cm/web/server";
import type { AppConfig } from "../config";

// The theme script is the same on every page and sits in the head that is sent before the page renders
// (ssr/early-head.ts), so it is allowed by its hash; the per-response data script by a nonce.
const THEME_SCRIPT_HASH = `'sha256-${createHash("sha256").update(THEME_INIT_SCRIPT).digest("base64")}'`;

/** A fresh nonce for one page response. */
export const createNonce = () => randomBytes(18).toString("base64");

/**
 * The policy of a server-rendered page: scripts only from our origin, the theme script by hash and the inline data
 * script by nonce; nothing may frame the app; no plugins; forms and links to our own origin only (Stripe Checkout
 * is reached by navigation, which CSP does not restrict).
 */
export function pageContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${THEME_SCRIPT_HASH}`,
    // Ark UI positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Everything that is not a page (JSON, assets, audio) is never a document to run anything in. */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Headers every response carries; a page's own CSP (with its nonce) is kept. */
export function applySecurityHeaders(response: Response, config: Pick<AppConfig, "appUrl">): Response {
  let headers = response.headers;
  try {
    headers.set("x-content-type-options", "nosniff");
  } catch {
    // Immutable headers (a proxied fetch response): copy once.
    const copy = new Response(response.body, response);
    headers = copy.headers;
    response = copy;
    headers.set("x-content-type-options", "nosniff");
  }
  headers.set("x-frame-options", "DENY");
  // A route that sets its own (the calendar feed's secret URL: no-referrer) keeps it.
  if (!headers.has("referrer-policy")) headers.set("referrer-policy", "strict-origin-when-cross-origin");
  if (!headers.has("content-security-policy")) headers.set("content-security-policy", NON_PAGE_POLICY);
  if (config.appUrl.startsWith("https://")) {
    headers.set("strict-transport-security", "max-age=31536000; includeSubDomains");
  }
  return response;
}
