import type { UserRow } from "@cm/db/queries/users";
import type { AppContext } from "../../context";
import { unauthorized } from "../../http-error";
import { readCookie } from "./cookies";
import { readSessionUser, sessionCookieName } from "./session-service";

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

/**
 * Requests the server sends to itself while rendering a page carry the user the page request already
 * read (null: signed out), so loading a page's data does not look the session up once per key. Only
 * Request objects made inside the server can be in this map.
 */
const knownUsers = new WeakMap<Request, UserRow | null>();

export function withKnownUser(request: Request, user: UserRow | undefined): Request {
  knownUsers.set(request, user ?? null);
  return request;
}

export async function findCurrentUser(ctx: AppContext, request: Request): Promise<UserRow | undefined> {
  const known = knownUsers.get(request);
  if (known !== undefined) return known ?? undefined;
  return readSessionUser(ctx.db.sql, readSessionId(ctx, request));
}

/** The signed-in user, or a 401 whose message the notes page shows as is. */
export async function requireUser(ctx: AppContext, request: Request): Promise<UserRow> {
  const user = await findCurrentUser(ctx, request);
  if (!user) throw unauthorized();
  return user;
}
