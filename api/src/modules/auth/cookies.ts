import type { Cookie } from "elysia";
import { readForwarded } from "../../http/forwarded";

/** The cookie jar Elysia hands a handler (`context.cookie`). */
export type CookieJar = Record<string, Cookie<unknown>>;

/**
 * A request cookie's text. Elysia turns JSON-looking values into objects and a bad percent-encoding into null;
 * none of our cookies is either, so anything but a string counts as absent.
 */
export function readCookieText(cookie: Cookie<unknown> | undefined): string | undefined {
  const value = cookie?.value;
  return typeof value === "string" && value !== "" ? value : undefined;
}

interface CookieOptions {
  /** 0 tells the browser to drop the cookie now. */
  maxAgeSeconds: number;
  secure: boolean;
  path?: string;
}

/** Sets a cookie with every attribute spelt out: HttpOnly, SameSite=Lax, its path, Max-Age, Secure over https. */
export function writeCookie(cookie: Cookie<unknown>, value: string, options: CookieOptions) {
  cookie.set({
    value,
    path: options.path ?? "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: options.maxAgeSeconds,
    secure: options.secure,
  });
}

/** A request came over https directly, or through a trusted proxy (TRUST_PROXY) that says so. */
export function isSecureRequest(request: Request, trustProxy: boolean): boolean {
  return (
    new URL(request.url).protocol === "https:" || readForwarded(request, "x-forwarded-proto", trustProxy) === "https"
  );
}
