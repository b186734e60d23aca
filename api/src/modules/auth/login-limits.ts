import type { Sql } from "@cm/db";
import { type authLimitRules, hitLimits, resetLimit } from "./rate-limiter";

type Rules = ReturnType<typeof authLimitRules>;

/** How long every sign-in of an account under attack waits: slows one sender's guessing, refuses nobody. */
export const ACCOUNT_SLOWDOWN_MS = 1000;

/** The key of one sender's tries at one account: the normalised username and the address's limit key. */
const pairKey = (username: string, address: string) => JSON.stringify([username, address]);

/**
 * The limits of one sign-in attempt. Refused (the seconds to wait) only for what the sender did itself: too many
 * attempts from its address, or too many at this account from its address. Failures at the account from everywhere
 * only slow the answer, so a crowd of addresses sending wrong passwords never keeps the owner out of their account.
 */
export async function admitLogin(sql: Sql, rules: Rules, username: string, address: string): Promise<number> {
  const wait = await hitLimits(sql, [
    [rules.loginByIp, address],
    [rules.loginByAccountAddress, pairKey(username, address)],
  ]);
  if (wait > 0) return wait;
  if ((await hitLimits(sql, [[rules.loginByUsername, username]])) > 0) await Bun.sleep(ACCOUNT_SLOWDOWN_MS);
  return 0;
}

/** After the right password: the account's failures, and this sender's at it, are forgotten. */
export async function clearLoginFailures(sql: Sql, rules: Rules, username: string, address: string): Promise<void> {
  await resetLimit(sql, rules.loginByAccountAddress, pairKey(username, address));
  await resetLimit(sql, rules.loginByUsername, username);
}
