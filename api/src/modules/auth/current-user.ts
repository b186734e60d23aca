import { findUserById, type UserRow } from "@cm/db/src/queries/users";
import type { AppContext } from "../../context";
import { unauthorized } from "../../http-error";
import { readCookie } from "./cookies";
import { readSession, sessionCookieName } from "./session-service";

/** The user shape the browser sees: nothing secret. */
export interface PublicUser {
  id: number;
  username: string;
  email: string | null;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  role: string;
  profileImageUrl: string | null;
  subscriptionPlan: string;
}

export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    fullName: user.fullName,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    profileImageUrl: user.profileImageUrl,
    subscriptionPlan: user.subscriptionPlan,
  };
}

export function readSessionId(ctx: AppContext, request: Request): string | undefined {
  return readCookie(request, sessionCookieName(ctx.config.env === "production"));
}

export async function findCurrentUser(ctx: AppContext, request: Request): Promise<UserRow | undefined> {
  const userId = await readSession(ctx.db.sql, readSessionId(ctx, request));
  return userId === undefined ? undefined : findUserById(ctx.db.sql, userId);
}

/** The signed-in user, or a 401 whose message the notes page shows as is. */
export async function requireUser(ctx: AppContext, request: Request): Promise<UserRow> {
  const user = await findCurrentUser(ctx, request);
  if (!user) throw unauthorized();
  return user;
}
