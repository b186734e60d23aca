import { findUserById } from "@cm/db/src/queries/users";
import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { HttpError } from "../../http-error";
import { appendSetCookie, clearCookie, isSecureRequest, readCookie, serializeCookie } from "./cookies";
import { findCurrentUser, readSessionId, toPublicUser } from "./current-user";
import { checkCredentials, maskEmail, resendVerification, startVerification } from "./login-service";
import { RateLimiter } from "./rate-limiter";
import { completePaidRegistration, registerFreeUser } from "./register-service";
import { createSession, destroySession, SESSION_ABSOLUTE_MS, sessionCookieName } from "./session-service";
import { assertBrowserBound, CODE_TTL_MS, checkVerificationCode, VERIFY_COOKIE } from "./verification-service";

const LIMIT_WINDOW_MS = 15 * 60 * 1000;

/**
 * The address rate limits count by. Behind a trusted proxy (TRUST_PROXY) every request comes from the proxy, so the
 * address it appended to X-Forwarded-For is taken: the last one, since earlier ones are the client's own to write.
 */
export function clientIp(
  request: Request,
  server: { requestIP?: (r: Request) => { address: string } | null } | null,
  trustProxy = false,
): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return server?.requestIP?.(request)?.address ?? "unknown";
}

function tooMany(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new HttpError(
    429,
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    "rate_limited",
  );
}

export function authRoutes(ctx: AppContext) {
  const production = ctx.config.env === "production";
  const sessionCookie = sessionCookieName(production);
  const secureCookies = (request: Request) => production || isSecureRequest(request);
  const loginByIp = new RateLimiter(ctx.config.loginLimits.perIp, LIMIT_WINDOW_MS);
  const loginByUser = new RateLimiter(ctx.config.loginLimits.perUsername, LIMIT_WINDOW_MS);
  const verifyByIp = new RateLimiter(ctx.config.loginLimits.perIp, LIMIT_WINDOW_MS);

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
      async ({ body, request, server, set }) => {
        const ip = clientIp(request, server, ctx.config.trustProxy);
        const wait = Math.max(loginByIp.hit(ip), loginByUser.hit(body.username.trim().toLowerCase()));
        if (wait > 0) throw tooMany(wait);
        const user = await checkCredentials(ctx, body.username.trim(), body.password);
        loginByUser.reset(body.username.trim().toLowerCase());
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
      async ({ body, request, server, set }) => {
        const wait = verifyByIp.hit(clientIp(request, server, ctx.config.trustProxy));
        if (wait > 0) throw tooMany(wait);
        await checkVerificationCode(ctx, body.userId, body.code.trim(), readCookie(request, VERIFY_COOKIE));
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
        const token = readCookie(request, VERIFY_COOKIE);
        await assertBrowserBound(ctx, body.userId, token);
        await resendVerification(ctx, body.userId, token!);
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
      async ({ body, set }) => {
        const plan = body.subscriptionPlan ?? "free";
        const user =
          body.tempUserId || plan !== "free"
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
    );
}

function requireTempId(tempUserId: string | undefined): string {
  if (!tempUserId) throw new HttpError(400, "validation failed: tempUserId is required for a paid plan", "validation");
  return tempUserId;
}
