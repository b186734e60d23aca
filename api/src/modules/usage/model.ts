import { type Static, t } from "elysia";

/** One quota of the account: `limit` and `left` are null when it is off; `freesAt` when some frees up by itself. */
export const QuotaUsage = t.Object({
  used: t.Number(),
  limit: t.Union([t.Number(), t.Null()]),
  left: t.Union([t.Number(), t.Null()]),
  freesAt: t.Union([t.String(), t.Null()]),
});
export type QuotaUsage = Static<typeof QuotaUsage>;

/** Limits on one thing (a note, a meeting, a client) rather than the account: null when off. */
export const PerItemLimits = t.Object({
  noteCharacters: t.Union([t.Number(), t.Null()]),
  actionItemsPerMeeting: t.Union([t.Number(), t.Null()]),
  contactsPerClient: t.Union([t.Number(), t.Null()]),
});

/**
 * GET /api/usage: stored bytes (files and the account's rows in the database; `dataBytes` the rows' part), seconds
 * of audio (and text work) in the last 24 hours, meetings waiting or in processing, meetings and clients kept, things
 * created this minute, and the limits on one note, meeting or client.
 */
export const AccountUsage = t.Object({
  plan: t.Union([t.Literal("free"), t.Literal("standard")]),
  storage: QuotaUsage,
  processing: QuotaUsage,
  queue: QuotaUsage,
  dataBytes: t.Number(),
  meetings: QuotaUsage,
  clients: QuotaUsage,
  creations: QuotaUsage,
  perItem: PerItemLimits,
});
export type AccountUsage = Static<typeof AccountUsage>;
