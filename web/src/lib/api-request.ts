/**
 * Fetch wrapper of every API call: credentials always sent, JSON content type only with a body,
 * and any non-ok response raises an Error whose message is "<status>: <body text or status text>".
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function apiRequest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T; // a non-JSON body on an ok status counts as success
  }
}

/** SWR fetcher: GET on the key path. */
export const fetchJson = <T>(path: string) => apiRequest<T>("GET", path);
