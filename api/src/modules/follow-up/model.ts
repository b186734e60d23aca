import { type Static, t } from "elysia";
import { Nullable } from "../common-model";

/** A follow-up e-mail already sent about the meeting. `sentAt` is ISO 8601. */
export const FollowUpSent = t.Object({ to: t.Array(t.String()), subject: t.String(), sentAt: t.String() });
export type FollowUpSent = Static<typeof FollowUpSent>;

/**
 * GET /api/meetings/{id}/follow-up: the draft (`to` the client's contact addresses, a markdown `body`) and the
 * follow-ups sent so far, newest first. `contacts` and `ownAddress` are every recipient a send accepts.
 */
export const FollowUpDraft = t.Object({
  to: t.Array(t.String()),
  contacts: t.Array(t.String()),
  ownAddress: Nullable(t.String()),
  subject: t.String(),
  body: t.String(),
  sent: t.Array(FollowUpSent),
});
export type FollowUpDraft = Static<typeof FollowUpDraft>;

/**
 * POST /api/meetings/{id}/follow-up. Sizes here only stop absurd requests early; the route's own checks give the
 * readable limits (valid addresses, at most 10 recipients, a body of at most 50 KB).
 */
export const FollowUpBody = t.Object({
  to: t.Array(t.String({ maxLength: 320 }), { maxItems: 100 }),
  subject: t.String({ maxLength: 1000 }),
  body: t.String({ maxLength: 200_000 }),
});
export type FollowUpBody = Static<typeof FollowUpBody>;

/** The answer to a send: the follow-up as recorded on the meeting. */
export const FollowUpSentAnswer = FollowUpSent;

/** GET /api/meetings/{id}/emails: each follow-up as it was sent, with the summary version it was written from. */
export const SentEmail = t.Object({
  id: t.Number(),
  to: t.Array(t.String()),
  subject: t.String(),
  sentAt: t.String(),
  text: t.String(),
  html: t.String(),
  replyTo: Nullable(t.String()),
  summaryVersion: Nullable(t.Number()),
});
export type SentEmail = Static<typeof SentEmail>;
export const SentEmailList = t.Array(SentEmail);
