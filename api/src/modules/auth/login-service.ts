import { findUserById, findUserByUsername, type UserRow } from "@cm/db/queries/users";
import type { AppContext } from "../../context";
import { HttpError } from "../../http-error";
import { sendVerificationCodeMail } from "./auth-mail";
import { TooManyAttempts } from "./rate-limited";
import { issueVerificationCode, secondsUntilResend } from "./verification-service";

// Verified against when the username is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= Bun.password.hash("not-a-real-password-placeholder", { algorithm: "argon2id" });
  return dummyHash;
};

export const hashPassword = (password: string) => Bun.password.hash(password, { algorithm: "argon2id" });

const invalidCredentials = () => new HttpError(401, "Invalid username or password", "invalid_credentials");

/**
 * Checks a username and password; the same error and about the same time for either mistake. `wrongPassword` is
 * told of a wrong password for an account that exists (its audit trail), not awaited: the answer must not take
 * longer for a known username than for an unknown one.
 */
export async function checkCredentials(
  ctx: AppContext,
  username: string,
  password: string,
  wrongPassword?: (user: UserRow) => Promise<unknown>,
): Promise<UserRow> {
  const user = await findUserByUsername(ctx.db.sql, username);
  const ok = await Bun.password.verify(password, user?.password ?? (await getDummyHash()));
  if (user && !ok && wrongPassword) {
    wrongPassword(user).catch((error: Error) =>
      ctx.logger.error("failed sign-in not recorded", { userId: user.id, error: error.message }),
    );
  }
  if (!user || !ok) throw invalidCredentials();
  return user;
}

/** "a***@example.com": enough for the user to recognise the address. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}${"*".repeat(Math.max(1, Math.min(local.length - 1, 5)))}@${domain}`;
}

/** Sends a fresh code to the user; the mail failure surfaces as a clear 502 and changes nothing else. */
export async function startVerification(ctx: AppContext, user: UserRow, browserToken?: string) {
  if (!user.email)
    throw new HttpError(409, "This account has no e-mail address for the verification code. Please contact support.");
  const issued = await issueVerificationCode(ctx, user.id, browserToken);
  try {
    await sendVerificationCodeMail(ctx, user.email, issued.code);
  } catch (error) {
    ctx.logger.error("verification mail failed", { userId: user.id, error: (error as Error).message });
    // The unsent code must not lock the user out: the previous code (if any) works again, and so does a retry.
    await issued.withdraw().catch(() => {});
    throw new HttpError(
      502,
      "We could not send the verification e-mail. Please try again in a moment or contact support if the problem persists.",
      "mail_failed",
    );
  }
  return issued;
}

export async function resendVerification(ctx: AppContext, userId: number, browserToken: string) {
  const wait = await secondsUntilResend(ctx, userId);
  if (wait > 0) throw new TooManyAttempts(wait, `Please wait ${wait} seconds before requesting a new code.`);
  const user = await findUserById(ctx.db.sql, userId);
  if (!user) throw new HttpError(401, "Please sign in with your username and password first.");
  const issued = await startVerification(ctx, user, browserToken);
  return { ...issued, maskedEmail: maskEmail(user.email) };
}
