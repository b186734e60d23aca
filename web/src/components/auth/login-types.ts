export interface PendingVerification {
  userId: number;
  /** Masked address the code was sent to. */
  email: string;
}

/** The code step: a 6-digit code, valid for 10 minutes, that can be sent again after a minute. */
export const CODE_LENGTH = 6;
export const CODE_VALIDITY_SECONDS = 600;
export const RESEND_AFTER_SECONDS = 60;
/** Resend stays disabled while more than this many seconds remain. */
export const RESEND_LOCKED_ABOVE = CODE_VALIDITY_SECONDS - RESEND_AFTER_SECONDS;
export const LOGIN_REDIRECT_DELAY_MS = 300;
