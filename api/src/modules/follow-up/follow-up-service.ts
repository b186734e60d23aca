import { loadWordKinds } from "@cm/ai/local";
import { type ClientRow, findClient } from "@cm/db/queries/clients";
import { type FollowUpRow, listFollowUps, recordFollowUp } from "@cm/db/queries/follow-ups";
import { findMeeting } from "@cm/db/queries/meetings";
import { hitRateLimit } from "@cm/db/queries/rate-limits";
import { findTranscriptTotals } from "@cm/db/queries/transcript-pages";
import type { UserRow } from "@cm/db/queries/users";
import type { AppContext } from "../../context";
import { badRequest, HttpError, notFound } from "../../http-error";
import { renderFollowUpEmail } from "../../mail/follow-up-email";
import { type AuditWho, auditedChange } from "../audit/audited";
import { loadMeetingDocument, type MeetingDocument } from "../export/meeting-document";
import { checkRecipients, isEmailAddress, MAX_RECIPIENTS } from "./email-address";
import { checkedModelLetter, composeFollowUp, renderLetter } from "./follow-up-draft";
import { findSubjectProblem, normalizeBody } from "./message-text";
import type { FollowUpBody, FollowUpDraft, FollowUpSent, SentEmail } from "./model";

export const FOLLOW_UP_PROCESSING_MESSAGE =
  "This meeting is still being processed. Draft the follow-up once its summary is ready.";

/** The largest follow-up body, in bytes of UTF-8. */
export const MAX_FOLLOW_UP_BODY_BYTES = 50 * 1024;
const MAX_SUBJECT_LENGTH = 300;

/** Follow-ups one user may send per hour (counted in rate_limits, shared by every process). */
export const FOLLOW_UP_LIMIT = { scope: "follow-up:user", limit: 20, windowMs: 60 * 60 * 1000 } as const;

/** How the advisor signs: full name, else first and last name, else the username. */
export function advisorName(user: UserRow): string {
  const full = user.fullName?.trim();
  if (full) return full;
  const parts = [user.firstName, user.lastName].map((part) => part?.trim()).filter(Boolean);
  return parts.length ? parts.join(" ") : user.username;
}

const presentSent = (row: FollowUpRow): FollowUpSent => ({
  to: row.recipients,
  subject: row.subject,
  sentAt: row.sentAt.toISOString(),
});

/** The advisor's own address, the one recipient a follow-up may always have besides the client's addresses. */
function ownAddress(user: UserRow): string | null {
  const address = user.email?.trim();
  return address && isEmailAddress(address) ? address : null;
}

/**
 * A follow-up goes only to people the advisor knows: the client's contact addresses and the advisor's own. Any other
 * recipient answers 400 naming it; adding it to the client's contacts is a separate, deliberate (and capped) step.
 */
function refuseStrangers(recipients: string[], client: ClientRow, own: string | null): void {
  const known = new Set([...client.emails, ...(own ? [own] : [])].map((address) => address.toLowerCase()));
  const stranger = recipients.find((address) => !known.has(address.toLowerCase()));
  if (!stranger) return;
  throw new HttpError(
    400,
    `validation failed: to: ${stranger} is not one of ${client.name}'s contact addresses; add it to the client's contacts first`,
    "not_a_contact",
  );
}

/**
 * The draft's subject and body: the local sentence forms, or with a chat model configured the model's prose from the
 * same record after the same checks (./follow-up-draft.ts `checkedModelLetter`). When the model fails (unreachable,
 * refusing, malformed), the local draft is the draft: the advisor always gets one.
 */
async function writeFollowUp(ctx: AppContext, doc: MeetingDocument, advisor: string, speakers: string[]) {
  // The lexicon tells a name from a word in the topics' list ("Fees" → "fees", "Bev" stays): loaded on first use.
  await loadWordKinds();
  const local = composeFollowUp(doc, advisor, speakers);
  if (!ctx.followUpWriter) return local;
  try {
    const prose = await ctx.followUpWriter.write(local.material.record);
    const letter = checkedModelLetter(prose, local.material.letter, local.material.context);
    return { subject: local.subject, body: renderLetter(letter, advisor) };
  } catch (error) {
    ctx.logger.warn("follow-up written locally: the chat model failed", {
      meetingId: doc.id,
      error: (error as Error).message,
    });
    return local;
  }
}

/** The draft for a processed meeting, addressed to the client's contact addresses. */
export async function draftFollowUp(ctx: AppContext, user: UserRow, meetingId: number): Promise<FollowUpDraft> {
  // The transcript is read so the checks can tell a client's own sentence from the advisor's.
  const doc = await loadMeetingDocument(ctx.db.sql, user.id, meetingId, {
    withTranscript: true,
    conflictMessage: FOLLOW_UP_PROCESSING_MESSAGE,
  });
  const client = await findClient(ctx.db.sql, user.id, doc.clientId);
  const totals = await findTranscriptTotals(ctx.db.sql, user.id, meetingId);
  const { subject, body } = await writeFollowUp(ctx, doc, advisorName(user), totals?.speakers ?? []);
  const sent = await listFollowUps(ctx.db.sql, user.id, meetingId);
  const contacts = client?.emails ?? [];
  return {
    to: contacts.slice(0, MAX_RECIPIENTS),
    contacts,
    ownAddress: ownAddress(user),
    subject,
    body,
    sent: sent.map(presentSent),
  };
}

/** Checks what the advisor sends; a 400 naming the field for anything wrong. */
function checkFollowUp(input: FollowUpBody): { recipients: string[]; subject: string; body: string } {
  const to = checkRecipients(input.to);
  if ("problem" in to) throw badRequest(to.problem);
  const subject = input.subject.trim();
  if (!subject) throw badRequest("validation failed: subject is required");
  const subjectProblem = findSubjectProblem(subject);
  if (subjectProblem) throw badRequest(subjectProblem);
  if (subject.length > MAX_SUBJECT_LENGTH) {
    throw badRequest(`validation failed: subject is longer than ${MAX_SUBJECT_LENGTH} characters`);
  }
  if (!input.body.trim()) throw badRequest("validation failed: body is required");
  if (Buffer.byteLength(input.body, "utf8") > MAX_FOLLOW_UP_BODY_BYTES) {
    throw badRequest("validation failed: body is larger than 50 KB; please shorten the e-mail");
  }
  const body = normalizeBody(input.body);
  if ("problem" in body) throw badRequest(body.problem);
  return { recipients: to.recipients, subject, body: body.body };
}

/**
 * Sends the follow-up through the configured mail (Resend, or the dev outbox), the advisor's address as reply-to,
 * and records it on the meeting. Answers the record, or `{ retryAfterSeconds }` when the user is over the limit.
 */
export async function sendFollowUp(
  ctx: AppContext,
  user: UserRow,
  meetingId: number,
  input: FollowUpBody,
  who: AuditWho,
): Promise<FollowUpSent | { retryAfterSeconds: number }> {
  const message = checkFollowUp(input);
  const doc = await loadMeetingDocument(ctx.db.sql, user.id, meetingId, {
    conflictMessage: FOLLOW_UP_PROCESSING_MESSAGE,
  });
  const client = await findClient(ctx.db.sql, user.id, doc.clientId);
  if (!client) throw notFound("Meeting");
  refuseStrangers(message.recipients, client, ownAddress(user));
  const wait = await hitRateLimit(ctx.db.sql, { ...FOLLOW_UP_LIMIT, key: String(user.id) });
  if (wait > 0) return { retryAfterSeconds: wait };
  const email = await renderFollowUpEmail(message.subject, { body: message.body, advisorName: advisorName(user) });
  const replyTo = ownAddress(user) ?? undefined;
  try {
    await ctx.mailer.send({ ...email, to: message.recipients, replyTo });
  } catch (error) {
    ctx.logger.error("follow-up e-mail not sent", { meetingId: doc.id, error: (error as Error).message });
    throw new HttpError(
      502,
      "The follow-up e-mail could not be sent. Your draft is still here; please try again in a moment.",
      "mail",
    );
  }
  // Kept as sent, and in the audit trail, in one transaction.
  const sent = { recipients: message.recipients, subject: message.subject, replyTo: replyTo ?? null };
  const row = await auditedChange(
    ctx.db.sql,
    who,
    (tx) => recordFollowUp(tx, user.id, doc.id, { ...sent, bodyText: email.text, bodyHtml: email.html }),
    (stored) =>
      stored && {
        action: "email.sent",
        target: { kind: "email", id: stored.id },
        meetingId: doc.id,
        clientId: doc.clientId,
        details: { to: stored.recipients, subject: stored.subject, summaryVersion: stored.summaryVersion },
      },
  );
  if (!row) throw notFound("Meeting");
  return presentSent(row);
}

/** Every follow-up e-mail sent about one of the user's meetings, as sent, newest first. */
export async function listSentEmails(ctx: AppContext, userId: number, meetingId: number): Promise<SentEmail[]> {
  if (!(await findMeeting(ctx.db.sql, userId, meetingId))) throw notFound("Meeting");
  const rows = await listFollowUps(ctx.db.sql, userId, meetingId, MAX_LISTED_EMAILS);
  return rows.map((row) => ({
    id: row.id,
    to: row.recipients,
    subject: row.subject,
    sentAt: row.sentAt.toISOString(),
    text: row.bodyText,
    html: row.bodyHtml,
    replyTo: row.replyTo,
    summaryVersion: row.summaryVersion,
  }));
}

/** The newest this many are listed (a meeting's sends are limited an hour: FOLLOW_UP_LIMIT). */
const MAX_LISTED_EMAILS = 500;
