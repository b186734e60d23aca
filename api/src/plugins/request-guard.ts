import { Elysia } from "elysia";
import { badRequest } from "../http-error";

const json = (status: number, message: string, code: string) =>
  new Response(JSON.stringify({ message, code }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });

export interface RequestGuardOptions {
  /** Largest JSON body accepted, in bytes. */
  maxJsonBytes: number;
  /** Paths (exact or prefix ending in "/") whose bodies are not JSON: uploads, webhooks. */
  rawBodyPaths: string[];
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Deeper than any body the API accepts. */
const MAX_JSON_DEPTH = 32;

/**
 * A parsed JSON body that cannot be turned into text safely: an object with its own toString/valueOf
 * (not callable), or nesting so deep that converting it overflows the stack. Elysia's validation error
 * writes the offending value into its message, which turned such bodies into 500s.
 */
export function findUnsafeJson(value: unknown): string | undefined {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) return `is nested deeper than ${MAX_JSON_DEPTH} levels`;
    if (!Array.isArray(node) && (Object.hasOwn(node, "toString") || Object.hasOwn(node, "valueOf"))) {
      return "has a property named toString or valueOf";
    }
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return undefined;
}

function isRawBodyPath(path: string, rawBodyPaths: string[]) {
  return rawBodyPaths.some((p) => (p.endsWith("/") ? path.startsWith(p) : path === p));
}

/**
 * JSON routes take JSON only. Elysia would parse form-urlencoded, multipart and text bodies too,
 * which lets a plain HTML form on another site reach a JSON route; those answer 415 here.
 * Bodies above the limit answer 413 before anything is read, bodies of unknown length (chunked) 411.
 * Parsed bodies that cannot be turned into text safely answer 400 (see findUnsafeJson).
 */
export function requestGuard(options: RequestGuardOptions) {
  return new Elysia({ name: "request-guard" })
    .onTransform({ as: "global" }, ({ body }) => {
      const problem = findUnsafeJson(body);
      if (problem) throw badRequest(`validation failed: the request body ${problem}`);
    })
    .onRequest(({ request }) => {
      if (!WRITE_METHODS.has(request.method)) return;
      const path = new URL(request.url).pathname;
      if (!path.startsWith("/api/") || isRawBodyPath(path, options.rawBodyPaths)) return;
      const length = Number(request.headers.get("content-length") ?? "0");
      const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      const hasBody = length > 0 || request.headers.has("transfer-encoding");
      if (!hasBody) return;
      if (type !== "application/json") {
        return json(415, "unsupported content type: send the body as application/json", "unsupported");
      }
      if (length > options.maxJsonBytes) {
        return json(413, `request body too large: the limit is ${options.maxJsonBytes} bytes`, "too_large");
      }
      // Without a length (chunked) the limit above cannot be checked before Elysia reads the whole body.
      if (!request.headers.has("content-length")) {
        return json(
          411,
          `length required: send JSON bodies with a Content-Length header (at most ${options.maxJsonBytes} bytes)`,
          "length_required",
        );
      }
    });
}
