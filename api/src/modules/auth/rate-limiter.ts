import type { Sql } from "@cm/db";
import { hitRateLimit, resetRateLimit } from "@cm/db/queries/rate-limits";
import { normalizeUsername } from "@cm/db/queries/users";
import type { AppConfig } from "../../config";

const MINUTE = 60 * 1000;
const LOGIN_WINDOW_MS = 15 * MINUTE;
const REGISTER_WINDOW_MS = 60 * MINUTE;

/** One limit: at most `limit` hits per `windowMs` for each key of `scope`. */
export interface LimitRule {
  scope: string;
  limit: number;
  windowMs: number;
}

/**
 * Every limit of the account routes. The counters live in PostgreSQL (rate_limits), so all processes on one
 * database count together. Per address: LOGIN_LIMIT_PER_IP per 15 minutes for sign-in, the code step and resend;
 * REGISTER_LIMIT_PER_IP per hour for registration and three times that for the username check. Per account:
 * LOGIN_LIMIT_PER_USERNAME per 15 minutes for sign-in from one address (by normalised username and address; past it
 * from anywhere, sign-in is slowed, not refused), the code step and resend (by user id), and per hour for
 * registration (by normalised username and by normalised e-mail address).
 */
export function authLimitRules(config: AppConfig) {
  const perIp = config.loginLimits.perIp;
  const perAccount = config.loginLimits.perUsername;
  const registerPerIp = config.registerLimits.perIp;
  const rule = (scope: string, limit: number, windowMs: number): LimitRule => ({ scope, limit, windowMs });
  return {
    loginByIp: rule("login:ip", perIp, LOGIN_WINDOW_MS),
    // Refuses one sender at one account; the account-wide count only slows (login-limits.ts).
    loginByAccountAddress: rule("login:username-address", perAccount, LOGIN_WINDOW_MS),
    loginByUsername: rule("login:username", perAccount, LOGIN_WINDOW_MS),
    verifyByIp: rule("verify:ip", perIp, LOGIN_WINDOW_MS),
    verifyByUser: rule("verify:user", perAccount, LOGIN_WINDOW_MS),
    resendByIp: rule("resend:ip", perIp, LOGIN_WINDOW_MS),
    resendByUser: rule("resend:user", perAccount, LOGIN_WINDOW_MS),
    registerByIp: rule("register:ip", registerPerIp, REGISTER_WINDOW_MS),
    registerByUsername: rule("register:username", perAccount, REGISTER_WINDOW_MS),
    registerByEmail: rule("register:email", perAccount, REGISTER_WINDOW_MS),
    usernameCheckByIp: rule("username-check:ip", registerPerIp * 3, REGISTER_WINDOW_MS),
  };
}

/** The key of an e-mail address in the limits: NFKC, trimmed, lowercased without a locale. */
export function normalizeEmailKey(email: string): string {
  return email.normalize("NFKC").trim().toLowerCase();
}

/** The key of a username in the limits: the very form users are looked up by (normalizeUsername). */
export const usernameKey = normalizeUsername;

/**
 * Counts one hit under every rule given (all of them, so a refused attempt still counts everywhere) and answers the
 * longest wait in seconds, 0 when every count is within its limit.
 */
export async function hitLimits(sql: Sql, hits: [LimitRule, string][]): Promise<number> {
  const waits = await Promise.all(
    hits.map(([rule, key]) =>
      hitRateLimit(sql, { scope: rule.scope, key, limit: rule.limit, windowMs: rule.windowMs }),
    ),
  );
  return Math.max(0, ...waits);
}

export const resetLimit = (sql: Sql, rule: LimitRule, key: string) => resetRateLimit(sql, { scope: rule.scope, key });
