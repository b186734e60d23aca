// The address of the peer that sent a request, recorded by the server's fetch handler. `app.handle(request)` gives
// Elysia no server, so without this every client looked like "unknown" and shared one rate-limit counter.
import { limitKeyOfAddress } from "./address-prefix";

const peers = new WeakMap<Request, string>();

/** Called by the process's fetch handler with the socket's address, before the app sees the request. */
export function recordPeerAddress(request: Request, address: string | undefined): void {
  if (address) peers.set(request, address);
}

/** A request the server makes for `original` (the page renderer's data reads) comes from the same peer. */
export function copyPeerAddress(original: Request, inner: Request): void {
  recordPeerAddress(inner, peers.get(original));
}

/**
 * The address rate limits count by. Behind a trusted proxy (TRUST_PROXY) every request comes from the proxy, so the
 * address it appended to X-Forwarded-For is taken: the last one, since earlier ones are the client's own to write.
 * A request that reached no socket (an in-process call) counts as "local". IPv6 counts by its /64 and IPv4-mapped
 * IPv6 as IPv4 (limitKeyOfAddress), so a client cannot get fresh counters by moving inside its own network.
 */
export function readClientAddress(request: Request, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return limitKeyOfAddress(forwarded.slice(0, 64));
  }
  const peer = peers.get(request);
  return peer ? limitKeyOfAddress(peer) : "local";
}

/** The address itself, as the audit trail records it (not the limit key): the proxy's view behind TRUST_PROXY. */
export function readPeerAddress(request: Request, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  return peers.get(request) ?? "local";
}
