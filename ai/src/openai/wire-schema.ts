// The shape a chat model answers in, derived from the stored summary's one definition (db/src/queries/summary-schema.ts,
// TypeBox, which is JSON Schema). OpenAI's strict mode wants every field required and every object closed, so an
// optional field becomes required and nullable; `source` (the transcript moment, which the grounding step finds)
// becomes `evidence`, the segment numbers the model cites; fields only the database sets (`id`, `status`) are left
// out, and so are checks a model is not held to (patterns, minimums): the caller checks what it reads.
import { type Static, type TSchema, Type, TypeGuard } from "@sinclair/typebox";

/** Fields the database sets, never the model. */
const DATABASE_FIELDS = ["id", "status"] as const;

/** The stored field a model answers as evidence. */
const SOURCE = "source";

type Wire<T> = T extends readonly (infer U)[]
  ? Wire<U>[]
  : T extends object
    ? {
        [K in keyof T as K extends (typeof DATABASE_FIELDS)[number]
          ? never
          : K extends typeof SOURCE
            ? "evidence"
            : K]-?: K extends typeof SOURCE
          ? number[]
          : undefined extends T[K]
            ? Wire<Exclude<T[K], undefined>> | null
            : Wire<T[K]>;
      }
    : T;

/** A schema whose value type is T (TypeBox reads `static`). */
export type SchemaOf<T> = TSchema & { static: T };

/** Descriptions for the model by field path ("actionItems.task", array items by the array's path); `evidence` for all. */
export type Descriptions = Readonly<Record<string, string>>;

/** The wire shape of a stored TypeBox schema, with the model's descriptions (`path`: where it sits in a larger one). */
export function wireSchema<S extends TSchema>(
  stored: S,
  descriptions: Descriptions,
  path = "",
): SchemaOf<Wire<Static<S>>> {
  return toWire(stored, descriptions, path) as SchemaOf<Wire<Static<S>>>;
}

const described = (schema: TSchema, description: string | undefined): TSchema =>
  description ? { ...schema, description } : schema;

/** The wire shape of one schema; descriptions go on the fields that hold it, not on array items or union members. */
function toWire(schema: TSchema, descriptions: Descriptions, path: string): TSchema {
  if (TypeGuard.IsObject(schema)) {
    const properties: Record<string, TSchema> = {};
    for (const [key, property] of Object.entries(schema.properties)) {
      if ((DATABASE_FIELDS as readonly string[]).includes(key)) continue;
      if (key === SOURCE) {
        properties.evidence = described(
          Type.Array(Type.Integer()),
          descriptions[`${path}.evidence`] ?? descriptions.evidence,
        );
        continue;
      }
      const at = path ? `${path}.${key}` : key;
      const wire = toWire(property, descriptions, at);
      properties[key] = described(
        TypeGuard.IsOptional(property) ? Type.Union([wire, Type.Null()]) : wire,
        descriptions[at],
      );
    }
    return Type.Object(properties, { additionalProperties: false });
  }
  if (TypeGuard.IsArray(schema)) return Type.Array(toWire(schema.items, descriptions, path));
  if (TypeGuard.IsUnion(schema)) return Type.Union(schema.anyOf.map((variant) => toWire(variant, descriptions, path)));
  if (TypeGuard.IsString(schema)) return Type.String();
  if (TypeGuard.IsInteger(schema)) return Type.Integer();
  if (TypeGuard.IsNumber(schema)) return Type.Number();
  if (TypeGuard.IsNull(schema)) return Type.Null();
  throw new Error(`No wire shape for a ${String(schema.type ?? "schema")} at ${path || "the root"}`);
}
