/** Minimal cookie reading and writing; we set every attribute ourselves. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  secure: boolean;
  path?: string;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? "/"}`, "HttpOnly", "SameSite=Lax"];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

export const clearCookie = (name: string, secure: boolean) => serializeCookie(name, "", { maxAgeSeconds: 0, secure });

type HeaderBag = { headers: Record<string, unknown> };

/** Adds a Set-Cookie header without dropping ones already set on this response. */
export function appendSetCookie(set: HeaderBag, cookie: string) {
  const current = set.headers["set-cookie"];
  const list = Array.isArray(current) ? current : typeof current === "string" ? [current] : [];
  set.headers["set-cookie"] = [...list, cookie];
}

/** A request came over https directly or through a proxy that says so. */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
}
