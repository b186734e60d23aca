// Builds a value that satisfies a JSON schema, so the OpenAI double can answer any structured-output
// request with schema-valid data without knowing the schema in advance.

type JsonSchema = Record<string, unknown>;

export function buildExample(schema: unknown, root: unknown = schema, key = "value"): unknown {
  if (!isObject(schema)) return `${key} example`;
  if (typeof schema.$ref === "string") return buildExample(resolveRef(schema.$ref, root), root, key);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const variants = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(variants) && variants.length > 0) {
    // Prefer a real value over null so tests see populated fields.
    const nonNull = variants.find((v) => !(isObject(v) && v.type === "null"));
    return buildExample(nonNull ?? variants[0], root, key);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    return Object.assign({}, ...schema.allOf.map((part) => buildExample(part, root, key)));
  }
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== "null") ?? "null") : schema.type;
  switch (type) {
    case "object":
      return buildObject(schema, root);
    case "array": {
      const count = Math.max(typeof schema.minItems === "number" ? schema.minItems : 0, 2);
      return Array.from({ length: count }, (_, i) => buildExample(schema.items, root, `${singular(key)} ${i + 1}`));
    }
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return buildString(key);
  }
}

function buildObject(schema: JsonSchema, root: unknown): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const result: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) result[name] = buildExample(property, root, name);
  return result;
}

function buildString(key: string): string {
  if (/date/i.test(key)) return "2030-01-15";
  if (/assignee/i.test(key)) return "Alex Advisor";
  return `Example ${key}`;
}

function resolveRef(ref: string, root: unknown): unknown {
  if (!ref.startsWith("#")) return {};
  let node: unknown = root;
  for (const part of ref.slice(1).split("/").filter(Boolean)) {
    node = isObject(node) ? node[decodeURIComponent(part.replaceAll("~1", "/").replaceAll("~0", "~"))] : undefined;
  }
  return node ?? {};
}

function singular(key: string): string {
  return key.endsWith("s") ? key.slice(0, -1) : key;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
