// Cached JSON answers of the read routes whose data a user's data_version covers (meeting lists, stats, clients).
// A key holds the user's id and data_version as read with the session, so an entry is served only while nothing it
// was built from has changed: the version moves with every change, from any process (migration 006's triggers).
// Under load a list page is built once per change instead of once per request: it was the cost that kept
// GET /api/meetings far under the runtime's ceiling (api/bench/load.ts).

export interface CachedResponse {
  /** The JSON, encoded once when built: a cached answer is sent as is, not re-encoded per request. */
  body: Uint8Array<ArrayBuffer>;
  /** Names this body: a client that sends it back in If-None-Match is answered 304 without the body. */
  etag: string;
  headers: Record<string, string>;
}

export interface ResponseCache {
  get(key: string): CachedResponse | undefined;
  set(key: string, value: CachedResponse): void;
  /** Entries and bytes held now (tests, health). */
  size(): { entries: number; bytes: number };
}

/** Least recently used entries go first once the bodies add up to more than `maxBytes`. */
export function createResponseCache(maxBytes = 16 * 1024 * 1024): ResponseCache {
  const entries = new Map<string, CachedResponse & { bytes: number }>();
  let bytes = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      // Map keeps insertion order: re-inserting makes it the most recently used.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key, value) {
      const size = value.body.byteLength + key.length * 2;
      if (size > maxBytes / 4) return; // one huge answer must not empty the cache
      const old = entries.get(key);
      if (old) {
        bytes -= old.bytes;
        entries.delete(key);
      }
      entries.set(key, { ...value, bytes: size });
      bytes += size;
      for (const [oldest, entry] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= entry.bytes;
      }
    },
    size: () => ({ entries: entries.size, bytes }),
  };
}

/** The cache key of a read by `user` of `url`: any change to the user's data makes a new key. */
export function userDataKey(user: { id: number; dataVersion: number }, url: string): string {
  const { pathname, search } = new URL(url);
  return `${user.id}:${user.dataVersion}:${pathname}${search}`;
}

const encoder = new TextEncoder();

/** Builds under way, by key. */
const building = new Map<string, Promise<CachedResponse>>();

/**
 * The JSON answer of a read of the user's data, from the cache or built now and kept. Keys also hold the minute, so
 * answers that depend on the clock ("the last 7 days") are at most a minute old however long nothing changes.
 */
export async function cachedUserRead(
  cache: ResponseCache,
  user: { id: number; dataVersion: number },
  request: Request,
  build: () => Promise<{ data: unknown; headers?: Record<string, string> }>,
): Promise<Response> {
  const key = `${userDataKey(user, request.url)}:${Math.floor(Date.now() / 60_000)}`;
  let entry = cache.get(key);
  if (!entry) {
    // Requests that miss together (a new version, a new minute) wait for one build instead of each running it.
    let pending = building.get(key);
    if (!pending) {
      pending = build().then(({ data, headers }) => {
        const body = encoder.encode(JSON.stringify(data));
        const built = { body, etag: `W/"${Bun.hash(body).toString(36)}"`, headers: headers ?? {} };
        cache.set(key, built);
        return built;
      });
      building.set(key, pending);
      void pending.then(
        () => building.delete(key),
        () => building.delete(key),
      );
    }
    entry = await pending;
  }
  // Private to the user, and checked with the server before each reuse: the ETag names the body, not its version.
  const headers = { "cache-control": "private, no-cache", etag: entry.etag, ...entry.headers };
  if (request.headers.get("if-none-match") === entry.etag) return new Response(null, { status: 304, headers });
  return new Response(entry.body, { headers: { "content-type": "application/json;charset=utf-8", ...headers } });
}
