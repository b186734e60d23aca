import type { UserRow } from "@cm/db/queries/users";
import type { AppContext } from "../../context";
import { type CookieJar, readCookieText } from "./cookies";
import type { PublicUser } from "./model";
import { readSessionUser, sessionCookieName } from "./session-service";

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

/** The session id the request's cookies carry (`__Host-` prefixed in production, and only then). */
export function readSessionId(ctx: AppContext, cookie: CookieJar): string | undefined {
  return readCookieText(cookie[sessionCookieName(ctx.config.env === "production")]);
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

/** The signed-in user: one (batched) query reads the session and its user together, none for a page's own data requests. */
export async function findCurrentUser(
  ctx: AppContext,
  request: Request,
  cookie: CookieJar,
): Promise<UserRow | undefined> {
  const known = knownUsers.get(request);
  if (known !== undefined) return known ?? undefined;
  return readSessionUser(ctx.db.sql, readSessionId(ctx, cookie), Date.now(), ctx.sessions.find);
}
