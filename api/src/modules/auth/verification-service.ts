import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import {
  consumeVerificationCode,
  findLatestVerificationCode,
  recordWrongAttempt,
  replaceVerificationCode,
  type VerificationCodeRow,
  withdrawVerificationCode,
} from "@cm/db/queries/verification-codes";
import type { AppContext } from "../../context";
import { HttpError } from "../../http-error";

export const CODE_TTL_MS = 10 * 60 * 1000;
const RESEND_AFTER_MS = 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;
export const VERIFY_COOKIE = "cm_verify";

// Keyed hashes: a leaked row reveals neither the code nor the browser token.
const hmac = (secret: string, value: string) => createHmac("sha256", secret).update(value).digest("hex");

function sameHash(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

interface IssuedCode {
  code: string;
  /** Goes into the short-lived httpOnly cookie of the browser that passed the password step. */
  browserToken: string;
  /** Takes the code back (it could not be sent): the user's previous code works again. */
  withdraw(): Promise<void>;
}

/** A new 6-digit code from a secure source; earlier codes of the user stop working. */
export async function issueVerificationCode(
  ctx: AppContext,
  userId: number,
  browserToken?: string,
): Promise<IssuedCode> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const token = browserToken ?? randomBytes(24).toString("base64url");
  const replaced = await replaceVerificationCode(ctx.db.sql, {
    userId,
    codeHash: hmac(ctx.config.sessionSecret, `${userId}:${code}`),
    browserTokenHash: hmac(ctx.config.sessionSecret, `browser:${token}`),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return { code, browserToken: token, withdraw: () => withdrawVerificationCode(ctx.db.sql, replaced) };
}

const invalidCode = () =>
  new HttpError(400, "The code you entered is invalid or has expired. Please try again.", "invalid_code");

/** The browser must hold the token of the user's newest code. */
export async function assertBrowserBound(ctx: AppContext, userId: number, browserToken: string | undefined) {
  const latest = await findLatestVerificationCode(ctx.db.sql, userId);
  if (
    !latest ||
    !browserToken ||
    !sameHash(latest.browserToken, hmac(ctx.config.sessionSecret, `browser:${browserToken}`))
  ) {
    throw new HttpError(401, "Please sign in with your username and password first.", "verification_not_started");
  }
  return latest;
}

/** Checks a code: single use, 10 minutes, retired after 5 wrong tries, bound to the browser. */
export async function checkVerificationCode(
  ctx: AppContext,
  userId: number,
  code: string,
  browserToken: string | undefined,
  /** The row assertBrowserBound already returned for this request, to save reading it again. */
  bound?: VerificationCodeRow,
): Promise<void> {
  const latest = bound ?? (await assertBrowserBound(ctx, userId, browserToken));
  if (latest.used || latest.expiresAt.getTime() <= Date.now()) throw invalidCode();
  if (!sameHash(latest.code, hmac(ctx.config.sessionSecret, `${userId}:${code}`))) {
    await recordWrongAttempt(ctx.db.sql, latest.id, MAX_CODE_ATTEMPTS);
    throw invalidCode();
  }
  if (!(await consumeVerificationCode(ctx.db.sql, latest.id))) throw invalidCode();
}

/** Seconds the user must still wait before a resend, or 0. */
export async function secondsUntilResend(ctx: AppContext, userId: number): Promise<number> {
  const latest = await findLatestVerificationCode(ctx.db.sql, userId);
  if (!latest) return 0;
  const wait = latest.createdAt.getTime() + RESEND_AFTER_MS - Date.now();
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}
