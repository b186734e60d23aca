import { type Static, type TSchema, t } from "elysia";

/** Every error answer: the status says what kind, `message` is safe to show, `code` names it for programs. */
export const ErrorBody = t.Object({ message: t.String(), code: t.Optional(t.String()) });
export type ErrorBody = Static<typeof ErrorBody>;

/** A confirmation without data ("Meeting deleted", "Signed out"). */
export const MessageBody = t.Object({ message: t.String() });
export type MessageBody = Static<typeof MessageBody>;

/**
 * A row id in a path or a query: a whole number from 1 to the largest integer a JSON number keeps exactly ("7.5" is
 * refused with a 400 naming the field).
 */
export const IdNumber = t.Numeric({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, multipleOf: 1 });

/** A numeric id in the path (`/api/meetings/:id`). */
export const IdParams = t.Object({ id: IdNumber });

/** A value or null, as the database gives optional columns. */
export const Nullable = <T extends TSchema>(schema: T) => t.Union([schema, t.Null()]);
