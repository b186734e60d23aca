// How long a rate-limited (or overloaded) AI service asked us to wait, read from its response headers:
// `retry-after-ms`, `retry-after` (seconds or an HTTP date) and OpenAI's `x-ratelimit-reset-requests/-tokens`
// ("1s", "6m0s", "20ms").

type HeaderBag = { get(name: string): string | null } | Record<string, unknown>;

function readHeader(headers: HeaderBag, name: string): string | null {
  if (typeof (headers as { get?: unknown }).get === "function") return (headers as Headers).get(name);
  const bag = headers as Record<string, unknown>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return typeof value === "string" ? value : null;
}

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001, µs: 0.001, ns: 1e-6 };

/** A Go-style duration such as "1s", "6m0s", "20ms", "1h2m3.5s"; null when it is not one. */
export function parseDuration(text: string): number | null {
  const value = text.trim();
  if (value.length === 0 || value.length > 40) return null;
  let total = 0;
  let index = 0;
  while (index < value.length) {
    let number = "";
    while (index < value.length && /[\d.]/.test(value[index] ?? "")) number += value[index++];
    let unit = "";
    while (index < value.length && !/[\d.]/.test(value[index] ?? "")) unit += value[index++];
    const amount = Number(number);
    const scale = UNIT_MS[unit];
    if (number.length === 0 || !Number.isFinite(amount) || scale === undefined) return null;
    total += amount * scale;
  }
  return total;
}

/** `retry-after`: whole or fractional seconds, or an HTTP date. */
function parseRetryAfter(text: string, now: number): number | null {
  const seconds = Number(text.trim());
  if (text.trim().length > 0 && Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : date - now;
}

/**
 * The wait the service asked for, in milliseconds (0 or more), or null when it said nothing. The explicit
 * `retry-after-ms` / `retry-after` win; otherwise the reset of the exhausted limit (requests or tokens), or the later
 * of the two when the headers do not say which one ran out.
 */
export function requestedWaitMs(error: unknown, now = Date.now()): number | null {
  const headers = (error as { headers?: unknown } | null)?.headers;
  if (!headers || typeof headers !== "object") return null;
  const bag = headers as HeaderBag;
  const explicitMs = readHeader(bag, "retry-after-ms");
  if (explicitMs !== null && Number.isFinite(Number(explicitMs))) return Math.max(0, Number(explicitMs));
  const retryAfter = readHeader(bag, "retry-after");
  const parsed = retryAfter === null ? null : parseRetryAfter(retryAfter, now);
  if (parsed !== null) return Math.max(0, parsed);
  const resets: number[] = [];
  for (const limit of ["requests", "tokens"]) {
    const reset = readHeader(bag, `x-ratelimit-reset-${limit}`);
    const ms = reset === null ? null : parseDuration(reset);
    if (ms === null) continue;
    const remaining = readHeader(bag, `x-ratelimit-remaining-${limit}`);
    // A limit with requests or tokens left is not the one that stopped us.
    if (remaining !== null && Number(remaining) > 0) continue;
    resets.push(ms);
  }
  return resets.length > 0 ? Math.max(0, ...resets) : null;
}
