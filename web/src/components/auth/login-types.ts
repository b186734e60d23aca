import type { SessionUser } from "../../lib/auth-context";

/** POST /api/login answer: a code step for normal accounts, or the user at once (demo account). */
export type LoginResponse =
  | { requiresVerification: true; userId: number; email: string }
  | { requiresVerification: false; user: SessionUser };

export interface PendingVerification {
  userId: number;
  /** Masked address the code was sent to. */
  email: string;
}

/** Spec section 9 constants of the code step. */
export const CODE_LENGTH = 6;
export const CODE_VALIDITY_SECONDS = 600;
export const RESEND_AFTER_SECONDS = 60;
/** Resend stays disabled while more than this many seconds remain. */
export const RESEND_LOCKED_ABOVE = CODE_VALIDITY_SECONDS - RESEND_AFTER_SECONDS;
export const LOGIN_REDIRECT_DELAY_MS = 300;
