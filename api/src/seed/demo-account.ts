import type { Sql } from "@cm/db";
import { findUserById, insertUser } from "@cm/db/queries/users";
import { hashPassword } from "../modules/auth/login-service";

export const DEMO_USERNAME = "demo";
export const DEMO_USER_ID = 1;
/** Printed in the log and the README: the demo account holds only invented sample data. */
export const DEMO_PASSWORD = "demo-advisor-2025";

/**
 * Creates the demo account as user id 1 on a fresh embedded database. It signs in without the
 * e-mail step. Returns true when it was created now.
 */
export async function ensureDemoAccount(sql: Sql): Promise<boolean> {
  const [{ count } = { count: 0 }] = await sql<{ count: number }[]>`select count(*)::int as count from users`;
  if (count > 0) return false;
  const user = await insertUser(sql, {
    username: DEMO_USERNAME,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    email: "demo@clearminute.app",
    fullName: "Dana Whitfield",
    subscriptionPlan: "premium",
    skipVerification: true,
  });
  if (user.id !== 1 || !(await findUserById(sql, 1))) throw new Error("the demo account must be user id 1");
  return true;
}
