import { type Static, type TSchema, t } from "elysia";

/** Every error answer: the status says what kind, `message` is safe to show, `code` names it for programs. */
export const ErrorBody = t.Object({ message: t.String(), code: t.Optional(t.String()) });
export type ErrorBody = Static<typeof ErrorBody>;

/** A confirmation without data ("Meeting deleted", "Signed out"). */
export const MessageBody = t.Object({ message: t.String() });
export type MessageBody = Static<typeof MessageBody>;

/** What a malformed id is told: the one way an id is written. */
export const ID_FORMAT_MESSAGE = "must be a whole number written in digits only (no sign, leading zeros or spaces)";

/**
 * A row id in a path or a query, written one way only: digits, no sign, no leading zero, no spaces, from 1 to
 * 15 digits. A number schema would read "3.0", "+3", " 3" and "0003" as 3, so one
 * meeting had many addresses (`DELETE /api/meetings/3.0` deleted meeting 3); the text is checked before it is read.
 */
export const IdNumber = t
  // At most 15 digits: every such number is below 2^53, so reading it can neither fail nor round.
  .Transform(t.String({ pattern: "^[1-9][0-9]{0,14}$", error: ID_FORMAT_MESSAGE }))
  .Decode((text) => Number(text))
  .Encode((id) => String(id));

/** The one way an id is written as text, in a path, a query, a JSON body or a form. */
const ID_TEXT = /^[1-9][0-9]{0,14}$/;
/** The largest id: 15 digits, as in a path. */
const MAX_ID = 999_999_999_999_999;

/**
 * A row id in a JSON body: a JSON number that is a whole number from 1 to 15 digits, or a string written as in a path
 * (digits only). Elysia's own integer reads any string Number() reads, so `"0x1"`, `"1.0"`, `"+1"`, `"01"`, `" 1"`
 * and `"1e0"` all meant 1 in a body while a path refused them.
 */
export const BodyId = t
  .Transform(
    t.Union([t.Number({ multipleOf: 1, minimum: 1, maximum: MAX_ID }), t.String({ pattern: ID_TEXT.source })], {
      error: ID_FORMAT_MESSAGE,
    }),
  )
  .Decode((value) => Number(value))
  .Encode((id) => id);

/** An id read outside a schema (a form's or an upload's JSON metadata), as BodyId reads it; undefined if malformed. */
export function readId(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isInteger(value) && value >= 1 && value <= MAX_ID ? value : undefined;
  return typeof value === "string" && ID_TEXT.test(value) ? Number(value) : undefined;
}

/** A numeric id in the path (`/api/meetings/:id`). */
export const IdParams = t.Object({ id: IdNumber });

/**
 * A name or title: one line, so no control character (C0 with CR, LF and tab, DEL, C1 with NEL) and no line or
 * paragraph separator. A client name with CR LF split export headings, e-mail and calendar lines and log entries.
 */
export const SINGLE_LINE_PATTERN = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$";
export const SINGLE_LINE_MESSAGE = "must be one line without control characters";
const singleLineTest = new RegExp(SINGLE_LINE_PATTERN);

/** Whether text is one line without control characters (for fields read outside a schema, as an upload's title). */
export const isSingleLine = (text: string) => singleLineTest.test(text);

/** A string field that is a name or a title (see SINGLE_LINE_PATTERN); a failure names the field. */
export const SingleLine = (options: { maxLength: number; minLength?: number }) =>
  t.String({ ...options, pattern: SINGLE_LINE_PATTERN, error: SINGLE_LINE_MESSAGE });

/**
 * Text written over several lines (a note, an e-mail body, a question, a summary's paragraph): tab, LF and CR are
 * allowed; every other control character (C0, DEL, C1 with NEL) is refused. Nothing a person types needs them, and an
 * escape or a NUL reached terminals, logs, PDF and Word exports and mail unchanged.
 */
export const TEXT_BLOCK_PATTERN = "^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$";
export const TEXT_BLOCK_MESSAGE = "must not contain control characters other than tabs and line breaks";
const textBlockTest = new RegExp(TEXT_BLOCK_PATTERN);

/** Whether multi-line text has no control character but tab, LF and CR (for fields read outside a schema). */
export const isTextBlock = (text: string) => textBlockTest.test(text);

/** A string field of multi-line text (see TEXT_BLOCK_PATTERN); a failure names the field. */
export const TextBlock = (options: { maxLength: number; minLength?: number }) =>
  t.String({ ...options, pattern: TEXT_BLOCK_PATTERN, error: TEXT_BLOCK_MESSAGE });

/** A value or null, as the database gives optional columns. */
export const Nullable = <T extends TSchema>(schema: T) => t.Union([schema, t.Null()]);
