import { type Static, t } from "elysia";
import { BodyId, Nullable, SingleLine } from "../common-model";

/** The user shape the browser sees: nothing secret. */
export const PublicUser = t.Object({
  id: t.Integer(),
  username: t.String(),
  email: Nullable(t.String()),
  fullName: Nullable(t.String()),
  firstName: Nullable(t.String()),
  lastName: Nullable(t.String()),
  role: t.String(),
  profileImageUrl: Nullable(t.String()),
  subscriptionPlan: t.String(),
});
export type PublicUser = Static<typeof PublicUser>;

export const LoginBody = t.Object({
  username: SingleLine({ minLength: 1, maxLength: 200 }),
  password: t.String({ minLength: 1, maxLength: 1000 }),
});
export type LoginBody = Static<typeof LoginBody>;

/** A code step for normal accounts (the address masked), or the user at once (the demo account). */
export const LoginAnswer = t.Union([
  t.Object({ requiresVerification: t.Literal(true), userId: t.Integer(), email: Nullable(t.String()) }),
  t.Object({ requiresVerification: t.Literal(false), user: PublicUser }),
]);
export type LoginAnswer = Static<typeof LoginAnswer>;

export const VerifyLoginBody = t.Object({
  userId: BodyId,
  code: t.String({ minLength: 6, maxLength: 6, pattern: "^[0-9]{6}$" }),
});
export type VerifyLoginBody = Static<typeof VerifyLoginBody>;

export const ResendBody = t.Object({ userId: BodyId });
export type ResendBody = Static<typeof ResendBody>;

/** What signing in, verifying and registering answer. */
export const UserAnswer = t.Object({ user: PublicUser });
export type UserAnswer = Static<typeof UserAnswer>;

/** GET /api/auth/user. */
export const AuthState = t.Object({ authenticated: t.Boolean(), user: Nullable(PublicUser) });
export type AuthState = Static<typeof AuthState>;

export const RegisterBody = t.Object({
  email: t.String({ maxLength: 254 }),
  username: t.String({ maxLength: 40 }),
  password: t.String({ maxLength: 1000 }),
  fullName: SingleLine({ maxLength: 200 }),
  /** Accepted for the spec's payload shape; every account is made with the role "user". */
  role: t.Optional(SingleLine({ maxLength: 40 })),
  /** "free", or "premium" with the checkout's tempUserId. */
  subscriptionPlan: t.Optional(t.String({ maxLength: 40, pattern: "^[A-Za-z_]+$", error: "must be a plan name" })),
  /** The paid sign-up's id, a UUID the server made at checkout. */
  tempUserId: t.Optional(t.String({ maxLength: 64, pattern: "^[0-9A-Fa-f-]{1,64}$", error: "must be a sign-up id" })),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const UsernameCheckBody = t.Object({ username: t.String({ maxLength: 200 }) });
export type UsernameCheckBody = Static<typeof UsernameCheckBody>;

export const UsernameCheckAnswer = t.Object({ available: t.Boolean() });
export type UsernameCheckAnswer = Static<typeof UsernameCheckAnswer>;
