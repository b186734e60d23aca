import type { Sql } from "@cm/db";
import { inTransaction } from "@cm/db/queries/in-transaction";
import { findUserById, insertUser } from "@cm/db/queries/users";
import { hashPassword } from "../modules/auth/login-service";

export const DEMO_USERNAME = "demo";
export const DEMO_USER_ID = 1;
/** Printed in the log and the README: the demo account holds only invented sample data. */
export const DEMO_PASSWORD = "demo-advisor-2025";

/** Any constant: the same in every process, so processes starting at once create the account one at a time. */
const DEMO_ACCOUNT_LOCK = 727_003;

/**
 * Creates the demo account as user id 1 on a fresh database. It signs in without the e-mail step. Returns true
 * when it was created now: with several processes starting at once, by exactly one of them.
 */
export async function ensureDemoAccount(sql: Sql): Promise<boolean> {
  const [{ count } = { count: 0 }] = await sql<{ count: number }[]>`select count(*)::int as count from users`;
  if (count > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return inTransaction(sql, async (tx) => {
    await tx`select pg_advisory_xact_lock(${DEMO_ACCOUNT_LOCK})`;
    const [{ users } = { users: 0 }] = await tx<{ users: number }[]>`select count(*)::int as users from users`;
    if (users > 0) return false;
    const user = await insertUser(tx, {
      username: DEMO_USERNAME,
      passwordHash,
      email: "demo@clearminute.app",
      fullName: "Dana Whitfield",
      subscriptionPlan: "premium",
      skipVerification: true,
    });
    if (user.id !== 1 || !(await findUserById(tx, 1))) throw new Error("the demo account must be user id 1");
    return true;
  });
}
