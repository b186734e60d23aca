/**
 * X-Forwarded-Host and X-Forwarded-Proto as a trusted reverse proxy set them, or undefined. Without TRUST_PROXY these
 * headers are the client's own words and are never read (a client could claim any host to pass the origin guard).
 * Behind a proxy the last entry is the one the proxy wrote; earlier ones came from the client.
 */
export function readForwarded(
  request: Request,
  name: "x-forwarded-host" | "x-forwarded-proto",
  trustProxy: boolean,
): string | undefined {
  if (!trustProxy) return undefined;
  const last = request.headers.get(name)?.split(",").at(-1)?.trim();
  return last ? last.toLowerCase() : undefined;
}
