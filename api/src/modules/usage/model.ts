import { type Static, t } from "elysia";

/** One quota of the account: `limit` and `left` are null when it is off; `freesAt` when some frees up by itself. */
export const QuotaUsage = t.Object({
  used: t.Number(),
  limit: t.Union([t.Number(), t.Null()]),
  left: t.Union([t.Number(), t.Null()]),
  freesAt: t.Union([t.String(), t.Null()]),
});
export type QuotaUsage = Static<typeof QuotaUsage>;

/** GET /api/usage: stored bytes, seconds of audio in the last 24 hours, meetings waiting or in processing. */
export const AccountUsage = t.Object({
  plan: t.Union([t.Literal("free"), t.Literal("standard")]),
  storage: QuotaUsage,
  processing: QuotaUsage,
  queue: QuotaUsage,
});
export type AccountUsage = Static<typeof AccountUsage>;
