import { findUserById, findUserByUsername } from "@cm/db/queries/users";
import { type Cookie, Elysia, status } from "elysia";
import type { AppContext } from "../../context";
import { readClientAddress } from "../../http/client-address";
import { HttpError } from "../../http-error";
import { auditOrigin } from "../audit/audit-origin";
import { recordAudit } from "../audit/record-audit";
import { ErrorBody, MessageBody } from "../common-model";
import { type CookieJar, isSecureRequest, readCookieText, writeCookie } from "./cookies";
import { findCurrentUser, readSessionId, toPublicUser } from "./current-user";
import { admitLogin, clearLoginFailures } from "./login-limits";
import { checkCredentials, maskEmail, resendVerification, startVerification } from "./login-service";
import {
  AuthState,
  LoginAnswer,
  LoginBody,
  RegisterBody,
  ResendBody,
  UserAnswer,
  UsernameCheckAnswer,
  UsernameCheckBody,
  VerifyLoginBody,
} from "./model";
import { refuseTooMany, TooManyAttempts } from "./rate-limited";
import { authLimitRules, hitLimits, type LimitRule, normalizeEmailKey, resetLimit, usernameKey } from "./rate-limiter";
import { completePaidRegistration, REGISTERED_MESSAGE, registerFreeUser, validateUsername } from "./register-service";
import { createSession, destroySession, SESSION_ABSOLUTE_MS, sessionCookieName } from "./session-service";
import { assertBrowserBound, CODE_TTL_MS, checkVerificationCode, VERIFY_COOKIE } from "./verification-service";

/**
 * What a browser forgets at sign-out: cached pages and answers, every cookie of the site, and its storage (unsaved
 * notes, the conversation on screen, recordings kept on the device), so the next person at a shared computer finds
 * nothing of the account. The types are quoted strings (an unquoted one is ignored), and browsers apply the header
 * only from a secure origin (HTTPS, or http://localhost and 127.0.0.1).
 */
export const SIGN_OUT_CLEAR_SITE_DATA = '"cache", "cookies", "storage"';

export function authRoutes(ctx: AppContext) {
  const production = ctx.config.env === "production";
  const sessionCookie = sessionCookieName(production);
  const secureCookies = (request: Request) => production || isSecureRequest(request, ctx.config.trustProxy);
  const rules = authLimitRules(ctx.config);
  const sql = ctx.db.sql;
  const addressOf = (request: Request) => readClientAddress(request, ctx.config.trustProxy);

  /** A step of signing in, in the account's audit trail (failures are capped an hour: audit-actions.ts). */
  const auditSignIn = (
    request: Request,
    userId: number,
    action: "auth.sign-in" | "auth.sign-in-failed" | "auth.code-sent" | "auth.sign-out",
    details: Record<string, unknown>,
  ) =>
    recordAudit(sql, {
      accountId: userId,
      actorUserId: action === "auth.sign-in-failed" ? null : userId,
      action,
      target: { kind: "account", id: userId },
      from: auditOrigin(ctx, request),
      details,
    });

  async function signIn(request: Request, cookie: CookieJar, userId: number, step: "password" | "code") {
    // A new session id at every sign-in; any session the browser had before is dropped.
    await destroySession(ctx.db.sql, readSessionId(ctx, cookie));
    const sid = await createSession(ctx.db.sql, userId);
    await auditSignIn(request, userId, "auth.sign-in", { step });
    // The browser keeps the cookie until the absolute expiry; the server ends an idle session from its row.
    writeCookie(cookie[sessionCookie]!, sid, {
      secure: secureCookies(request),
      maxAgeSeconds: SESSION_ABSOLUTE_MS / 1000,
    });
  }

  /**
   * The code step's limits: per address first; then, once the browser is the one that passed the password step,
   * per account, so nobody else can use up a user's attempts. Seconds to wait (0 to go on), the browser's token and
   * the latest code.
   */
  async function limitCodeStep(
    request: Request,
    cookie: Record<string, Cookie<unknown>>,
    userId: number,
    rule: { byIp: LimitRule; byUser: LimitRule },
  ) {
    const wait = await hitLimits(sql, [[rule.byIp, addressOf(request)]]);
    if (wait > 0) return { wait, token: undefined, latest: undefined };
    const token = readCookieText(cookie[VERIFY_COOKIE]);
    const latest = await assertBrowserBound(ctx, userId, token);
    return { wait: await hitLimits(sql, [[rule.byUser, String(userId)]]), token, latest };
  }

  return new Elysia({ name: "auth" })
    .post(
      "/api/login",
      async ({ body, request, cookie, set }) => {
        // The username key is the form users are looked up by: no other spelling of a name reaches its account.
        const username = usernameKey(body.username);
        const address = addressOf(request);
        const wait = await admitLogin(sql, rules, username, address);
        if (wait > 0) return refuseTooMany(set, wait);
        const user = await checkCredentials(ctx, body.username, body.password, (known) =>
          auditSignIn(request, known.id, "auth.sign-in-failed", { step: "password" }),
        );
        await clearLoginFailures(sql, rules, username, address);
        if (user.skipVerification) {
          await signIn(request, cookie, user.id, "password");
          return { requiresVerification: false as const, user: toPublicUser(user) };
        }
        const issued = await startVerification(ctx, user);
        await auditSignIn(request, user.id, "auth.code-sent", { to: maskEmail(user.email) });
        writeCookie(cookie[VERIFY_COOKIE]!, issued.browserToken, {
          secure: secureCookies(request),
          maxAgeSeconds: CODE_TTL_MS / 1000,
          path: "/api",
        });
        return { requiresVerification: true as const, userId: user.id, email: maskEmail(user.email) };
      },
      { body: LoginBody, response: { 200: LoginAnswer, 401: ErrorBody, 429: ErrorBody } },
    )
    .post(
      "/api/verify-login",
      async ({ body, request, cookie, set }) => {
        const { wait, token, latest } = await limitCodeStep(request, cookie, body.userId, {
          byIp: rules.verifyByIp,
          byUser: rules.verifyByUser,
        });
        if (wait > 0 || !latest) return refuseTooMany(set, wait);
        try {
          await checkVerificationCode(ctx, body.userId, body.code.trim(), token, latest);
        } catch (error) {
          // The browser passed the password step for this account (assertBrowserBound): a wrong code is its owner's.
          await auditSignIn(request, body.userId, "auth.sign-in-failed", { step: "code" });
          throw error;
        }
        await resetLimit(sql, rules.verifyByUser, String(body.userId));
        const user = await findUserById(ctx.db.sql, body.userId);
        if (!user) throw new HttpError(400, "The code you entered is invalid or has expired. Please try again.");
        await signIn(request, cookie, user.id, "code");
        writeCookie(cookie[VERIFY_COOKIE]!, "", { secure: secureCookies(request), maxAgeSeconds: 0, path: "/api" });
        return { user: toPublicUser(user) };
      },
      { body: VerifyLoginBody, response: { 200: UserAnswer, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody } },
    )
    .post(
      "/api/resend-verification",
      async ({ body, request, cookie, set }) => {
        const { wait, token } = await limitCodeStep(request, cookie, body.userId, {
          byIp: rules.resendByIp,
          byUser: rules.resendByUser,
        });
        if (wait > 0) return refuseTooMany(set, wait);
        try {
          const issued = await resendVerification(ctx, body.userId, token!);
          await auditSignIn(request, body.userId, "auth.code-sent", { to: issued.maskedEmail, resent: true });
        } catch (error) {
          if (error instanceof TooManyAttempts) return refuseTooMany(set, error.retryAfterSeconds, error.message);
          throw error;
        }
        return { message: "A new code has been sent." };
      },
      { body: ResendBody, response: { 200: MessageBody, 401: ErrorBody, 429: ErrorBody } },
    )
    .get(
      "/api/auth/user",
      async ({ request, cookie }) => {
        const user = await findCurrentUser(ctx, request, cookie);
        return user ? { authenticated: true, user: toPublicUser(user) } : { authenticated: false, user: null };
      },
      { response: { 200: AuthState } },
    )
    .post(
      "/api/logout",
      async ({ request, cookie, set }) => {
        // A POST, so the origin guard checks it like every other write: as a GET, any site could sign a user
        // out by sending the browser to it (docs/security.md).
        const user = await findCurrentUser(ctx, request, cookie);
        if (user) await auditSignIn(request, user.id, "auth.sign-out", {});
        await destroySession(ctx.db.sql, readSessionId(ctx, cookie));
        writeCookie(cookie[sessionCookie]!, "", { secure: secureCookies(request), maxAgeSeconds: 0 });
        set.headers["clear-site-data"] = SIGN_OUT_CLEAR_SITE_DATA;
        return { message: "Signed out" };
      },
      { response: { 200: MessageBody } },
    )
    .get(
      "/api/logout",
      ({ set }) => {
        set.headers.allow = "POST";
        return status(405, { message: "Sign out with POST /api/logout.", code: "method_not_allowed" });
      },
      { response: { 405: ErrorBody } },
    )
    .post(
      "/api/register",
      async ({ body, request, set }) => {
        const plan = body.subscriptionPlan ?? "free";
        const completesPayment = Boolean(body.tempUserId) || plan !== "free";
        // A free sign-up mails whatever address it is given: limited per address, per username and per e-mail.
        // Completing a paid one uses the details stored at checkout, so only the address counts.
        const hits: [LimitRule, string][] = [[rules.registerByIp, addressOf(request)]];
        if (!completesPayment) {
          hits.push([rules.registerByUsername, usernameKey(body.username)]);
          hits.push([rules.registerByEmail, normalizeEmailKey(body.email)]);
        }
        const wait = await hitLimits(sql, hits);
        if (wait > 0) return refuseTooMany(set, wait);
        // Whether the e-mail address already had an account, the answer is the same (the mail tells its owner).
        if (completesPayment) await completePaidRegistration(ctx, requireTempId(body.tempUserId), body.password);
        else await registerFreeUser(ctx, body, body.password);
        set.status = 201;
        return { message: REGISTERED_MESSAGE };
      },
      { body: RegisterBody, response: { 201: MessageBody, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody } },
    )
    .post(
      "/api/register/check",
      // Step 1 of /register asks before the user goes on to pay. Usernames only: whether an e-mail address has an
      // account is never answered.
      async ({ body, request, set }) => {
        const wait = await hitLimits(sql, [[rules.usernameCheckByIp, addressOf(request)]]);
        if (wait > 0) return refuseTooMany(set, wait);
        const username = validateUsername(body.username);
        return { available: !(await findUserByUsername(sql, username)) };
      },
      { body: UsernameCheckBody, response: { 200: UsernameCheckAnswer, 400: ErrorBody, 429: ErrorBody } },
    );
}

function requireTempId(tempUserId: string | undefined): string {
  if (!tempUserId) throw new HttpError(400, "validation failed: tempUserId is required for a paid plan", "validation");
  return tempUserId;
}
