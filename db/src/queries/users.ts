import type { Sql } from "../client";

export interface UserRow {
  id: number;
  username: string;
  password: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  profileImageUrl: string | null;
  role: string;
  subscriptionPlan: string;
  subscriptionStatus: string | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  skipVerification: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** Changes to the user's meetings, clients, summaries and transcripts so far (migration 006). */
  dataVersion: number;
}

/** The columns of a UserRow, for queries here and the session lookup that joins users. */
export const userColumns = (sql: Sql) => sql`
  id, username, password, email, first_name as "firstName", last_name as "lastName", full_name as "fullName",
  profile_image_url as "profileImageUrl", role, subscription_plan as "subscriptionPlan",
  subscription_status as "subscriptionStatus", stripe_customer_id as "stripeCustomerId",
  stripe_subscription_id as "stripeSubscriptionId", skip_verification as "skipVerification",
  created_at as "createdAt", updated_at as "updatedAt", data_version as "dataVersion"`;

/**
 * The one form in which usernames are compared: at sign-in, for uniqueness at registration, and as the key of the
 * per-username rate limits. NFKC folds compatibility forms (full-width letters, the Kelvin sign K) and composes
 * combining marks; then a locale-independent lowercase (String#toLowerCase, never a locale's rules), and NFKC again
 * because lowercasing can leave a decomposed sequence ("İ" becomes "i" + U+0307, which is not "i").
 */
export function normalizeUsername(username: string): string {
  return username.normalize("NFKC").trim().toLowerCase().normalize("NFKC");
}

/**
 * The user whose username normalises to the same form as `username`. The database's lower() is not trusted to
 * agree with JavaScript (it follows the server's locale: lower('İ') is 'i' under C.UTF-8), so the stored name is
 * compared with the normalised input, and a row is only accepted when its own name normalises to the same form.
 * Whatever matches therefore has the key the rate limit counted; no spelling of a name reaches it with another key.
 */
export async function findUserByUsername(sql: Sql, username: string): Promise<UserRow | undefined> {
  const key = normalizeUsername(username);
  if (!key) return undefined;
  const rows = await sql<UserRow[]>`select ${userColumns(sql)} from users where lower(username) = ${key}`;
  return rows.find((row) => normalizeUsername(row.username) === key);
}

export async function findUserById(sql: Sql, id: number): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select ${userColumns(sql)} from users where id = ${id}`;
  return row;
}

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select ${userColumns(sql)} from users where lower(email) = lower(${email})`;
  return row;
}

export interface NewUser {
  username: string;
  passwordHash: string;
  email: string | null;
  fullName: string | null;
  role?: string;
  subscriptionPlan?: string;
  skipVerification?: boolean;
}

export async function insertUser(sql: Sql, user: NewUser): Promise<UserRow> {
  const [first, ...rest] = (user.fullName ?? "").trim().split(/\s+/);
  const [row] = await sql<UserRow[]>`
    insert into users (username, password, email, full_name, first_name, last_name, role, subscription_plan,
      skip_verification)
    values (${user.username}, ${user.passwordHash}, ${user.email}, ${user.fullName}, ${first || null},
      ${rest.join(" ") || null}, ${user.role ?? "user"}, ${user.subscriptionPlan ?? "free"},
      ${user.skipVerification ?? false})
    returning ${userColumns(sql)}`;
  return row!;
}

export async function updateUserSubscription(
  sql: Sql,
  userId: number,
  fields: { plan?: string; status?: string | null; customerId?: string | null; subscriptionId?: string | null },
): Promise<void> {
  await sql`
    update users set
      subscription_plan = coalesce(${fields.plan ?? null}, subscription_plan),
      subscription_status = ${fields.status ?? null},
      stripe_customer_id = coalesce(${fields.customerId ?? null}, stripe_customer_id),
      stripe_subscription_id = coalesce(${fields.subscriptionId ?? null}, stripe_subscription_id),
      updated_at = now()
    where id = ${userId}`;
}

export async function findUserIdBySubscription(sql: Sql, subscriptionId: string): Promise<number | undefined> {
  const [row] = await sql<{ id: number }[]>`select id from users where stripe_subscription_id = ${subscriptionId}`;
  return row?.id;
}
