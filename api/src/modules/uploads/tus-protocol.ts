import { HttpError } from "../../http-error";

// tus 1.0.0 (https://tus.io/protocols/resumable-upload): the core protocol with creation, creation-defer-length and
// termination, as the contract of issue 29 states it.

export const TUS_VERSION = "1.0.0";
export const TUS_EXTENSIONS = "creation,creation-defer-length,termination";
export const UPLOADS_PATH = "/api/uploads";
export const OFFSET_CONTENT_TYPE = "application/offset+octet-stream";

/** Headers every tus answer carries; browsers may read them (same origin, but tus-js-client asks for them). */
export function tusHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    "tus-resumable": TUS_VERSION,
    "cache-control": "no-store",
    "access-control-expose-headers":
      "Location, Upload-Offset, Upload-Length, Upload-Defer-Length, Tus-Resumable, Tus-Version, Tus-Extension, Tus-Max-Size, Meeting-Id",
    ...extra,
  };
}

/** A JSON `{ message, code }` answer with tus headers (409 carries the current Upload-Offset). */
export function tusError(error: HttpError, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ ...error.details, message: error.message, code: error.code }), {
    status: error.status,
    headers: tusHeaders({ "content-type": "application/json; charset=utf-8", ...extra }),
  });
}

/** Refuses a request that does not speak tus 1.0.0 (412, with the version we do speak). */
export function checkTusResumable(request: Request): void {
  if (request.headers.get("tus-resumable") !== TUS_VERSION) {
    throw new HttpError(412, `unsupported tus version: send Tus-Resumable: ${TUS_VERSION}`, "tus_version", {
      tusVersion: TUS_VERSION,
    });
  }
}

/** A non-negative integer header (Upload-Length, Upload-Offset), or undefined when absent. */
export function readByteCount(request: Request, name: string): number | undefined {
  const raw = request.headers.get(name);
  if (raw === null) return undefined;
  if (!/^\d{1,16}$/.test(raw.trim())) {
    throw new HttpError(400, `validation failed: ${name} must be a non-negative integer`, "validation");
  }
  const value = Number(raw.trim());
  if (!Number.isSafeInteger(value)) {
    throw new HttpError(400, `validation failed: ${name} must be a non-negative integer`, "validation");
  }
  return value;
}

/** Upload-Metadata: `key base64,key base64,...` (a key alone is an empty value). */
export function parseUploadMetadata(header: string | null): Map<string, string> {
  const pairs = new Map<string, string>();
  if (!header?.trim()) return pairs;
  if (header.length > 256 * 1024)
    throw new HttpError(400, "validation failed: Upload-Metadata is too long", "validation");
  for (const item of header.split(",")) {
    const [key, value, ...rest] = item.trim().split(" ");
    if (!key || rest.length > 0 || !/^[A-Za-z0-9_.-]{1,64}$/.test(key) || pairs.has(key)) {
      throw new HttpError(400, "validation failed: Upload-Metadata is malformed", "validation");
    }
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) {
      throw new HttpError(400, `validation failed: Upload-Metadata ${key} is not base64`, "validation");
    }
    pairs.set(key, value === undefined ? "" : Buffer.from(value, "base64").toString("utf8"));
  }
  return pairs;
}
