import { randomUUID } from "node:crypto";
import type { Sql } from "@cm/db";
import {
  claimPendingRegistration,
  findPendingRegistration,
  insertPendingRegistration,
  markPendingRegistrationPaid,
} from "@cm/db/queries/pending-registrations";
import { findUserByEmail, findUserByUsername, insertUser, type UserRow } from "@cm/db/queries/users";
import type { AppContext } from "../../context";
import { badRequest, HttpError } from "../../http-error";
import { sendAccountExistsMail, sendWelcomeMail } from "./auth-mail";
import { hashPassword } from "./login-service";

export const MIN_PASSWORD_LENGTH = 8;
// Dot-separated domain labels, so no two parts of the pattern can claim the same characters: linear time.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,40}$/;

export interface RegistrationDetails {
  email: string;
  username: string;
  fullName: string;
}

/**
 * A username as it is stored: NFKC first (full-width "ａｖａ" is "ava"), then only ASCII letters, digits, dots,
 * dashes and underscores, so the database's lower() and normalizeUsername agree on every stored name.
 */
export function validateUsername(input: string): string {
  const username = input.normalize("NFKC").trim();
  if (!USERNAME_PATTERN.test(username)) {
    throw badRequest("validation failed: username must be 3 to 40 letters, digits, dots, dashes or underscores");
  }
  return username;
}

export function validateRegistrationDetails(input: RegistrationDetails): RegistrationDetails {
  const email = input.email.trim();
  const fullName = input.fullName.trim();
  if (!EMAIL_PATTERN.test(email) || email.length > 254)
    throw badRequest("validation failed: email is not a valid address");
  const username = validateUsername(input.username);
  if (!fullName || fullName.length > 200)
    throw badRequest("validation failed: fullName is required (at most 200 characters)");
  return { email, username, fullName };
}

function validatePassword(password: string) {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw badRequest(`validation failed: password is too short: use at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (password.length > 1000) throw badRequest("validation failed: password is too long");
}

/**
 * What a sign-up answers, whether the e-mail address was free or already had an account: the answer must not tell
 * which (anyone can type anyone's address). The address's owner learns it from the mail sent to it.
 */
export const REGISTERED_MESSAGE = "Registration received. Check your e-mail, then sign in.";

/** A taken username is the registrant's own business (they must choose another) and says nothing about the e-mail. */
const usernameTaken = () =>
  new HttpError(409, "duplicate: this username is already taken. Please choose another.", "duplicate");

const alreadyComplete = () =>
  new HttpError(409, "duplicate: this registration is already complete. Please sign in.", "duplicate");

async function assertUsernameFree(sql: Sql, username: string) {
  if (await findUserByUsername(sql, username)) throw usernameTaken();
}

/** A unique violation on the username is the registrant's to fix; one on the e-mail is answered like a success. */
function isEmailTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint_name?: string; message?: string };
  return e.code === "23505" && (e.constraint_name === "users_email_key" || /users_email_key/.test(e.message ?? ""));
}

/** Mails the owner of an address someone signed up with again; the sign-up itself answers as if it had worked. */
async function tellOwner(ctx: AppContext, email: string) {
  try {
    await sendAccountExistsMail(ctx, email);
  } catch (error) {
    ctx.logger.warn("account-exists mail failed", { error: (error as Error).message });
  }
}

async function welcome(ctx: AppContext, user: UserRow) {
  try {
    // Nothing the registrant typed goes into the mail (not the name, not the username): the address it is sent to
    // is theirs to choose, so its text must be ours alone.
    if (user.email) await sendWelcomeMail(ctx, user.email, user.subscriptionPlan);
  } catch (error) {
    // The account exists and works; a lost welcome mail is not worth failing the sign-up.
    ctx.logger.warn("welcome mail failed", { userId: user.id, error: (error as Error).message });
  }
}

/**
 * A free sign-up. A taken username answers 409; a taken e-mail address creates and changes nothing but mails its
 * owner, after the same work as a real sign-up (the password is hashed either way), so the two look alike.
 */
export async function registerFreeUser(
  ctx: AppContext,
  details: RegistrationDetails,
  password: string,
): Promise<UserRow | undefined> {
  const clean = validateRegistrationDetails(details);
  validatePassword(password);
  await assertUsernameFree(ctx.db.sql, clean.username);
  const passwordHash = await hashPassword(password);
  if (await findUserByEmail(ctx.db.sql, clean.email)) {
    await tellOwner(ctx, clean.email);
    return undefined;
  }
  const user = await insertUser(ctx.db.sql, { ...clean, passwordHash, subscriptionPlan: "free" }).catch((error) => {
    if (isEmailTaken(error)) return undefined;
    if ((error as { code?: string }).code === "23505") throw usernameTaken();
    throw error;
  });
  if (!user) {
    await tellOwner(ctx, clean.email);
    return undefined;
  }
  await welcome(ctx, user);
  return user;
}

/**
 * Step 2 of a paid sign-up: remembers the details under a temporary id until payment is confirmed. A taken e-mail
 * address goes on alike (the answer must not tell), and its owner is mailed at once, before anything is paid.
 */
export async function startPaidRegistration(ctx: AppContext, details: RegistrationDetails): Promise<string> {
  const clean = validateRegistrationDetails(details);
  await assertUsernameFree(ctx.db.sql, clean.username);
  if (await findUserByEmail(ctx.db.sql, clean.email)) await tellOwner(ctx, clean.email);
  const id = randomUUID();
  await insertPendingRegistration(ctx.db.sql, { id, ...clean, plan: "premium" });
  return id;
}

/**
 * The one fulfilment path for a paid registration, used by the webhook and by the return to step 3:
 * marks the pending registration paid once Stripe confirms the checkout session. Idempotent.
 */
export async function fulfilRegistrationPayment(ctx: AppContext, stripeSessionId: string): Promise<boolean> {
  return markPendingRegistrationPaid(ctx.db.sql, stripeSessionId);
}

/**
 * Step 3 of a paid sign-up: creates the account only for a paid, not yet completed registration. When the e-mail
 * address has meanwhile (or already) an account, nothing is created, its owner is mailed, and the answer is the same;
 * the log names the registration so the operator can refund it.
 */
export async function completePaidRegistration(
  ctx: AppContext,
  tempUserId: string,
  password: string,
): Promise<UserRow | undefined> {
  validatePassword(password);
  const pending = await findPendingRegistration(ctx.db.sql, tempUserId);
  if (!pending) throw new HttpError(404, "Registration not found: please start the sign-up again.", "not_found");
  if (pending.userId) throw alreadyComplete();
  if (!pending.paidAt) {
    if (!ctx.payments || !pending.stripeSessionId) {
      throw new HttpError(402, "Payment has not been confirmed for this registration.", "payment_required");
    }
    // The success URL proves nothing: ask Stripe whether this checkout session was paid.
    const session = await ctx.payments.retrieveCheckoutSession(pending.stripeSessionId);
    if (!session.paid)
      throw new HttpError(402, "Payment has not been confirmed for this registration.", "payment_required");
    await fulfilRegistrationPayment(ctx, pending.stripeSessionId);
  }
  const passwordHash = await hashPassword(password);
  const user = await ctx.db.sql
    .begin(async (tx) => {
      const created = await insertUser(tx as unknown as Sql, {
        email: pending.email,
        username: pending.username,
        fullName: pending.fullName,
        passwordHash,
        subscriptionPlan: "premium",
      });
      if (!(await claimPendingRegistration(tx as unknown as Sql, pending.id, created.id))) throw alreadyComplete();
      return created;
    })
    .catch(async (error) => {
      if ((error as { code?: string }).code !== "23505") throw error;
      // A simultaneous submission of the same registration won the race: that one is the account.
      if ((await findPendingRegistration(ctx.db.sql, pending.id))?.userId) throw alreadyComplete();
      if (isEmailTaken(error)) return undefined;
      throw usernameTaken();
    });
  if (!user) {
    ctx.logger.warn("paid registration for an address that has an account: refund it", { registration: pending.id });
    await tellOwner(ctx, pending.email);
    return undefined;
  }
  await welcome(ctx, user);
  return user;
}
