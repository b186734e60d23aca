// The app's own route table, read from Elysia (`app.routes`), for the sweeps that must stay complete:
// the IDOR sweep, the hostile-input sweep and the fuzz run enumerate routes from here, never by hand.
import { createApp, RAW_BODY_PATHS } from "../src/app";
import type { AppContext } from "../src/context";

export interface ApiRoute {
  method: string;
  path: string;
  /** Path parameter names, e.g. ["id"] for /api/meetings/:id. */
  params: string[];
  /** The TypeBox (JSON Schema) object schema of a JSON body, when the route declares one. */
  body: JsonSchema | undefined;
  /** The query schema, when the route declares one. */
  query: JsonSchema | undefined;
  /** The route reads its own body (multipart upload, webhook). */
  rawBody: boolean;
}

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  const?: unknown;
  [key: string]: unknown;
}

const isObjectSchema = (schema: unknown): schema is JsonSchema =>
  typeof schema === "object" && schema !== null && (schema as JsonSchema).type === "object";

/** Every /api route of a freshly built app, as Elysia registered it. */
export function listApiRoutes(ctx: AppContext): ApiRoute[] {
  return createApp(ctx)
    .routes.filter((route) => route.path.startsWith("/api/"))
    .map((route) => {
      const hooks = route.hooks as { body?: unknown; query?: unknown };
      const body = isObjectSchema(hooks.body) && hooks.body.properties ? hooks.body : undefined;
      const query = isObjectSchema(hooks.query) && hooks.query.properties ? hooks.query : undefined;
      return {
        method: route.method,
        path: route.path,
        params: [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!),
        body,
        query,
        rawBody: RAW_BODY_PATHS.includes(route.path),
      };
    });
}

export const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** Where a string lives in a body: ["conversationHistory", 0, "content"]. */
export type FieldPath = (string | number)[];

/** Every free-text field of a schema (strings, including inside nested objects and arrays). */
export function stringFields(schema: JsonSchema, prefix: FieldPath = []): FieldPath[] {
  if (schema.type === "string") return [prefix];
  if (schema.type === "object" && schema.properties) {
    return Object.entries(schema.properties).flatMap(([key, child]) => stringFields(child, [...prefix, key]));
  }
  if (schema.type === "array" && schema.items) return stringFields(schema.items, [...prefix, 0]);
  return [];
}

/** The top-level properties of a body schema with their declared type ("string", "integer", "object", ...). */
export function topLevelFields(schema: JsonSchema): { name: string; type: string; required: boolean }[] {
  return Object.entries(schema.properties ?? {}).map(([name, child]) => ({
    name,
    type: child.type ?? (child.anyOf ? "union" : "unknown"),
    required: (schema.required ?? []).includes(name),
  }));
}

/** A deep copy of `body` with the value at `path` replaced. */
export function withField(body: unknown, path: FieldPath, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

/** An id-like path parameter: ":id", ":clientId", ":meetingId", ... */
export const isIdParam = (name: string) => /(^id$|Id$|_id$)/.test(name);

/** Id-like keys of a body schema (top level and nested): meetingId, clientId, userId, tempUserId, ... */
export function idFields(schema: JsonSchema, prefix: FieldPath = []): FieldPath[] {
  if (schema.type !== "object" || !schema.properties) return [];
  return Object.entries(schema.properties).flatMap(([key, child]) => [
    ...(isIdParam(key) ? [[...prefix, key]] : []),
    ...idFields(child, [...prefix, key]),
  ]);
}

/** Id-like keys of a body schema, inside arrays too (`actionItems.0.id`). */
export function idFieldsWithin(schema: JsonSchema, prefix: FieldPath = []): FieldPath[] {
  if (schema.type === "array" && schema.items) return idFieldsWithin(schema.items, [...prefix, 0]);
  if (schema.type !== "object" || !schema.properties) return [];
  return Object.entries(schema.properties).flatMap(([key, child]) => [
    ...(isIdParam(key) ? [[...prefix, key]] : []),
    ...idFieldsWithin(child, [...prefix, key]),
  ]);
}
