import { findUserById, findUserByUsername } from "@cm/db/queries/users";
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { readClientAddress } from "../../http/client-address";
import { HttpError } from "../../http-error";
import { appendSetCookie, clearCookie, isSecureRequest, readCookie, serializeCookie } from "./cookies";
import { findCurrentUser, readSessionId, toPublicUser } from "./current-user";
import { checkCredentials, maskEmail, resendVerification, startVerification } from "./login-service";
import { rateLimitedResponse, TooManyAttempts } from "./rate-limited";
import { authLimitRules, hitLimits, type LimitRule, normalizeEmailKey, resetLimit, usernameKey } from "./rate-limiter";
import { completePaidRegistration, registerFreeUser, validateUsername } from "./register-service";
import { createSession, destroySession, SESSION_ABSOLUTE_MS, sessionCookieName } from "./session-service";
import { assertBrowserBound, CODE_TTL_MS, checkVerificationCode, VERIFY_COOKIE } from "./verification-service";

export function authRoutes(ctx: AppContext) {
  const production = ctx.config.env === "production";
  const sessionCookie = sessionCookieName(production);
  const secureCookies = (request: Request) => production || isSecureRequest(request);
  const rules = authLimitRules(ctx.config);
  const sql = ctx.db.sql;
  const addressOf = (request: Request) => readClientAddress(request, ctx.config.trustProxy);

  async function signIn(request: Request, set: { headers: Record<string, unknown> }, userId: number) {
    // A new session id at every sign-in; any session the browser had before is dropped.
    await destroySession(ctx.db.sql, readSessionId(ctx, request));
    const sid = await createSession(ctx.db.sql, userId);
    appendSetCookie(
      set,
      // The browser keeps the cookie until the absolute expiry; the server ends an idle session from its row.
      serializeCookie(sessionCookie, sid, {
        secure: secureCookies(request),
        maxAgeSeconds: SESSION_ABSOLUTE_MS / 1000,
      }),
    );
  }

  return new Elysia({ name: "auth" })
    .post(
      "/api/login",
      async ({ body, request, set }) => {
        // The username key is the form users are looked up by: no other spelling of a name reaches its account.
        const username = usernameKey(body.username);
        const wait = await hitLimits(sql, [
          [rules.loginByIp, addressOf(request)],
          [rules.loginByUsername, username],
        ]);
        if (wait > 0) return rateLimitedResponse(wait);
        const user = await checkCredentials(ctx, body.username, body.password);
        await resetLimit(sql, rules.loginByUsername, username);
        if (user.skipVerification) {
          await signIn(request, set, user.id);
          return { requiresVerification: false, user: toPublicUser(user) };
        }
        const issued = await startVerification(ctx, user);
        appendSetCookie(
          set,
          serializeCookie(VERIFY_COOKIE, issued.browserToken, {
            secure: secureCookies(request),
            maxAgeSeconds: CODE_TTL_MS / 1000,
            path: "/api",
          }),
        );
        return { requiresVerification: true, userId: user.id, email: maskEmail(user.email) };
      },
      {
        body: t.Object({
          username: t.String({ minLength: 1, maxLength: 200 }),
          password: t.String({ minLength: 1, maxLength: 1000 }),
        }),
      },
    )
    .post(
      "/api/verify-login",
      async ({ body, request, set }) => {
        const wait = await hitLimits(sql, [[rules.verifyByIp, addressOf(request)]]);
        if (wait > 0) return rateLimitedResponse(wait);
        const token = readCookie(request, VERIFY_COOKIE);
        // Counted per account only once the browser is the one that passed the password step, so nobody else can
        // use up a user's attempts.
        const latest = await assertBrowserBound(ctx, body.userId, token);
        const accountWait = await hitLimits(sql, [[rules.verifyByUser, String(body.userId)]]);
        if (accountWait > 0) return rateLimitedResponse(accountWait);
        await checkVerificationCode(ctx, body.userId, body.code.trim(), token, latest);
        await resetLimit(sql, rules.verifyByUser, String(body.userId));
        const user = await findUserById(ctx.db.sql, body.userId);
        if (!user) throw new HttpError(400, "The code you entered is invalid or has expired. Please try again.");
        await signIn(request, set, user.id);
        appendSetCookie(
          set,
          serializeCookie(VERIFY_COOKIE, "", { secure: secureCookies(request), maxAgeSeconds: 0, path: "/api" }),
        );
        return { user: toPublicUser(user) };
      },
      {
        body: t.Object({
          userId: t.Integer({ minimum: 1 }),
          code: t.String({ minLength: 6, maxLength: 6, pattern: "^[0-9]{6}$" }),
        }),
      },
    )
    .post(
      "/api/resend-verification",
      async ({ body, request }) => {
        const wait = await hitLimits(sql, [[rules.resendByIp, addressOf(request)]]);
        if (wait > 0) return rateLimitedResponse(wait);
        const token = readCookie(request, VERIFY_COOKIE);
        await assertBrowserBound(ctx, body.userId, token);
        const accountWait = await hitLimits(sql, [[rules.resendByUser, String(body.userId)]]);
        if (accountWait > 0) return rateLimitedResponse(accountWait);
        try {
          await resendVerification(ctx, body.userId, token!);
        } catch (error) {
          if (error instanceof TooManyAttempts) return rateLimitedResponse(error.retryAfterSeconds, error.message);
          throw error;
        }
        return { message: "A new code has been sent." };
      },
      { body: t.Object({ userId: t.Integer({ minimum: 1 }) }) },
    )
    .get("/api/auth/user", async ({ request }) => {
      const user = await findCurrentUser(ctx, request);
      return user ? { authenticated: true, user: toPublicUser(user) } : { authenticated: false, user: null };
    })
    .get("/api/logout", async ({ request, set }) => {
      await destroySession(ctx.db.sql, readSessionId(ctx, request));
      appendSetCookie(set, clearCookie(sessionCookie, secureCookies(request)));
      return { message: "Signed out" };
    })
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
        if (wait > 0) return rateLimitedResponse(wait);
        const user = completesPayment
          ? await completePaidRegistration(ctx, requireTempId(body.tempUserId), body.password)
          : await registerFreeUser(ctx, body, body.password);
        set.status = 201;
        return { user: toPublicUser(user) };
      },
      {
        body: t.Object({
          email: t.String({ maxLength: 254 }),
          username: t.String({ maxLength: 40 }),
          password: t.String({ maxLength: 1000 }),
          fullName: t.String({ maxLength: 200 }),
          role: t.Optional(t.String({ maxLength: 40 })),
          subscriptionPlan: t.Optional(t.String({ maxLength: 40 })),
          tempUserId: t.Optional(t.String({ maxLength: 64 })),
        }),
      },
    )
    .post(
      "/api/register/check",
      // Step 1 of /register asks before the user goes on to pay. Usernames only: whether an e-mail address has an
      // account is never answered.
      async ({ body, request }) => {
        const wait = await hitLimits(sql, [[rules.usernameCheckByIp, addressOf(request)]]);
        if (wait > 0) return rateLimitedResponse(wait);
        const username = validateUsername(body.username);
        return { available: !(await findUserByUsername(sql, username)) };
      },
      { body: t.Object({ username: t.String({ maxLength: 200 }) }) },
    );
}

function requireTempId(tempUserId: string | undefined): string {
  if (!tempUserId) throw new HttpError(400, "validation failed: tempUserId is required for a paid plan", "validation");
  return tempUserId;
}
