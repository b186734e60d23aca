import { AiServiceError } from "@cm/ai";
import { Elysia } from "elysia";
import { redactPath } from "../http/redact-path";
import { HttpError } from "../http-error";
import type { Logger } from "../logger";

const json = (
  status: number,
  body: { message: string; code?: string; [detail: string]: unknown },
  headers: Record<string, string> = {},
) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });

/** A 429 that says when it frees (a met limit's `freesAt`) tells the client when to come back. */
function retryAfter(error: HttpError): Record<string, string> {
  const freesAt = error.details?.freesAt;
  if (error.status !== 429 || typeof freesAt !== "string") return {};
  const seconds = Math.ceil((Date.parse(freesAt) - Date.now()) / 1000);
  return Number.isFinite(seconds) ? { "retry-after": String(Math.max(1, seconds)) } : {};
}

type Issue = {
  path?: string;
  message?: string;
  summary?: string;
  value?: unknown;
  schema?: { anyOf?: { const?: unknown }[]; multipleOf?: number; error?: unknown };
};

/** Elysia's validation error carries the failing property; name it in a readable message. */
function describeValidation(error: unknown, request: Request, route: string | undefined): string {
  const e = error as { all?: Issue[]; message?: string; type?: string; value?: unknown };
  const first = e.all?.[0];
  const field =
    first?.path?.replace(/^\//, "").replace(/\//g, ".") ||
    (e.type === "property" ? propertyNamed(e.value, request, route) : undefined) ||
    "request";
  const detail =
    schemaMessage(first) ??
    allowedValues(first?.schema) ??
    wholeNumberWanted(first) ??
    (first?.summary || first?.message || "is invalid");
  return `validation failed: ${field}: ${detail}`;
}

/**
 * A path or query value checked on its own (a numeric id) comes without its name: the route's parameter or the
 * query key that holds that value.
 */
function propertyNamed(value: unknown, request: Request, route: string | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  const said = String(value);
  const url = new URL(request.url);
  const pattern = route?.split("/") ?? [];
  const actual = url.pathname.split("/");
  for (const [i, part] of pattern.entries()) {
    if (part.startsWith(":") && Number(safeDecode(actual[i] ?? "")) === Number(said)) return part.slice(1);
  }
  for (const [key, given] of url.searchParams) if (given === said || Number(given) === Number(said)) return key;
  return undefined;
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * The words a schema gives for its pattern (`error: "…"`, as an id's format or a name's single line) when that is
 * what failed, or for a choice of forms none of which fit (an id in a body: a number or digits); a too-long value
 * keeps its own message.
 */
function schemaMessage(issue: Issue | undefined): string | undefined {
  const patternFailed = issue?.message?.startsWith("Expected string to match") ?? false;
  const noFormFits = Array.isArray(issue?.schema?.anyOf);
  return (patternFailed || noFormFits) && typeof issue?.schema?.error === "string" ? issue.schema.error : undefined;
}

/** "7.5" where an id or a count goes: say what is wanted rather than "a multiple of 1". */
function wholeNumberWanted(issue: Issue | undefined): string | undefined {
  return issue?.schema?.multipleOf === 1 && typeof issue.value === "number" && !Number.isInteger(issue.value)
    ? "must be a whole number"
    : undefined;
}

/** A choice of fixed values reads as those values ("must be one of user, assistant"), not as their types. */
function allowedValues(schema: { anyOf?: { const?: unknown }[] } | undefined): string | undefined {
  const choices = schema?.anyOf;
  if (!choices?.length || !choices.every((c) => typeof c.const === "string" || typeof c.const === "number"))
    return undefined;
  return `must be one of ${choices.map((c) => String(c.const)).join(", ")}`;
}

function isDatabaseError(error: unknown): boolean {
  const e = error as { code?: string; errno?: string; name?: string; message?: string };
  return (
    e?.name === "PostgresError" ||
    e?.code === "ECONNREFUSED" ||
    e?.code === "CONNECTION_CLOSED" ||
    e?.code === "CONNECTION_ENDED" ||
    e?.code === "CONNECT_TIMEOUT" ||
    e?.code === "CONNECTION_DESTROYED" ||
    /^57P0[123]$/.test(String(e?.code))
  );
}

/** One place that turns every failure into `{ message }` with the right status; never a stack trace. */
export function errorHandler(logger: Logger) {
  return new Elysia({ name: "error-handler" }).onError({ as: "global" }, ({ code, error, request, route }) => {
    if (error instanceof HttpError) {
      return json(error.status, { ...error.details, message: error.message, code: error.code }, retryAfter(error));
    }
    // The AI service's failure, described for people ("rejected the API key", "rate limiting"): a bad gateway.
    if (error instanceof AiServiceError) {
      logger.error("AI service error", { path: redactPath(new URL(request.url).pathname), error: error.message });
      return json(502, { message: error.message, code: "ai_service" });
    }
    switch (code) {
      case "VALIDATION":
        // An answer that does not match its route's declared model is our fault, not the request's.
        if ((error as { type?: string }).type === "response") {
          logger.error("response does not match its model", { path: redactPath(new URL(request.url).pathname) });
          return json(500, { message: "Something went wrong on our side. Please try again.", code: "internal" });
        }
        return json(400, { message: describeValidation(error, request, route), code: "validation" });
      case "PARSE":
        return json(400, { message: "validation failed: the request body is not valid JSON", code: "validation" });
      case "NOT_FOUND":
        return json(404, { message: "not found", code: "not_found" });
      case "INVALID_COOKIE_SIGNATURE":
        return json(401, { message: "Authentication required. Please log in again.", code: "unauthenticated" });
    }
    const path = redactPath(new URL(request.url).pathname);
    if (isDatabaseError(error)) {
      const pgCode = (error as { code?: string }).code;
      if (pgCode === "23505") return json(409, { message: "duplicate: this record already exists", code: "duplicate" });
      if (pgCode === "22P02" || pgCode === "22003" || pgCode === "22008" || pgCode === "22007") {
        return json(400, { message: "validation failed: a value has the wrong format", code: "validation" });
      }
      // A record at its most versions (migration 039): the database's message says which and how many.
      if (pgCode === "54000" && (error as Error).message.startsWith("too many versions")) {
        return json(429, { message: (error as Error).message, code: "versions_limit" });
      }
      // Text Postgres cannot store (a NUL byte, "\u0000"): the input's fault, not the database's.
      if (pgCode === "22021" || pgCode === "22P05") {
        return json(400, {
          message: "validation failed: the text contains a character that cannot be stored (such as a NUL byte)",
          code: "validation",
        });
      }
      logger.error("database error", { path, error: (error as Error).message, pgCode });
      return json(503, {
        message: "The database is unavailable right now (database error). Please try again in a moment.",
        code: "database",
      });
    }
    logger.error("unhandled error", { path, error: (error as Error)?.message, stack: (error as Error)?.stack });
    return json(500, { message: "Something went wrong on our side. Please try again.", code: "internal" });
  });
}
