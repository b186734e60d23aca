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
import { sendWelcomeMail } from "./auth-mail";
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

// One message for both cases: the form needs to know the details are taken, not which one.
const taken = () =>
  new HttpError(409, "duplicate: an account with this username or e-mail already exists", "duplicate");

async function assertAvailable(sql: Sql, details: RegistrationDetails) {
  const [byName, byEmail] = await Promise.all([
    findUserByUsername(sql, details.username),
    findUserByEmail(sql, details.email),
  ]);
  if (byName || byEmail) throw taken();
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

export async function registerFreeUser(ctx: AppContext, details: RegistrationDetails, password: string) {
  const clean = validateRegistrationDetails(details);
  validatePassword(password);
  await assertAvailable(ctx.db.sql, clean);
  const user = await insertUser(ctx.db.sql, {
    ...clean,
    passwordHash: await hashPassword(password),
    subscriptionPlan: "free",
  }).catch((error) => {
    if ((error as { code?: string }).code === "23505") throw taken();
    throw error;
  });
  await welcome(ctx, user);
  return user;
}

/** Step 2 of a paid sign-up: remembers the details under a temporary id until payment is confirmed. */
export async function startPaidRegistration(ctx: AppContext, details: RegistrationDetails): Promise<string> {
  const clean = validateRegistrationDetails(details);
  await assertAvailable(ctx.db.sql, clean);
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

/** Step 3 of a paid sign-up: creates the account only for a paid, not yet completed registration. */
export async function completePaidRegistration(ctx: AppContext, tempUserId: string, password: string) {
  validatePassword(password);
  const pending = await findPendingRegistration(ctx.db.sql, tempUserId);
  if (!pending) throw new HttpError(404, "Registration not found: please start the sign-up again.", "not_found");
  if (pending.userId)
    throw new HttpError(409, "duplicate: this registration is already complete. Please sign in.", "duplicate");
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
      if (!(await claimPendingRegistration(tx as unknown as Sql, pending.id, created.id))) {
        throw new HttpError(409, "duplicate: this registration is already complete. Please sign in.", "duplicate");
      }
      return created;
    })
    .catch((error) => {
      if ((error as { code?: string }).code === "23505") throw taken();
      throw error;
    });
  await welcome(ctx, user);
  return user;
}
